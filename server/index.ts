/**
 * `npm run serve` (and the second half of `npm start`): serves the live build (build/ as built, then what
 * organisers publish: server/builds/) on PORT (4173) and
 * HOST (0.0.0.0: every interface). Settings are environment variables, listed in docs/deploy.md.
 */
import type { Server } from "node:http";
import path from "node:path";
import { serve } from "@hono/node-server";
import { checkoutDataFile } from "./api/checkout";
import { audit } from "./api/admin/accounts";
import { createApp } from "./app";
import { Publisher } from "./builds/publisher";
import { LiveSite } from "./builds/site";
import { configOrExit, REPO } from "./config";
import { startForms } from "./start";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const config = configOrExit();

/** Limits against slow or greedy clients (a proxy in front may set tighter ones). */
const SERVER_LIMITS = {
  /** The request line and headers must arrive within this (slowloris). */
  headersTimeoutMs: 10_000,
  /** The whole request, body included. */
  requestTimeoutMs: 30_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** Open connections at most (MAX_CONNECTIONS); more are refused until some close. */
  maxConnections: config.MAX_CONNECTIONS,
};

// Checkout's return URLs come from configuration only. In production (NODE_ENV=production, or a live
// key) SITE_URL is required: without it checkout is unavailable. Elsewhere the address we listen on.
if (config.STRIPE_SECRET_KEY && !config.publicUrl)
  console.warn("SITE_URL is not set: online checkout is unavailable in production until it is (docs/deploy.md).");

let runtime: Awaited<ReturnType<typeof startForms>>;
let site: LiveSite | undefined;
try {
  runtime = await startForms(config, () => checkoutDataFile(site!.current.dir));
} catch (error) {
  fail(`Cannot open the forms database: ${error instanceof Error ? error.message : String(error)}`);
}

// The build to serve (issue 31): build/ as `npm run build` left it, or a build published since.
const store = {
  db: runtime.database.db,
  dir: config.buildsDir,
  shared: runtime.database.driver === "postgres",
};
try {
  site = await LiveSite.open({ store, deployDir: path.join(REPO, "build"), pollMs: config.PUBLISH_POLL_MS });
} catch (error) {
  await runtime.close();
  fail(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
}
const publisher = new Publisher({
  site,
  store,
  repo: REPO,
  env: config.buildEnv,
  push: config.CONTENT_GIT_REMOTE ? { remote: config.CONTENT_GIT_REMOTE, contentDir: config.CONTENT_DIR } : undefined,
  audit: (entry) => audit(runtime.database.db, entry),
  log: (line) => console.log(line),
});

// Pictures go beside the content, in the same working copy (content/ and public/images/ of one repository).
const imagesDir = path.join(path.dirname(config.CONTENT_DIR), "public", "images");
const builtImages = path.join(REPO, "public", "images");
/**
 * The build's image step, so a new picture is in the manifest that checks a save naming it; with the build's
 * environment, never the server's secrets. Loaded when first run, after an upload (the editor's tools, sharp).
 */
const makeImages = async () => (await import("./content/images")).runImageStep(REPO, config.buildEnv);

let app;
try {
  app = createApp({
    site,
    publisher,
    trustProxy: config.TRUST_PROXY,
    siteUrl: config.publicUrl,
    checkout: {
      secretKey: config.STRIPE_SECRET_KEY,
      apiUrl: config.STRIPE_API_URL,
      webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    },
    forms: runtime.forms,
    database: runtime.database,
    admin: {
      signInLimit: config.ADMIN_SIGNIN_LIMIT,
      canMail: Boolean(config.SMTP_URL),
      content: {
        copy: { dir: config.CONTENT_DIR, imageManifest: path.join(REPO, ".generated", "images.json") },
        images: { dir: imagesDir, afterUpload: imagesDir === builtImages ? makeImages : undefined },
        liveCommit: () => site?.current.info?.commit ?? null,
      },
    },
  });
} catch (error) {
  fail(`Cannot start: ${error instanceof Error ? error.message : String(error)}`);
}

const { PORT: port, HOST: hostname, shownHost } = config;
const server = serve({ fetch: app.fetch, port, hostname }, (info) => {
  console.log(`TNCC site: http://${shownHost}:${info.port}`);
}) as Server;
server.headersTimeout = SERVER_LIMITS.headersTimeoutMs;
server.requestTimeout = SERVER_LIMITS.requestTimeoutMs;
server.keepAliveTimeout = SERVER_LIMITS.keepAliveTimeoutMs;
server.maxConnections = SERVER_LIMITS.maxConnections;

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
  publisher.stop();
  site?.stop();
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
