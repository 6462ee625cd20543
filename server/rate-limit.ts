/** A fixed-window request limit per client address, kept in memory (one process). */
import type { Context, MiddlewareHandler } from "hono";
import { NO_STORE } from "./http-policy";

export interface RateLimitOptions {
  /** Requests allowed per window and client. */
  max: number;
  windowMs: number;
  /** The client's key (its address). */
  key: (c: Context) => string;
  now?: () => number;
}

/** Keys kept at most; past that the oldest window is dropped, so a flood of addresses cannot grow memory. */
const MAX_KEYS = 10_000;

export function rateLimit({ max, windowMs, key, now = Date.now }: RateLimitOptions): MiddlewareHandler {
  const windows = new Map<string, { start: number; count: number }>();
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
    if (++w.count > max) {
      const retry = Math.max(1, Math.ceil((w.start + windowMs - t) / 1000));
      return c.json({ error: "Too many requests: try again in a moment." }, 429, {
        "Retry-After": String(retry),
        "Cache-Control": NO_STORE,
      });
    }
    await next();
  };
}

export interface MissLimit {
  /**
   * The answer to an unknown secret: `notFound` (the miss counted against the client), or 429 with Retry-After
   * once the client named `max` unknown secrets in the window.
   */
  unknown(c: Context, key: string, notFound: () => Response): Response;
}

/**
 * A limit on misses only: a client that names more than `max` unknown secrets in a window is refused (429) for
 * unknown secrets until the window ends; one that names its own as often as it likes is never counted. Look the
 * secret up first and call `unknown` only when it is: many people share one address (a conference's Wi-Fi), so a
 * known secret is always answered.
 */
export function missLimit({ max, windowMs, now = Date.now }: Omit<RateLimitOptions, "key">): MissLimit {
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string) => {
    const w = windows.get(key);
    if (w && now() - w.start < windowMs) return w;
    windows.delete(key);
    return undefined;
  };
  return {
    unknown(c, key, notFound) {
      const w = current(key);
      if (w && w.count >= max)
        return c.json({ error: "Too many requests: try again in a moment." }, 429, {
          "Retry-After": String(Math.max(1, Math.ceil((w.start + windowMs - now()) / 1000))),
          "Cache-Control": NO_STORE,
        });
      if (w) w.count++;
      else {
        if (windows.size >= MAX_KEYS) windows.delete(windows.keys().next().value as string);
        windows.set(key, { start: now(), count: 1 });
      }
      return notFound();
    },
  };
}
