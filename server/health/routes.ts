/**
 * GET /healthz, for a process manager or a load balancer (issue 32): 200 when the database answers and its
 * migrations are current, 503 otherwise; and which build this server serves (issue 31: `build`, `builtAt`).
 * No personal data.
 *
 * The rest (`commit`: the content's git commit; `database`: driver, migrations, mails waiting) only for an
 * organiser signed in, or a client on this machine (issue 39): a visitor learns nothing about the content's
 * history or the mail queue. "This machine" is the socket's peer, never Host or X-Forwarded-For (a visitor
 * writes those). Behind the trusted proxy (TRUST_PROXY) every socket is the proxy's, so there it is the client
 * the proxy names (the rightmost X-Forwarded-For) that must be on this machine; without TRUST_PROXY a request
 * that a proxy says it forwarded for someone (X-Forwarded-For, Forwarded, X-Real-IP) is not this machine's.
 */
import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { BuildInfo } from "../../app/lib/admin/publish";
import type { Database } from "../db/client";
import type { FeatureRoutes, ServerContext } from "../context";
import { databaseHealth } from "./queries";
import { NO_STORE } from "../http-policy";
import { isHttps } from "../request";
import { cookieName, sessionAdmin } from "../admin/accounts";

export interface HealthOptions {
  /** TRUST_PROXY: the socket is the proxy's; the client is the rightmost X-Forwarded-For. */
  trustProxy?: boolean;
  now?: () => number;
}

/** A database that does not answer within this is reported unreachable. */
const DATABASE_TIMEOUT_MS = 2000;

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** 127.0.0.0/8, ::1, or an IPv4-mapped 127.x address. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address)?.[1] ?? address;
  const family = isIP(plain);
  return family !== 0 && LOOPBACK.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** Whether the request comes from this machine, judged from the socket (see the top of this file). */
export function fromThisMachine(c: Context, trustProxy: boolean): boolean {
  let peer: string | undefined;
  try {
    peer = getConnInfo(c).remote.address;
  } catch {
    return false; // No socket (app.request()): nothing says where it came from.
  }
  if (!isLoopback(peer)) return false;
  const forwarded = c.req.header("x-forwarded-for");
  if (trustProxy) return isLoopback(forwarded?.split(",").pop()?.trim());
  return forwarded === undefined && !c.req.header("forwarded") && !c.req.header("x-real-ip");
}

/** A live session of an organiser who has chosen their password (the inbox's own check, server/admin/routes.ts). */
async function organiserSignedIn(c: Context, database: Database, trustProxy: boolean, now: number) {
  // The name the inbox gives the cookie here first; the other covers a proxy's HTTPS the server was not told of.
  const secure = isHttps(c, trustProxy);
  const token = getCookie(c, cookieName(secure)) ?? getCookie(c, cookieName(!secure));
  if (!token) return false;
  const who = await sessionAdmin(database.db, token, now);
  return Boolean(who && !who.mustChangePassword);
}

/** Rejects after `ms`, so that a database that does not answer cannot hold the health check. */
const deadline = (ms: number) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), ms).unref());

export function healthRoutes(
  database: Database | undefined,
  build: () => BuildInfo | null,
  options: HealthOptions = {},
): Hono {
  const app = new Hono();
  const trustProxy = options.trustProxy ?? false;
  const now = options.now ?? Date.now;
  const mayKnowMore = async (c: Context) =>
    fromThisMachine(c, trustProxy) ||
    (database !== undefined &&
      (await Promise.race([organiserSignedIn(c, database, trustProxy, now()), deadline(DATABASE_TIMEOUT_MS)]).catch(
        () => false,
      )));

  app.get("/healthz", async (c) => {
    c.header("Cache-Control", NO_STORE);
    const info = build();
    const served = { build: info?.id ?? null, builtAt: info?.builtAt ?? null };
    const more = mayKnowMore(c); // beside the database's check, so a slow database is waited for once
    const answer = async (ok: boolean, details: unknown) =>
      c.json(
        (await more) ? { ok, ...served, commit: info?.commit ?? null, database: details } : { ok, ...served },
        ok ? 200 : 503,
      );
    if (!database) return answer(true, null);
    try {
      const health = await Promise.race([databaseHealth(database), deadline(DATABASE_TIMEOUT_MS)]);
      return answer(health.migrations === "current", health);
    } catch {
      return answer(false, { reachable: false, driver: database.driver });
    }
  });
  return app;
}

/** The health check and the build's facts (issue 24). */
export const routes = (ctx: ServerContext): FeatureRoutes => ({
  site: healthRoutes(ctx.database, () => ctx.site.current.info, { trustProxy: ctx.trustProxy, now: ctx.now }),
});
