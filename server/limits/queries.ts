/**
 * Request counts kept in the database (table rate_limits, migration 001): one row per key and fixed window,
 * counted with one atomic upsert, so every server on the database counts into the same row and a restart
 * forgets nothing (issue 54). The retention purge drops windows older than a day.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { ipSalt } from "../db/settings";
import { secretHash } from "../secret";

/** Each database's salt, read once (it never changes once made). */
const salts = new WeakMap<Db, Promise<string>>();

/**
 * What is stored of a limit's key: its name as it is, the client's part (an address, an account) as a salted
 * SHA-256 (issue 61), so `rate_limits` never holds an IP address. Every limit counts through here.
 */
export async function storedKey(db: Db, key: string): Promise<string> {
  let salt = salts.get(db);
  if (!salt) {
    salt = ipSalt(db);
    salts.set(db, salt);
    salt.catch(() => salts.delete(db));
  }
  const at = key.indexOf(":");
  const [name, client] = at < 0 ? ["", key] : [key.slice(0, at + 1), key.slice(at + 1)];
  return `${name}${secretHash(`${await salt}:${client}`)}`;
}

/** Counts one request in a fixed window; `allowed` is false past `limit`, with the seconds to wait. */
export async function countRequest(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const stored = await storedKey(db, key);
  const [row] = await db.transaction(async (tx) => {
    // A count, not a record: it need not wait for the disk (a power cut loses at most the last moment's counts).
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return tx
      .insert(rateLimits)
      .values({ key: stored, windowStart: start, count: 1 })
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
  const stored = await storedKey(db, key);
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL synchronous_commit TO OFF`);
    return tx
      .insert(rateLimits)
      .values({ key: stored, windowStart: start, count: amount })
      .onConflictDoUpdate({
        target: [rateLimits.key, rateLimits.windowStart],
        set: { count: sql`${rateLimits.count} + ${amount}` },
        setWhere: sql`${rateLimits.count} + ${amount} <= ${limit}`,
      })
      .returning({ count: rateLimits.count });
  });
  return { allowed: rows.length > 0, retryAfter };
}
