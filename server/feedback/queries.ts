/**
 * Session ratings (issue 63, migration 026): one row per session and rater, the rater kept only as the SHA-256
 * of the random key its browser holds, so a second rating from the same phone replaces the first. Nothing
 * else of the rater is stored: no address, no account. Raw SQL over the migration's tables.
 */
import { sql } from "drizzle-orm";
import type { Rating } from "../../app/lib/feedback/rating";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { secretHash } from "../secret";

/** Whether an organiser turned feedback off for the session (session_feedback.off). */
export async function feedbackOff(db: Db, session: number): Promise<boolean> {
  const [row] = rowsOf<{ off: boolean }>(
    await db.execute(sql`SELECT off FROM session_feedback WHERE session_number = ${session}`),
  );
  return row?.off ?? false;
}

export interface RatingToSave {
  session: number;
  rating: Rating;
  at: number;
}
/** "saved", "replaced" (this rater's earlier rating), or "off" (turned off meanwhile: nothing stored). */
export type SaveResult = "saved" | "replaced" | "off";

/**
 * Stores ratings in one statement (server/db/batch.ts gathers a rush's ratings into one commit), each replacing
 * its rater's earlier one for the session; none for a session whose feedback is off. Within one batch the same
 * rater and session twice keeps the later rating.
 */
export async function saveRatings(db: Db, items: readonly RatingToSave[]): Promise<SaveResult[]> {
  const keyed = items.map((item) => ({ ...item, hash: secretHash(item.rating.rater) }));
  const last = new Map(keyed.map((item) => [`${item.session}:${item.hash}`, item]));
  const rows = [...last.values()].map(
    (item) =>
      sql`(${item.session}::integer, ${item.hash}, ${item.rating.stars}::smallint, ${item.rating.comment || null}::text, ${new Date(item.at).toISOString()}::timestamptz)`,
  );
  const stored = rowsOf<{ session_number: number; rater_hash: string; replaced: boolean }>(
    await db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars, comment, rated_at)
      SELECT v.session_number, v.rater_hash, v.stars, v.comment, v.rated_at
      FROM (VALUES ${sql.join(rows, sql`, `)}) AS v (session_number, rater_hash, stars, comment, rated_at)
      WHERE NOT EXISTS (SELECT 1 FROM session_feedback f WHERE f.session_number = v.session_number AND f.off)
      ON CONFLICT (session_number, rater_hash)
      DO UPDATE SET stars = EXCLUDED.stars, comment = EXCLUDED.comment, rated_at = EXCLUDED.rated_at
      RETURNING session_number, rater_hash, (xmax <> 0) AS replaced`),
  );
  const results = new Map(stored.map((r) => [`${r.session_number}:${r.rater_hash}`, r.replaced]));
  return keyed.map((item) => {
    const replaced = results.get(`${item.session}:${item.hash}`);
    return replaced === undefined ? "off" : replaced ? "replaced" : "saved";
  });
}

/** The number of ratings a session has (the tests and the bench). */
export async function ratingCount(db: Db, session?: number): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(
    await db.execute(
      session === undefined
        ? sql`SELECT count(*) AS n FROM session_ratings`
        : sql`SELECT count(*) AS n FROM session_ratings WHERE session_number = ${session}`,
    ),
  );
  return Number(row?.n ?? 0);
}
