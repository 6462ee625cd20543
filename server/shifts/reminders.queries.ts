/**
 * The reminders' and notices' SQL (issue 66): a shift's times and people, who a job mails, the notices sent
 * (each once), the free volunteers of a role, missing marked. Called by ./reminders.ts and ./jobs.ts.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

export interface ShiftFacts {
  startsAt: Date;
  endsAt: Date;
  needed: number;
  filled: number;
  roleId: number;
  place: string;
  role: string;
}

interface ShiftRow {
  starts_at: Date | string;
  ends_at: Date | string;
  needed: number;
  role_id: string | number;
  place: string;
  role: string;
  filled: string | number;
}

const facts = (r: ShiftRow): ShiftFacts => ({
  startsAt: new Date(r.starts_at),
  endsAt: new Date(r.ends_at),
  needed: Number(r.needed),
  filled: Number(r.filled),
  roleId: Number(r.role_id),
  place: r.place,
  role: r.role,
});

const shiftSelect = (shiftId: number) => sql`
  SELECT s.starts_at, s.ends_at, s.needed, s.role_id, p.name AS place, r.name AS role,
    (SELECT count(*) FROM shift_signups c WHERE c.shift_id = s.id) AS filled
  FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
  WHERE s.id = ${shiftId}`;

/** A shift's place, role, times and people (none when there is no such shift). */
export async function shiftFacts(db: Db, shiftId: number): Promise<ShiftFacts | null> {
  const [row] = rowsOf<ShiftRow>(await db.execute(shiftSelect(shiftId)));
  return row ? facts(row) : null;
}

/** Who is on a shift. */
export async function shiftPeople(db: Db, shiftId: number): Promise<number[]> {
  return rowsOf<{ admin_id: string | number }>(
    await db.execute(sql`SELECT admin_id FROM shift_signups WHERE shift_id = ${shiftId} ORDER BY admin_id`),
  ).map((r) => Number(r.admin_id));
}

/**
 * A person on a shift and the shift, or null when they are not on it (given back, removed). Their sign-up is held
 * (FOR SHARE) until the caller's transaction ends: a give-back at the same moment waits, or was first.
 */
export async function signedUp(tx: Db, shiftId: number, adminId: number) {
  const [row] = rowsOf<ShiftRow & { email: string; name: string | null }>(
    await tx.execute(sql`
      SELECT s.*, a.email, a.display_name AS name FROM (${shiftSelect(shiftId)}) s
      JOIN shift_signups u ON u.shift_id = ${shiftId} AND u.admin_id = ${adminId}
      JOIN admins a ON a.id = u.admin_id
      FOR SHARE OF u`),
  );
  return row ? { shift: facts(row), email: row.email, name: row.name } : null;
}

/**
 * Records a notice (`kind` about the start `startsAt`); true when it is the first, then the caller queues its mail
 * in the same transaction. A second caller waits for the first's commit and gets false.
 */
export async function firstNotice(
  tx: Db,
  shiftId: number,
  adminId: number,
  kind: "evening" | "hour" | "moved" | "gap",
  startsAt: Date,
): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      INSERT INTO shift_notices_sent (shift_id, admin_id, kind, starts_at)
      VALUES (${shiftId}, ${adminId}, ${kind}, ${startsAt.toISOString()}::timestamptz)
      ON CONFLICT DO NOTHING RETURNING shift_id`),
  );
  return rows.length > 0;
}

/**
 * Who chose the role `roleId`, is on no shift overlapping `from`–`until` (the shift itself included) and has no
 * blockout then.
 */
export async function freeVolunteers(db: Db, roleId: number, from: Date, until: Date) {
  const a = from.toISOString();
  const b = until.toISOString();
  return rowsOf<{ id: string | number; email: string; name: string | null }>(
    await db.execute(sql`
      SELECT a.id, a.email, a.display_name AS name FROM admins a
      JOIN volunteer_role_choices c ON c.admin_id = a.id AND c.role_id = ${roleId}
      WHERE NOT EXISTS (
          SELECT 1 FROM shift_signups u JOIN shifts o ON o.id = u.shift_id
          WHERE u.admin_id = a.id AND o.starts_at < ${b}::timestamptz AND o.ends_at > ${a}::timestamptz)
        AND NOT EXISTS (
          SELECT 1 FROM volunteer_blockouts k
          WHERE k.admin_id = a.id AND k.starts_at < ${b}::timestamptz AND k.ends_at > ${a}::timestamptz)
      ORDER BY a.id`),
  ).map((r) => ({ id: Number(r.id), email: r.email, name: r.name }));
}

/** Those on a shift ending at `endsAt` (still its end) with no arrival: marked missed; answers how many. */
export async function markMissed(db: Db, shiftId: number, endsAt: Date): Promise<number> {
  return rowsOf(
    await db.execute(sql`
      UPDATE shift_signups u SET missed = true FROM shifts s
      WHERE s.id = u.shift_id AND u.shift_id = ${shiftId} AND u.arrived_at IS NULL AND NOT u.missed
        AND s.ends_at = ${endsAt.toISOString()}::timestamptz
      RETURNING u.admin_id`),
  ).length;
}

/**
 * The shifts not yet ended at `now` that an account is on, each with its people but them (a removed account's
 * sign-ups go with it: ON DELETE CASCADE).
 */
export async function shiftsOfAccount(db: Db, adminId: number, now: Date) {
  return rowsOf<{ id: string | number } & ShiftRow>(
    await db.execute(sql`
      SELECT s.id, s.starts_at, s.ends_at, s.needed, s.role_id, p.name AS place, r.name AS role,
        (SELECT count(*) FROM shift_signups c WHERE c.shift_id = s.id AND c.admin_id <> ${adminId}) AS filled
      FROM shift_signups u JOIN shifts s ON s.id = u.shift_id
        JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
      WHERE u.admin_id = ${adminId} AND s.ends_at > ${now.toISOString()}::timestamptz
      ORDER BY s.starts_at, s.id`),
  ).map((r) => ({ id: Number(r.id), ...facts(r) }));
}
