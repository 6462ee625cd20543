/**
 * The organisers' overview (issue 66, items 4 and 5): finding a stand-in by name (at most ten, never a list of
 * everyone) with what keeps them busy at a shift's time, putting someone on a shift or taking them off (the
 * shift's row locked as a sign-up locks it; an overlap refused unless an organiser gives a reason, audited), the
 * CSV of the plan, and the door's shift of the volunteer signing in.
 */
import { sql } from "drizzle-orm";
import type { FoundVolunteer } from "../../app/api/admin/shifts";
import { roleLabel, type AdminRole } from "../../app/forms/admin";
import { eventDay } from "../../app/lib/schedule/changes";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { queueMail } from "../mail/queries";
import { audit } from "../admin/audit/queries";
import { nameOf, type SessionAdmin } from "../admin/accounts/queries";
import { toCsv } from "../csv";
import { inZone } from "./event";
import { listShifts, type ShiftWithPeople } from "./read.queries";
import { cancelReminders, scheduleReminders } from "./reminders";

/** At most this many accounts answer a search. */
export const MAX_FOUND = 10;

export type { FoundVolunteer };

/** "Door 1 (Door), Thu 24 Oct 08:00–12:00": a shift as people name it. */
export function shiftWords(s: { place: string; role: string; startsAt: string; endsAt: string }): string {
  return `${s.place} (${s.role}), ${eventDay(s.startsAt)} ${s.startsAt.slice(11, 16)}–${s.endsAt.slice(11, 16)}`;
}

interface FoundRow {
  id: string | number;
  email: string;
  name: string | null;
  role: AdminRole;
  roles: string[] | null;
  missed: string | number;
  on_shift: boolean;
  busy_shifts: { place: string; role: string; startsAt: string; endsAt: string }[] | null;
  blockouts: { startsAt: string; endsAt: string; note: string }[] | null;
}

/** Accounts whose name or address holds `q`, at most MAX_FOUND; with `shiftId`, whether they are busy then. */
export async function findVolunteers(db: Db, zone: string, q: string, shiftId?: number): Promise<FoundVolunteer[]> {
  const like = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const shift = shiftId === undefined ? sql`NULL::bigint` : sql`${shiftId}::bigint`;
  const rows = rowsOf<FoundRow>(
    await db.execute(sql`
      WITH t AS (SELECT starts_at, ends_at FROM shifts WHERE id = ${shift})
      SELECT a.id, a.email, a.display_name AS name, a.role,
        (SELECT array_agg(r.name ORDER BY lower(r.name)) FROM volunteer_role_choices c
           JOIN volunteer_roles r ON r.id = c.role_id WHERE c.admin_id = a.id) AS roles,
        (SELECT count(*) FROM shift_signups m WHERE m.admin_id = a.id AND m.missed) AS missed,
        EXISTS (SELECT 1 FROM shift_signups m WHERE m.admin_id = a.id AND m.shift_id = ${shift}) AS on_shift,
        (SELECT json_agg(json_build_object('place', p.name, 'role', r.name, 'startsAt', s.starts_at,
            'endsAt', s.ends_at) ORDER BY s.starts_at)
         FROM shift_signups m JOIN shifts s ON s.id = m.shift_id JOIN volunteer_places p ON p.id = s.place_id
           JOIN volunteer_roles r ON r.id = s.role_id, t
         WHERE m.admin_id = a.id AND s.id <> ${shift} AND s.starts_at < t.ends_at AND s.ends_at > t.starts_at)
          AS busy_shifts,
        (SELECT json_agg(json_build_object('startsAt', b.starts_at, 'endsAt', b.ends_at, 'note', b.note)
            ORDER BY b.starts_at)
         FROM volunteer_blockouts b, t
         WHERE b.admin_id = a.id AND b.starts_at < t.ends_at AND b.ends_at > t.starts_at) AS blockouts
      FROM admins a
      WHERE a.email ILIKE ${like} OR a.display_name ILIKE ${like}
      ORDER BY lower(coalesce(nullif(trim(a.display_name), ''), a.email)), a.id
      LIMIT ${MAX_FOUND}`),
  );
  return rows.map((r) => ({
    adminId: Number(r.id),
    name: nameOf(r),
    email: r.email,
    role: r.role,
    roleLabel: roleLabel[r.role],
    roles: r.roles ?? [],
    missed: Number(r.missed),
    onShift: r.on_shift,
    busy: [
      ...(r.busy_shifts ?? []).map(
        (s) => `On ${shiftWords({ ...s, startsAt: inZone(s.startsAt, zone), endsAt: inZone(s.endsAt, zone) })}`,
      ),
      ...(r.blockouts ?? []).map((b) => {
        const from = inZone(b.startsAt, zone);
        const to = inZone(b.endsAt, zone);
        const note = b.note ? ` (${b.note})` : "";
        return `Cannot come ${eventDay(from)} ${from.slice(11, 16)} to ${eventDay(to)} ${to.slice(11, 16)}${note}`;
      }),
    ],
  }));
}

export type AssignOutcome =
  { ok: true; shift: ShiftWithPeople } | { ok: false; status: 404 | 409; error: string; overlaps?: string[] };

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

interface Locked {
  id: string | number;
  starts_at: Date | string;
  ends_at: Date | string;
  needed: number;
  place: string;
  role: string;
}

async function lockShift(tx: Tx, shiftId: number): Promise<Locked | undefined> {
  const [row] = rowsOf<Locked>(
    await tx.execute(sql`
      SELECT s.id, s.starts_at, s.ends_at, s.needed, p.name AS place, r.name AS role
      FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
      WHERE s.id = ${shiftId} FOR UPDATE OF s`),
  );
  return row;
}

const words = (s: Locked, zone: string) =>
  shiftWords({ place: s.place, role: s.role, startsAt: inZone(s.starts_at, zone), endsAt: inZone(s.ends_at, zone) });

async function accountOf(tx: Tx, adminId: number) {
  const [row] = rowsOf<{ id: string | number; email: string; name: string | null }>(
    // Locked as a sign-up locks it (the shift, then the person), so their own tap cannot slip past the overlap check.
    await tx.execute(sql`SELECT id, email, display_name AS name FROM admins WHERE id = ${adminId} FOR UPDATE`),
  );
  return row;
}

/**
 * An organiser puts `adminId` on `shiftId` (a stand-in): the shift locked as a sign-up locks it, so the last
 * place goes once; at the same time as another of their shifts refused unless `reason` is given (then kept and
 * audited); their reminders added and a mail queued, all in one transaction.
 */
export async function assignVolunteer(
  db: Db,
  input: { shiftId: number; adminId: number; reason?: string; who: SessionAdmin; zone: string; siteUrl?: string },
  now: Date,
): Promise<AssignOutcome> {
  const { shiftId, adminId, who, zone } = input;
  const reason = input.reason?.trim() || undefined;
  type Failed = Extract<AssignOutcome, { ok: false }>;
  const outcome = await db.transaction(async (tx): Promise<Failed | { ok: true }> => {
    const shift = await lockShift(tx, shiftId);
    if (!shift) return { ok: false, status: 404, error: "This shift no longer exists: it may have been deleted." };
    const person = await accountOf(tx, adminId);
    if (!person) return { ok: false, status: 404, error: "This person no longer has an account." };
    const name = nameOf(person);
    const [counts] = rowsOf<{ filled: string | number; mine: boolean }>(
      await tx.execute(sql`
        SELECT count(*) AS filled, bool_or(admin_id = ${adminId}) AS mine FROM shift_signups WHERE shift_id = ${shiftId}`),
    );
    if (counts?.mine) return { ok: false, status: 409, error: `${name} is already on this shift.` };
    if (Number(counts?.filled ?? 0) >= shift.needed)
      return {
        ok: false,
        status: 409,
        error: `This shift is full: it needs ${shift.needed} and has ${shift.needed}. Take someone off first, or raise how many it needs in the Shifts tab.`,
      };
    const overlaps = rowsOf<Locked>(
      await tx.execute(sql`
        SELECT s.id, s.starts_at, s.ends_at, s.needed, p.name AS place, r.name AS role
        FROM shift_signups m JOIN shifts s ON s.id = m.shift_id JOIN volunteer_places p ON p.id = s.place_id
          JOIN volunteer_roles r ON r.id = s.role_id
        WHERE m.admin_id = ${adminId} AND s.id <> ${shiftId}
          AND s.starts_at < ${new Date(shift.ends_at).toISOString()}::timestamptz
          AND s.ends_at > ${new Date(shift.starts_at).toISOString()}::timestamptz
        ORDER BY s.starts_at`),
    ).map((s) => words(s, zone));
    if (overlaps.length && !reason)
      return {
        ok: false,
        status: 409,
        error: `${name} is already on ${overlaps.join(" and ")} at that time. To put them on anyway, say why.`,
        overlaps,
      };
    await tx.execute(sql`
      INSERT INTO shift_signups (shift_id, admin_id, signed_at, override_reason)
      VALUES (${shiftId}, ${adminId}, ${now.toISOString()}::timestamptz, ${overlaps.length ? reason! : null})`);
    await scheduleReminders(tx, shiftId, adminId);
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "shift-assigned",
      target: `shift:${shiftId}`,
      detail: {
        person: person.email,
        shift: words(shift, zone),
        ...(overlaps.length ? { overlaps, reason } : {}),
      },
    });
    await queueMail(tx, {
      to: person.email,
      subject: `You are on a shift: ${words(shift, zone)}`,
      body: [
        `Hello ${name},`,
        "",
        `${nameOf(who)} put you on this shift: ${words(shift, zone)}.`,
        "If you cannot come, please tell the organisers as soon as you can.",
        ...(input.siteUrl ? ["", `Your shifts: ${input.siteUrl}/volunteer`] : []),
      ].join("\n"),
    });
    return { ok: true };
  });
  if (!outcome.ok) return outcome;
  const [shift] = await listShifts(db, zone, now, { ids: [shiftId] });
  return { ok: true, shift: shift! };
}

/** An organiser takes `adminId` off `shiftId`: their reminders go, audited and mailed, in one transaction. */
export async function takeOff(
  db: Db,
  input: { shiftId: number; adminId: number; who: SessionAdmin; zone: string; siteUrl?: string },
): Promise<{ ok: true } | { ok: false; status: 404; error: string }> {
  const { shiftId, adminId, who, zone } = input;
  return db.transaction(async (tx) => {
    const shift = await lockShift(tx, shiftId);
    if (!shift) return { ok: false, status: 404, error: "This shift no longer exists: it may have been deleted." };
    const person = await accountOf(tx, adminId);
    const gone = rowsOf(
      await tx.execute(
        sql`DELETE FROM shift_signups WHERE shift_id = ${shiftId} AND admin_id = ${adminId} RETURNING 1`,
      ),
    );
    if (!person || !gone.length)
      return { ok: false, status: 404, error: "This person is not on this shift (any more)." };
    await cancelReminders(tx, shiftId, adminId);
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "shift-taken-off",
      target: `shift:${shiftId}`,
      detail: { person: person.email, shift: words(shift, zone) },
    });
    await queueMail(tx, {
      to: person.email,
      subject: `You are no longer on a shift: ${words(shift, zone)}`,
      body: [
        `Hello ${nameOf(person)},`,
        "",
        `${nameOf(who)} took you off this shift: ${words(shift, zone)}. You need not come for it.`,
        ...(input.siteUrl ? ["", `Your shifts: ${input.siteUrl}/volunteer`] : []),
      ].join("\n"),
    });
    return { ok: true as const };
  });
}

/** The plan as a spreadsheet: one row per shift, each person with their arrival and whether they were missed. */
export async function shiftsCsv(db: Db, zone: string, now: Date): Promise<string> {
  const shifts = await listShifts(db, zone, now);
  const most = Math.max(1, ...shifts.map((s) => s.people.length));
  const personHeads = Array.from({ length: most }, (_, i) => [
    `person ${i + 1}`,
    `person ${i + 1} arrived at`,
    `person ${i + 1} missed`,
  ]).flat();
  return toCsv([
    ["day", "start", "end", "place", "role", "needed", "filled", "short", ...personHeads],
    ...shifts.map((s) => [
      s.day,
      s.startsAt.slice(11, 16),
      s.endsAt.slice(11, 16),
      s.place,
      s.role,
      String(s.needed),
      String(s.filled),
      String(Math.max(0, s.needed - s.filled)),
      ...s.people.flatMap((p) => [p.name, p.arrivedAt ? p.arrivedAt.slice(11, 16) : "", p.missed ? "missed" : ""]),
    ]),
  ]);
}

/** The door volunteer's shift now, after marking them arrived on it: the first they are on at `now`. */
export async function doorShiftNow(db: Db, zone: string, adminId: number, now: Date, marked: number[]) {
  if (!marked.length) return null;
  const [shift] = await listShifts(db, zone, now, { ids: marked });
  if (!shift) return null;
  return { place: shift.place, door: shift.door, role: shift.role, startsAt: shift.startsAt, endsAt: shift.endsAt };
}

/** Shifts with people on them, for the announcements' audiences. */
export const audienceShifts = async (db: Db) =>
  rowsOf<{ id: string | number; place: string; role: string; starts_at: string; ends_at: string }>(
    await db.execute(sql`
      SELECT s.id, p.name AS place, r.name AS role, s.starts_at, s.ends_at
      FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
      WHERE EXISTS (SELECT 1 FROM shift_signups u WHERE u.shift_id = s.id)
      ORDER BY s.starts_at, lower(p.name), s.id`),
  );

/** Roles someone chose to do, for the announcements' audiences. */
export const audienceRoles = async (db: Db) =>
  rowsOf<{ id: string | number; name: string }>(
    await db.execute(sql`
      SELECT r.id, r.name FROM volunteer_roles r
      WHERE EXISTS (SELECT 1 FROM volunteer_role_choices c WHERE c.role_id = r.id) ORDER BY lower(r.name)`),
  );

/** The addresses (lower-case, each once) of everyone on a shift, or of everyone who chose a role. */
export async function audienceAddresses(db: Db, of: { shift: number } | { role: number }): Promise<string[]> {
  const who =
    "shift" in of
      ? sql`SELECT admin_id FROM shift_signups WHERE shift_id = ${of.shift}`
      : sql`SELECT admin_id FROM volunteer_role_choices WHERE role_id = ${of.role}`;
  return rowsOf<{ email: string }>(
    await db.execute(sql`SELECT DISTINCT lower(email) AS email FROM admins WHERE id IN (${who}) ORDER BY 1`),
  ).map((r) => r.email);
}
