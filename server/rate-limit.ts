/**
 * Fixed-window request limits per client address. In memory (one process) as a first line against floods;
 * with `shared`, also counted in the database (server/limits/queries.ts), so every server on it counts the same
 * requests and a restart forgets none (issue 54).
 */
import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "./db/client";
import { NO_STORE } from "./http-policy";
import { batched } from "./db/batch";
import { countRequest, countRequests, type CountedRequest } from "./limits/queries";

export interface RateLimitOptions {
  /** Requests allowed per window and client. */
  max: number;
  windowMs: number;
  /** The client's key (its address). */
  key: (c: Context) => string;
  now?: () => number;
  /**
   * The database every server counts in, and the limit's name there ("sign-in", "purchase"). `batched`: the
   * requests that arrive together are counted in one statement (a rush of ratings at the end of a session).
   */
  shared?: { db: Db; name: string; batched?: boolean };
}

/** Keys kept at most; past that the oldest window is dropped, so a flood of addresses cannot grow memory. */
const MAX_KEYS = 10_000;

const tooMany = (c: Context, retryAfter: number) =>
  c.json({ error: "Too many requests: try again in a moment." }, 429, {
    "Retry-After": String(retryAfter),
    "Cache-Control": NO_STORE,
  });

export function rateLimit({ max, windowMs, key, now = Date.now, shared }: RateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
  const count = shared?.batched
    ? batched((requests: CountedRequest[]) => countRequests(shared.db, requests))
    : (r: CountedRequest) => countRequest(shared!.db, r.key, r.limit, r.windowMs, r.now);
  return async (c, next) => {
    const t = now();
    const k = key(c);
    let w = windows.get(k);
    if (!w || t - w.start >= windowMs) {
      windows.delete(k);
      if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
      w = { start: t, count: 0 };
      windows.set(k, w);
    }
    // Past the limit here is past it everywhere: refused without asking the database.
    if (++w.count > max) return tooMany(c, Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)));
    if (shared) {
      const counted = await count({ key: `${shared.name}:${k}`, limit: max, windowMs, now: t });
      if (!counted.allowed) return tooMany(c, counted.retryAfter);
    }
    await next();
  };
}

export interface MissLimit {
  /**
   * The answer to an unknown secret: `notFound` (the miss counted against the client), or 429 with Retry-After
   * once the client named `max` unknown secrets in the window.
   */
  unknown(c: Context, key: string, notFound: () => Response): Promise<Response>;
}

/**
 * A limit on misses only: a client that names more than `max` unknown secrets in a window is refused (429) for
 * unknown secrets until the window ends; one that names its own as often as it likes is never counted. Look the
 * secret up first and call `unknown` only when it is: many people share one address (a conference's Wi-Fi), so a
 * known secret is always answered. With `shared`, misses are also counted in the database, as `rateLimit` does.
 */
export function missLimit({ max, windowMs, now = Date.now, shared }: Omit<RateLimitOptions, "key">): MissLimit {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string, t: number) => {
    const w = windows.get(key);
    if (w && t - w.start < windowMs) return w;
    windows.delete(key);
    return undefined;
  };
  return {
    async unknown(c, key, notFound) {
      const t = now();
      const w = current(key, t);
      // Past the limit here is past it everywhere: refused without asking the database.
      if (w && w.count >= max) return tooMany(c, Math.max(1, Math.ceil((w.start + windowMs - t) / 1000)));
      if (w) w.count++;
      else {
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        windows.set(key, { start: t, count: 1 });
      }
      if (shared) {
        const counted = await countRequest(shared.db, `${shared.name}:${key}`, max, windowMs, t);
        if (!counted.allowed) return tooMany(c, counted.retryAfter);
      }
      return notFound();
    },
  };
}
