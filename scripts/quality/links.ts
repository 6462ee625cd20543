/** Crawls the built site through the production server and fails on any broken internal link (npm test). */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { LinkChecker, LinkState } from "linkinator";
import { createApp } from "../../server/app";
import { isMain } from "../is-main";
import { clientDir } from "./budgets";

/** Serves `dir` as the production server does and crawls it from `/`: the broken internal links, and how many were fine. */
export async function checkLinks(dir: string): Promise<{ broken: string[]; checked: number }> {
  const server = serve({ fetch: createApp({ root: dir, log: () => {} }).fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    // There is no internet here (and none needed): only this site's own links are checked.
    const result = await new LinkChecker().check({
      path: `${origin}/`,
      recurse: true,
      concurrency: 8,
      linksToSkip: async (link) => !link.startsWith(origin),
    });
    return {
      broken: result.links
        .filter((link) => link.state === LinkState.BROKEN)
        .map(
          (link) => `${link.status ?? "?"} ${link.url.replace(origin, "")} (on ${link.parent?.replace(origin, "")})`,
        ),
      checked: result.links.filter((link) => link.state === LinkState.OK).length,
    };
  } finally {
    server.close();
  }
}

if (isMain(import.meta.url)) {
  const { broken, checked } = await checkLinks(clientDir);
  if (broken.length > 0) {
    console.error(`Broken internal links (${broken.length}):\n${broken.join("\n")}`);
    process.exit(1);
  }
  console.log(`Links OK: ${checked} internal links checked, none broken.`);
  process.exit(0);
}
