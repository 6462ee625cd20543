/**
 * `npm run serve` (and the second half of `npm start`): serves build/client on PORT (4173) and
 * HOST (0.0.0.0).
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { createApp } from "./app";
import { startForms } from "./db/start";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const root = path.join(repo, "build", "client");

if (!existsSync(path.join(root, "index.html"))) {
  const shown = path.relative(process.cwd(), root);
  console.error(`${shown.startsWith("..") ? root : shown}/index.html is missing: run npm run build first.`);
  process.exit(1);
}

const port = Number(process.env.PORT ?? 4173);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`PORT must be a port number, got "${process.env.PORT}".`);
  process.exit(1);
}
const hostname = process.env.HOST || "0.0.0.0";

const checkout = {
  secretKey: process.env.STRIPE_SECRET_KEY || undefined,
  apiUrl: process.env.STRIPE_API_URL || undefined,
  siteUrl: process.env.SITE_URL || undefined,
};
let runtime: Awaited<ReturnType<typeof startForms>>;
try {
  runtime = await startForms(process.env, repo);
} catch (error) {
  console.error(`Cannot open the forms database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const server = serve({ fetch: createApp({ root, checkout, forms: runtime.forms }).fetch, port, hostname }, (info) => {
  const shown = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  console.log(`TNCC site: http://${shown}:${info.port}`);
});

server.on("error", (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === "EADDRINUSE"
      ? `Port ${port} is in use: stop the other server or set PORT.`
      : `Server error: ${error.message}`,
  );
  process.exit(1);
});

function shutdown(signal: string) {
  console.log(`${signal}: closing the server`);
  server.close(() => void runtime.close().finally(() => process.exit(0)));
  // Keep-alive connections would hold close() open.
  if ("closeIdleConnections" in server) server.closeIdleConnections();
  setTimeout(() => process.exit(0), 3000).unref();
}

process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
