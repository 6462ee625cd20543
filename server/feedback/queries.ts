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

/** Stores a rating, replacing this rater's earlier one for the session; true when it replaced one. */
export async function saveRating(db: Db, session: number, rating: Rating, now: number): Promise<boolean> {
  const [row] = rowsOf<{ replaced: boolean }>(
    await db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars, comment, rated_at)
      VALUES (${session}, ${secretHash(rating.rater)}, ${rating.stars}, ${rating.comment || null},
              ${new Date(now).toISOString()})
      ON CONFLICT (session_number, rater_hash)
      DO UPDATE SET stars = EXCLUDED.stars, comment = EXCLUDED.comment, rated_at = EXCLUDED.rated_at
      RETURNING (xmax <> 0) AS replaced`),
  );
  return row?.replaced ?? false;
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
