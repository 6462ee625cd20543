/**
 * Request counts kept in the database (table rate_limits, migration 001): one row per key and fixed window,
 * counted with one atomic upsert, so every server on the database counts into the same row and a restart
 * forgets nothing (issue 54). The retention purge drops windows older than a day.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { rowsOf } from "../db/rows";
import { ipSalt } from "../db/settings";
import { secretHash } from "../secret";

/**
 * `SET LOCAL synchronous_commit TO OFF` as a row source: joined into a statement that runs on its own, it says the
 * statement's transaction need not wait for the disk, without a transaction of three more round trips around it.
 */
export const UNSYNCED = sql`(SELECT set_config('synchronous_commit', 'off', true)) AS unsynced`;

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
  return (await countRequests(db, [{ key, limit, windowMs, now }]))[0]!;
}

export interface CountedRequest {
  key: string;
  limit: number;
  windowMs: number;
  now: number;
}

/**
 * countRequest for many requests in one statement: a rush of them (server/db/batch.ts gathers it) shares one
 * round trip. Requests of one key and window are counted together, in their order, as one by one would be.
 */
export async function countRequests(
  db: Db,
  requests: readonly CountedRequest[],
): Promise<{ allowed: boolean; retryAfter: number }[]> {
  const keyed = await Promise.all(
    requests.map(async (r) => {
      const start = Math.floor(r.now / r.windowMs) * r.windowMs;
      const key = await storedKey(db, r.key);
      return { ...r, start, storedKey: key, stored: `${key}@${start}` };
    }),
  );
  const groups = new Map<string, { key: string; start: number; n: number }>();
  const order = keyed.map((r) => {
    const group = groups.get(r.stored) ?? { key: r.storedKey, start: r.start, n: 0 };
    groups.set(r.stored, group);
    return group.n++;
  });
  // One JSON parameter for the batch's rows (as the holds, issue 65: cheaper to send than to build).
  const rows = JSON.stringify(
    [...groups.values()].map((g) => ({ key: g.key, window_start: new Date(g.start).toISOString(), count: g.n })),
  );
  // One statement, one round trip (issue 65: a sale's opening minute counts every request). A count, not a
  // record: it need not wait for the disk (a power cut loses at most the last moment's counts), said for this
  // statement's own transaction.
  const counted = rowsOf<{ key: string; window_start: Date | string; count: number }>(
    await db.execute(sql`
      INSERT INTO rate_limits (key, window_start, count)
      SELECT v.key, v.window_start, v.count
      FROM json_to_recordset(${rows}::json) AS v (key text, window_start timestamptz, count integer), ${UNSYNCED}
      ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + EXCLUDED.count
      RETURNING key, window_start, count`),
  );
  const totals = new Map(counted.map((r) => [`${r.key}@${new Date(r.window_start).getTime()}`, Number(r.count)]));
  return keyed.map((r, i) => {
    const group = groups.get(r.stored)!;
    const count = (totals.get(r.stored) ?? group.n) - group.n + 1 + order[i]!;
    return {
      allowed: count <= r.limit,
      retryAfter: Math.max(1, Math.ceil((r.start + r.windowMs - r.now) / 1000)),
    };
  });
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
