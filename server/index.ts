/**
 * `npm run serve` (and the second half of `npm start`): serves the live build (build/ as built, then what
 * organisers publish) on PORT (4173) and HOST (0.0.0.0: every interface), and stops cleanly. What it serves is
 * built from the settings (environment variables, docs/deploy.md) by server/start.ts.
 */
import type { Server } from "node:http";
import { serve } from "@hono/node-server";
import { configOrExit } from "./config";
import { startRuntime, type Runtime } from "./start";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = configOrExit();
let runtime: Runtime;
try {
  runtime = await startRuntime(config);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}

const { PORT: port, HOST: hostname, shownHost } = config;
const server = serve({ fetch: runtime.app.fetch, port, hostname }, (info) => {
  console.log(`TNCC site: http://${shownHost}:${info.port}`);
}) as Server;
// Limits against slow or greedy clients (a proxy in front may set tighter ones): the request line and headers
// within 10 s (slowloris), the whole request within 30 s, an idle keep-alive closed after 5 s, and at most
// MAX_CONNECTIONS open connections (more are refused until some close).
server.headersTimeout = 10_000;
server.requestTimeout = 30_000;
server.keepAliveTimeout = 5_000;
server.maxConnections = config.MAX_CONNECTIONS;
server.on("error", (error: NodeJS.ErrnoException) => {
  fail(
    error.code === "EADDRINUSE"
      ? `Port ${port} is in use: stop the other server or set PORT.`
      : `Server error: ${error.message}`,
  );
});

/** How long a stop waits for requests in progress and the mail being sent (a process manager waits longer). */
const SHUTDOWN_GRACE_MS = 20_000;

/**
 * SIGTERM / SIGINT: no new connections; requests in progress and the mail being sent finish (up to 20 s);
 * then the database is closed (the embedded PostgreSQL writes a checkpoint and stops) and the process exits.
 */
let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing requests in progress, then closing (at most ${SHUTDOWN_GRACE_MS / 1000} s)`);
  runtime.stop();
  const closeAll = async (code: number) => {
    await runtime.close().catch((error: unknown) => console.error(`closing the database: ${String(error)}`));
    process.exit(code);
  };
  server.close(() => void closeAll(0));
  // A keep-alive connection holds close() open once its request is answered: close each as it goes idle.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 200).unref();
  setTimeout(() => {
    console.error(`${signal}: requests still open after ${SHUTDOWN_GRACE_MS / 1000} s: closing them`);
    server.closeAllConnections();
    void closeAll(1);
  }, SHUTDOWN_GRACE_MS).unref();
}

process.once("SIGINT", () => shutdown("SIGINT"));
process.once("SIGTERM", () => shutdown("SIGTERM"));
