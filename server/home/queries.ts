/** What the organisers' home reads from the database: what is waiting, per form. */
import { inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { submissions } from "../db/schema";
import { rowsOf } from "../db/rows";

/** Submissions not yet seen to, per form: "new" ones, and "pending" comments. */
export async function waitingByKind(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ kind: submissions.kind, count: sql<number>`count(*)::int` })
    .from(submissions)
    .where(inArray(submissions.status, ["new", "pending"]))
    .groupBy(submissions.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.count)]));
}

/** Issue 66: the soonest shift not yet ended at `now` that is short of people, and how many such shifts there are. */
export async function nextGap(db: Db, now: Date) {
  const [row] = rowsOf<{
    starts_at: Date | string;
    ends_at: Date | string;
    needed: number;
    place: string;
    role: string;
    filled: string | number;
    gaps: string | number;
  }>(
    await db.execute(sql`
      SELECT g.*, count(*) OVER () AS gaps FROM (
        SELECT s.id, s.starts_at, s.ends_at, s.needed, p.name AS place, r.name AS role, count(u.admin_id) AS filled
        FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
          LEFT JOIN shift_signups u ON u.shift_id = s.id
        WHERE s.ends_at > ${now.toISOString()}::timestamptz
        GROUP BY s.id, p.name, r.name
        HAVING count(u.admin_id) < s.needed) g
      ORDER BY g.starts_at, g.id LIMIT 1`),
  );
  return row
    ? {
        place: row.place,
        role: row.role,
        startsAt: new Date(row.starts_at),
        endsAt: new Date(row.ends_at),
        filled: Number(row.filled),
        needed: Number(row.needed),
        gaps: Number(row.gaps),
      }
    : null;
}
