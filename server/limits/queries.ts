/**
 * Request counts kept in the database (table rate_limits, migration 001): one row per key and fixed window,
 * counted with one atomic upsert, so every server on the database counts into the same row and a restart
 * forgets nothing (issue 54). The retention purge drops windows older than a day.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";

/** Counts one request in a fixed window; `allowed` is false past `limit`, with the seconds to wait. */
export async function countRequest(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db.transaction(async (tx) => {
    // A count, not a record: it need not wait for the disk (a power cut loses at most the last moment's counts).
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return tx
      .insert(rateLimits)
      .values({ key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + 1` },
      })
      .returning({ count: rateLimits.count });
  });
  const allowed = (row?.count ?? 1) <= limit;
  return { allowed, retryAfter: Math.max(1, Math.ceil((start.getTime() + windowMs - now) / 1000)) };
}

/**
 * Spends `amount` from a fixed window's budget of `limit` (a batch of door scans counts each scan): one atomic
 * conditional upsert, so servers spending at once never pass the limit together. A refused amount is not spent;
 * `allowed` says whether it was, with the seconds left in the window.
 */
export async function spendBudget(
  db: Db,
  key: string,
  amount: number,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const retryAfter = Math.max(1, Math.ceil((start.getTime() + windowMs - now) / 1000));
  if (amount > limit) return { allowed: false, retryAfter };
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return tx
      .insert(rateLimits)
      .values({ key, windowStart: start, count: amount })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + ${amount}` },
        setWhere: sql`${rateLimits.count} + ${amount} <= ${limit}`,
      })
      .returning({ count: rateLimits.count });
  });
  return { allowed: rows.length > 0, retryAfter };
}
