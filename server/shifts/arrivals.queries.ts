/**
 * Arrivals on the day (issue 66): "I'm here" on the volunteer's page, or signing in on the door page, marks the
 * volunteer arrived on their shift; the first arrival is kept.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** How early before its start a shift takes an arrival. */
export const ARRIVE_FROM_MINUTES = 60;

/**
 * Marks `adminId` arrived at `at` on `shiftId`, or, without it, on each shift of theirs running then (from
 * ARRIVE_FROM_MINUTES before its start to its end). The shifts marked (an earlier arrival is kept); none when
 * they are on no such shift.
 */
export async function markArrived(db: Db, adminId: number, at: Date, shiftId?: number): Promise<number[]> {
  const when = at.toISOString();
  return rowsOf<{ shift_id: string | number }>(
    await db.execute(sql`
      UPDATE shift_signups u SET arrived_at = COALESCE(u.arrived_at, ${when}::timestamptz), missed = false
      FROM shifts s
      WHERE s.id = u.shift_id AND u.admin_id = ${adminId}
        AND ${shiftId === undefined ? sql`true` : sql`s.id = ${shiftId}`}
        AND ${when}::timestamptz >= s.starts_at - make_interval(mins => ${ARRIVE_FROM_MINUTES})
        AND ${when}::timestamptz < s.ends_at
      RETURNING u.shift_id`),
  ).map((r) => Number(r.shift_id));
}
