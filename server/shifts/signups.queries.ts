/**
 * A volunteer's own shifts (issue 66): signing up (one transaction: the shift's row locked, then the person's, so
 * twenty people tapping the last place on any number of servers are counted one at a time), giving back before
 * the cut-off, the roles they chose, the times they cannot come, their calendar feed's secret.
 */
import { sql } from "drizzle-orm";
import type { Shift, VolunteerAnswer } from "../../app/api/admin/shifts";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { newSecret, secretHash } from "../secret";
import { inZone } from "./event";
import { listRoles, listShifts } from "./read.queries";
import { cancelReminders, scheduleReminders } from "./reminders";

const overlaps = (a: { startsAt: string; endsAt: string }, b: { startsAt: string; endsAt: string }) =>
  Date.parse(a.startsAt) < Date.parse(b.endsAt) && Date.parse(b.startsAt) < Date.parse(a.endsAt);

export interface Me {
  adminId: number;
  name: string;
}

/** What the volunteer's page shows: theirs (not over yet), the open ones they could take, their blockouts. */
export async function volunteerView(
  db: Db,
  me: Me,
  zone: string,
  now: Date,
  giveBackHours: number,
): Promise<Omit<VolunteerAnswer, "timeZone" | "days">> {
  const [roles, shifts, choices, blockouts, missed] = await Promise.all([
    listRoles(db),
    listShifts(db, zone, now, { endingAfter: now }),
    db.execute(sql`SELECT role_id FROM volunteer_role_choices WHERE admin_id = ${me.adminId} ORDER BY role_id`),
    listBlockouts(db, me.adminId, zone),
    db.execute(sql`SELECT count(*) AS n FROM shift_signups WHERE admin_id = ${me.adminId} AND missed`),
  ]);
  const roleIds = rowsOf<{ role_id: string | number }>(choices).map((r) => Number(r.role_id));
  const cutOff = now.getTime() + giveBackHours * 3_600_000;
  const mine = shifts
    .filter((s) => s.people.some((p) => p.adminId === me.adminId))
    .map(({ people, ...s }) => ({
      ...s,
      arrivedAt: people.find((p) => p.adminId === me.adminId)!.arrivedAt,
      canGiveBack: Date.parse(s.startsAt) > cutOff,
    }));
  // Shifts during a time they cannot come are left out: they said they cannot come then.
  const open: Shift[] = shifts
    .filter(
      (s) =>
        Date.parse(s.startsAt) > now.getTime() &&
        s.filled < s.needed &&
        (roleIds.length === 0 || roleIds.includes(s.roleId)) &&
        !mine.some((m) => m.id === s.id || overlaps(m, s)) &&
        !blockouts.some((b) => overlaps(b, s)),
    )
    .map(({ people: _people, ...s }) => s);
  const [count] = rowsOf<{ n: string | number }>(missed);
  return {
    me: { adminId: me.adminId, name: me.name, roleIds, missed: Number(count?.n ?? 0) },
    roles,
    mine,
    open,
    blockouts,
    giveBackHours,
  };
}

export type SignUpResult =
  { kind: "done" | "already" } | { kind: "missing" | "started" | "full" } | { kind: "overlap"; other: Shift };

/**
 * Signs `adminId` up for `shiftId` in one transaction: the shift's row locked (FOR UPDATE), so the count of its
 * people is the committed one; the person's row locked too, so two of their own taps on two shifts at the same
 * time cannot both pass the overlap check; the reminders added in the same transaction.
 */
export async function signUp(db: Db, shiftId: number, adminId: number, now: Date, zone: string): Promise<SignUpResult> {
  return db.transaction(async (tx) => {
    const [shift] = rowsOf<{ starts_at: Date | string; ends_at: Date | string; needed: number }>(
      await tx.execute(sql`SELECT starts_at, ends_at, needed FROM shifts WHERE id = ${shiftId} FOR UPDATE`),
    );
    if (!shift) return { kind: "missing" };
    await tx.execute(sql`SELECT id FROM admins WHERE id = ${adminId} FOR UPDATE`);
    const [state] = rowsOf<{ filled: string | number; mine: boolean }>(
      await tx.execute(sql`
        SELECT count(*) AS filled, bool_or(admin_id = ${adminId}) AS mine FROM shift_signups WHERE shift_id = ${shiftId}`),
    );
    if (state?.mine) return { kind: "already" };
    if (new Date(shift.starts_at) <= now) return { kind: "started" };
    if (Number(state?.filled ?? 0) >= Number(shift.needed)) return { kind: "full" };
    const [clash] = rowsOf<{ id: string | number }>(
      await tx.execute(sql`
        SELECT s.id FROM shift_signups u JOIN shifts s ON s.id = u.shift_id
        WHERE u.admin_id = ${adminId} AND s.starts_at < ${new Date(shift.ends_at).toISOString()}::timestamptz
          AND s.ends_at > ${new Date(shift.starts_at).toISOString()}::timestamptz
        ORDER BY s.starts_at LIMIT 1`),
    );
    if (clash) {
      const [other] = await listShifts(tx, zone, now, { ids: [Number(clash.id)] });
      return { kind: "overlap", other: other! };
    }
    await tx.execute(sql`INSERT INTO shift_signups (shift_id, admin_id) VALUES (${shiftId}, ${adminId})`);
    await scheduleReminders(tx, shiftId, adminId);
    return { kind: "done" };
  });
}

/** Gives a shift back: only their own, only before the cut-off (`giveBackHours` before its start). */
export async function giveBack(
  db: Db,
  shiftId: number,
  adminId: number,
  now: Date,
  giveBackHours: number,
): Promise<"done" | "missing" | "too-late"> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ starts_at: Date | string }>(
      await tx.execute(sql`
        SELECT s.starts_at FROM shift_signups u JOIN shifts s ON s.id = u.shift_id
        WHERE u.shift_id = ${shiftId} AND u.admin_id = ${adminId} FOR UPDATE OF u`),
    );
    if (!row) return "missing";
    if (new Date(row.starts_at).getTime() - giveBackHours * 3_600_000 <= now.getTime()) return "too-late";
    await tx.execute(sql`DELETE FROM shift_signups WHERE shift_id = ${shiftId} AND admin_id = ${adminId}`);
    await cancelReminders(tx, shiftId, adminId);
    return "done";
  });
}

/** Replaces the roles they will do; false when one of them is not (any more) a role. */
export async function chooseRoles(db: Db, adminId: number, roleIds: number[]): Promise<boolean> {
  const ids = [...new Set(roleIds)];
  return db.transaction(async (tx) => {
    const [known] = rowsOf<{ n: string | number }>(
      await tx.execute(sql`
        SELECT count(*) AS n FROM volunteer_roles WHERE id = ANY(${`{${ids.join(",")}}`}::bigint[])`),
    );
    if (Number(known?.n ?? 0) !== ids.length) return false;
    await tx.execute(sql`DELETE FROM volunteer_role_choices WHERE admin_id = ${adminId}`);
    if (ids.length)
      await tx.execute(sql`
        INSERT INTO volunteer_role_choices (admin_id, role_id)
        SELECT ${adminId}, unnest(${`{${ids.join(",")}}`}::bigint[])`);
    return true;
  });
}

export async function listBlockouts(db: Db, adminId: number, zone: string): Promise<VolunteerAnswer["blockouts"]> {
  return rowsOf<{ id: string | number; starts_at: Date | string; ends_at: Date | string; note: string }>(
    await db.execute(sql`
      SELECT id, starts_at, ends_at, note FROM volunteer_blockouts WHERE admin_id = ${adminId} ORDER BY starts_at, id`),
  ).map((b) => ({
    id: Number(b.id),
    startsAt: inZone(b.starts_at, zone),
    endsAt: inZone(b.ends_at, zone),
    note: b.note,
  }));
}

export async function addBlockout(db: Db, adminId: number, startsAt: string, endsAt: string, note: string) {
  const [row] = rowsOf<{ id: string | number }>(
    await db.execute(sql`
      INSERT INTO volunteer_blockouts (admin_id, starts_at, ends_at, note)
      VALUES (${adminId}, ${startsAt}::timestamptz, ${endsAt}::timestamptz, ${note}) RETURNING id`),
  );
  return Number(row!.id);
}

/** Removes one of their own blockouts; false when it is not theirs (or not there). */
export async function removeBlockout(db: Db, adminId: number, id: number): Promise<boolean> {
  return (
    rowsOf(
      await db.execute(sql`DELETE FROM volunteer_blockouts WHERE id = ${id} AND admin_id = ${adminId} RETURNING id`),
    ).length > 0
  );
}

/** A new calendar feed secret for them; the old link works no more. */
export async function newFeed(db: Db, adminId: number): Promise<string> {
  const token = newSecret();
  await db.execute(sql`
    INSERT INTO volunteer_feeds (admin_id, secret_hash) VALUES (${adminId}, ${secretHash(token)})
    ON CONFLICT (admin_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash, created_at = now()`);
  return token;
}

/** Whose feed a secret opens, or null. */
export async function feedOwner(db: Db, token: string): Promise<number | null> {
  const [row] = rowsOf<{ admin_id: string | number }>(
    await db.execute(sql`SELECT admin_id FROM volunteer_feeds WHERE secret_hash = ${secretHash(token)}`),
  );
  return row ? Number(row.admin_id) : null;
}
