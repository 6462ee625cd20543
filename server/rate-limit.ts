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
