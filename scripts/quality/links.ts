/** Crawls the built site through the production server and fails on any broken internal link (npm test). */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { LinkChecker, LinkState } from "linkinator";
import { createApp } from "../../server/app";
import { clientDir } from "./budgets";

const server = serve({ fetch: createApp({ root: clientDir, log: () => {} }).fetch, port: 0, hostname: "127.0.0.1" });
await new Promise((resolve) => server.once("listening", resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

// There is no internet here (and none needed): only this site's own links are checked.
const checker = new LinkChecker();
const result = await checker.check({
  path: `${origin}/`,
  recurse: true,
  concurrency: 8,
  linksToSkip: async (link) => !link.startsWith(origin),
});
server.close();

const broken = result.links.filter((link) => link.state === LinkState.BROKEN);
if (broken.length > 0) {
  console.error(
    `Broken internal links (${broken.length}):\n${broken
      .map((link) => `${link.status ?? "?"} ${link.url.replace(origin, "")} (on ${link.parent?.replace(origin, "")})`)
      .join("\n")}`,
  );
  process.exit(1);
}
const checked = result.links.filter((link) => link.state === LinkState.OK).length;
console.log(`Links OK: ${checked} internal links checked, none broken.`);
process.exit(0);
