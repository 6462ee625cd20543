/**
 * The feedback summary's SQL (issue 63, item 4), on session_ratings and session_feedback (migration 026): the
 * figures per session in one grouped scan (the primary key leads with session_number), the comments that may be
 * shown, the organisers' switches, the ratings of one day. Shaped for people in ./summary.ts.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** `session_number IN (…)`, or no condition at all for every session. */
const among = (column: SQL, sessions: readonly number[] | undefined) =>
  sessions === undefined
    ? sql`true`
    : sessions.length
      ? sql`${column} = ANY(ARRAY[${sql.join(
          sessions.map((n) => sql`${n}`),
          sql`, `,
        )}]::int[])`
      : sql`false`;

export interface FiguresRow {
  session: number;
  s1: number;
  s2: number;
  s3: number;
  s4: number;
  s5: number;
  /** Ratings that carry a comment. */
  comments: number;
}

/** Per session rated: how many gave 1 to 5 stars, and how many wrote a comment. */
export async function figuresBySession(db: Db, sessions?: readonly number[]): Promise<FiguresRow[]> {
  return rowsOf<FiguresRow>(
    await db.execute(sql`
      SELECT session_number AS session,
        count(*) FILTER (WHERE stars = 1)::int AS s1, count(*) FILTER (WHERE stars = 2)::int AS s2,
        count(*) FILTER (WHERE stars = 3)::int AS s3, count(*) FILTER (WHERE stars = 4)::int AS s4,
        count(*) FILTER (WHERE stars = 5)::int AS s5,
        count(*) FILTER (WHERE comment IS NOT NULL AND btrim(comment) <> '')::int AS comments
      FROM session_ratings WHERE ${among(sql`session_number`, sessions)}
      GROUP BY session_number`),
  );
}

export interface CommentRow {
  session: number;
  stars: number;
  text: string;
}

/**
 * The comments that may be shown, newest first per session: never those of a session whose comments are hidden;
 * with `toSpeaker`, only those an organiser let through to the speaker.
 */
export async function visibleComments(
  db: Db,
  { sessions, toSpeaker }: { sessions?: readonly number[]; toSpeaker: boolean },
): Promise<CommentRow[]> {
  return rowsOf<CommentRow>(
    await db.execute(sql`
      SELECT r.session_number AS session, r.stars, r.comment AS text
      FROM session_ratings r LEFT JOIN session_feedback f ON f.session_number = r.session_number
      WHERE ${among(sql`r.session_number`, sessions)}
        AND r.comment IS NOT NULL AND btrim(r.comment) <> ''
        AND NOT coalesce(f.comments_hidden, false)
        AND (${!toSpeaker}::boolean OR coalesce(f.comments_to_speaker, false))
      ORDER BY r.session_number, r.rated_at DESC`),
  );
}

export interface SwitchesRow {
  session: number;
  off: boolean;
  commentsHidden: boolean;
  commentsToSpeaker: boolean;
  /** The organiser's address, and the name they gave if their account is still there. */
  changedBy: string;
  changedByName: string | null;
  changedAt: Date;
}

/** The switches an organiser has set, per session (a session never switched has no row: all off). */
export async function switchesBySession(db: Db): Promise<SwitchesRow[]> {
  return rowsOf<SwitchesRow>(
    await db.execute(sql`
      SELECT f.session_number AS session, f.off, f.comments_hidden AS "commentsHidden",
        f.comments_to_speaker AS "commentsToSpeaker", f.changed_by AS "changedBy",
        (SELECT a.display_name FROM admins a WHERE lower(a.email) = lower(f.changed_by) LIMIT 1) AS "changedByName",
        f.changed_at AS "changedAt"
      FROM session_feedback f`),
  ).map((r) => ({ ...r, changedAt: new Date(r.changedAt) }));
}

/** Changes the switches given (the others stay as they are), with who changed them and when. */
export async function setSwitches(
  db: Db,
  session: number,
  change: { off?: boolean | undefined; commentsHidden?: boolean | undefined; commentsToSpeaker?: boolean | undefined },
  by: string,
  at: Date,
): Promise<void> {
  const off = change.off ?? null;
  const hidden = change.commentsHidden ?? null;
  const toSpeaker = change.commentsToSpeaker ?? null;
  await db.execute(sql`
    INSERT INTO session_feedback (session_number, off, comments_hidden, comments_to_speaker, changed_by, changed_at)
    VALUES (${session}, coalesce(${off}::boolean, false), coalesce(${hidden}::boolean, false),
      coalesce(${toSpeaker}::boolean, false), ${by}, ${at.toISOString()}::timestamptz)
    ON CONFLICT (session_number) DO UPDATE SET
      off = coalesce(${off}::boolean, session_feedback.off),
      comments_hidden = coalesce(${hidden}::boolean, session_feedback.comments_hidden),
      comments_to_speaker = coalesce(${toSpeaker}::boolean, session_feedback.comments_to_speaker),
      changed_by = excluded.changed_by, changed_at = excluded.changed_at`);
}

export interface RatingRow {
  session: number;
  stars: number;
  /** Null where the session's comments are hidden. */
  comment: string | null;
  ratedAt: Date;
}

/** Every rating, for the CSV: by session, oldest first; the comment left out where comments are hidden. */
export async function allRatings(db: Db): Promise<RatingRow[]> {
  return rowsOf<RatingRow>(
    await db.execute(sql`
      SELECT r.session_number AS session, r.stars,
        CASE WHEN coalesce(f.comments_hidden, false) THEN NULL ELSE r.comment END AS comment,
        r.rated_at AS "ratedAt"
      FROM session_ratings r LEFT JOIN session_feedback f ON f.session_number = r.session_number
      ORDER BY r.session_number, r.rated_at`),
  ).map((r) => ({ ...r, ratedAt: new Date(r.ratedAt) }));
}

/** Ratings given from `from` (inclusive) to `to` (exclusive). */
export async function ratingsBetween(db: Db, from: Date, to: Date): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM session_ratings
      WHERE rated_at >= ${from.toISOString()}::timestamptz AND rated_at < ${to.toISOString()}::timestamptz`),
  );
  return Number(row?.n ?? 0);
}
