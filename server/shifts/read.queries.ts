/**
 * Reading the plan (issue 66): roles and places with how many shifts use them, and shifts with who is on them
 * (arrived, late, missed), in the event's time zone. The organisers' plan and rota, the volunteer's page and the
 * jobs all read through here.
 */
import { sql } from "drizzle-orm";
import type { Place, Role, Shift, ShiftPerson } from "../../app/api/admin/shifts";
import { LATE_AFTER_MINUTES } from "../../app/forms/shifts";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { nameOf } from "../admin/accounts/queries";
import { dayIn, inZone } from "./event";

export type ShiftWithPeople = Shift & { people: ShiftPerson[] };

export async function listRoles(db: Db): Promise<Role[]> {
  return rowsOf<{ id: string | number; name: string; description: string; shifts: string | number }>(
    await db.execute(sql`
      SELECT r.id, r.name, r.description, (SELECT count(*) FROM shifts s WHERE s.role_id = r.id) AS shifts
      FROM volunteer_roles r ORDER BY lower(r.name)`),
  ).map((r) => ({ id: Number(r.id), name: r.name, description: r.description, shifts: Number(r.shifts) }));
}

export async function listPlaces(db: Db): Promise<Place[]> {
  return rowsOf<{ id: string | number; name: string; door: string | null; shifts: string | number }>(
    await db.execute(sql`
      SELECT p.id, p.name, p.door, (SELECT count(*) FROM shifts s WHERE s.place_id = p.id) AS shifts
      FROM volunteer_places p ORDER BY lower(p.name)`),
  ).map((p) => ({ id: Number(p.id), name: p.name, door: p.door as Place["door"], shifts: Number(p.shifts) }));
}

export interface ShiftFilter {
  /** Only these shifts. */
  ids?: number[];
  /** Only shifts that end after this instant. */
  endingAfter?: Date;
  /** Only shifts this account is on. */
  adminId?: number;
}

interface ShiftRow {
  id: string | number;
  place_id: string | number;
  place: string;
  door: string | null;
  role_id: string | number;
  role: string;
  starts_at: Date | string;
  ends_at: Date | string;
  needed: number;
  people: { adminId: number; email: string; name: string | null; arrivedAt: string | null; missed: boolean }[] | null;
}

/** Shifts by start (then place), with who is on each; `now` judges who is late. */
export async function listShifts(
  db: Db,
  zone: string,
  now: Date,
  filter: ShiftFilter = {},
): Promise<ShiftWithPeople[]> {
  const where = [sql`true`];
  if (filter.ids) where.push(sql`s.id = ANY(${`{${filter.ids.map(Number).join(",")}}`}::bigint[])`);
  if (filter.endingAfter) where.push(sql`s.ends_at > ${filter.endingAfter.toISOString()}::timestamptz`);
  if (filter.adminId !== undefined)
    where.push(sql`EXISTS (SELECT 1 FROM shift_signups m WHERE m.shift_id = s.id AND m.admin_id = ${filter.adminId})`);
  const rows = rowsOf<ShiftRow>(
    await db.execute(sql`
      SELECT s.id, s.place_id, p.name AS place, p.door, s.role_id, r.name AS role, s.starts_at, s.ends_at, s.needed,
        (SELECT json_agg(json_build_object('adminId', a.id, 'email', a.email, 'name', a.display_name,
            'arrivedAt', u.arrived_at, 'missed', u.missed) ORDER BY u.signed_at, a.id)
         FROM shift_signups u JOIN admins a ON a.id = u.admin_id WHERE u.shift_id = s.id) AS people
      FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
      WHERE ${sql.join(where, sql` AND `)}
      ORDER BY s.starts_at, lower(p.name), s.id`),
  );
  return rows.map((r) => {
    const startsAt = new Date(r.starts_at);
    const endsAt = new Date(r.ends_at);
    const lateFrom = startsAt.getTime() + LATE_AFTER_MINUTES * 60_000;
    const people = (r.people ?? []).map((p) => ({
      adminId: Number(p.adminId),
      name: nameOf(p),
      arrivedAt: p.arrivedAt ? inZone(p.arrivedAt, zone) : null,
      missed: p.missed,
      late: !p.arrivedAt && !p.missed && now.getTime() >= lateFrom && now < endsAt,
    }));
    return {
      id: Number(r.id),
      placeId: Number(r.place_id),
      place: r.place,
      door: r.door,
      roleId: Number(r.role_id),
      role: r.role,
      day: dayIn(startsAt, zone),
      startsAt: inZone(startsAt, zone),
      endsAt: inZone(endsAt, zone),
      needed: Number(r.needed),
      filled: people.length,
      people,
    };
  });
}
