/**
 * The organisers' plan (issue 66): roles, places and shifts made, changed and deleted, each with its audit line
 * in one transaction. A role or place with shifts is not deleted (the answer names them); a shift made or moved
 * calls the reminders part's `shiftPlanned`, a shift deleted tells its people by mail in the same transaction.
 */
import { sql } from "drizzle-orm";
import type { PlaceInput, RoleInput } from "../../app/forms/shifts";
import { dayLabel, people, shiftsCount, shiftWhen } from "../../app/lib/shifts/plan-words";
import { audit } from "../admin/audit/queries";
import { nameOf } from "../admin/accounts/queries";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { queueMail } from "../mail/queries";
import { inZone } from "./event";
import { cancelReminders, shiftPlanned } from "./reminders";
import { shiftCancelledMail } from "./plan-mail";

export interface Organiser {
  adminId: number;
  actor: string;
}

export type Kind = "role" | "place";
const TABLE = { role: sql`volunteer_roles`, place: sql`volunteer_places` };
const COLUMN = { role: sql`role_id`, place: sql`place_id` };

/** A unique index refused the row (two organisers saving the same name at once). */
const isUnique = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause)
    if ((e as { code?: unknown }).code === "23505") return true;
  return false;
};

export type Saved = { id: number } | { duplicate: true } | { missing: true };

/** Makes (`id` undefined) or changes a role or a place; a name another one has (any case) is refused. */
export async function saveNamed(
  db: Db,
  kind: Kind,
  id: number | undefined,
  input: RoleInput | PlaceInput,
  who: Organiser,
): Promise<Saved> {
  const extra =
    kind === "role"
      ? { column: sql`description`, value: (input as RoleInput).description ?? "" }
      : { column: sql`door`, value: (input as PlaceInput).door ?? null };
  try {
    return await db.transaction(async (tx) => {
      const [taken] = rowsOf(
        await tx.execute(
          sql`SELECT 1 FROM ${TABLE[kind]} WHERE lower(name) = lower(${input.name}) AND id <> ${id ?? 0}`,
        ),
      );
      if (taken) return { duplicate: true as const };
      const [row] = rowsOf<{ id: string | number }>(
        await tx.execute(
          id === undefined
            ? sql`INSERT INTO ${TABLE[kind]} (name, ${extra.column}) VALUES (${input.name}, ${extra.value}) RETURNING id`
            : sql`UPDATE ${TABLE[kind]} SET name = ${input.name}, ${extra.column} = ${extra.value} WHERE id = ${id} RETURNING id`,
        ),
      );
      if (!row) return { missing: true as const };
      await audit(tx, {
        ...who,
        action: `shift-${kind}-${id === undefined ? "made" : "changed"}`,
        target: input.name,
        detail: { id: Number(row.id), ...input },
      });
      return { id: Number(row.id) };
    });
  } catch (error) {
    if (isUnique(error)) return { duplicate: true };
    throw error;
  }
}

export type Deleted = { name: string } | { missing: true } | { inUse: string };

/**
 * Deletes a role or a place that no shift uses; else says which shifts use it ("Door 1 has 3 shifts: Thu 24 Oct
 * 08:00–12:00, …"). Its row is locked first, so a shift made at the same moment waits and then fails on it.
 */
export async function deleteNamed(db: Db, kind: Kind, id: number, zone: string, who: Organiser): Promise<Deleted> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ name: string }>(
      await tx.execute(sql`SELECT name FROM ${TABLE[kind]} WHERE id = ${id} FOR UPDATE`),
    );
    if (!row) return { missing: true as const };
    const uses = rowsOf<{ starts_at: Date | string; ends_at: Date | string; other: string }>(
      await tx.execute(sql`
        SELECT s.starts_at, s.ends_at, ${kind === "role" ? sql`p.name` : sql`r.name`} AS other
        FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
        WHERE s.${COLUMN[kind]} = ${id} ORDER BY s.starts_at, s.id`),
    );
    if (uses.length) {
      const shown = uses.slice(0, 5).map((u) => {
        const when = shiftWhen({ startsAt: inZone(u.starts_at, zone), endsAt: inZone(u.ends_at, zone) });
        return kind === "role" ? `${when} at ${u.other}` : `${when} (${u.other})`;
      });
      const more = uses.length > shown.length ? ` and ${uses.length - shown.length} more` : "";
      const subject = kind === "role" ? `The role ${row.name}` : row.name;
      return {
        inUse: `${subject} has ${shiftsCount(uses.length)}: ${shown.join(", ")}${more}. Delete or move those shifts first.`,
      };
    }
    await tx.execute(sql`DELETE FROM ${TABLE[kind]} WHERE id = ${id}`);
    await audit(tx, { ...who, action: `shift-${kind}-deleted`, target: row.name, detail: { id } });
    return { name: row.name };
  });
}

/** Whether a role and a place exist (a shift's body names them). */
export async function exists(db: Db, kind: Kind, id: number): Promise<boolean> {
  return rowsOf(await db.execute(sql`SELECT 1 FROM ${TABLE[kind]} WHERE id = ${id}`)).length > 0;
}

export interface ShiftRow {
  placeId: number;
  roleId: number;
  startsAt: Date;
  endsAt: Date;
  needed: number;
}

/** Makes the shifts (one per day) in one transaction, each planned for its reminders; their ids. */
export async function makeShifts(db: Db, rows: ShiftRow[], who: Organiser): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids: number[] = [];
    for (const s of rows) {
      const [row] = rowsOf<{ id: string | number }>(
        await tx.execute(sql`
          INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
          VALUES (${s.placeId}, ${s.roleId}, ${s.startsAt.toISOString()}, ${s.endsAt.toISOString()}, ${s.needed})
          RETURNING id`),
      );
      ids.push(Number(row!.id));
      await shiftPlanned(tx, Number(row!.id), false);
    }
    await audit(tx, {
      ...who,
      action: "shifts-made",
      target: `shifts:${ids.join(",")}`,
      detail: { placeId: rows[0]!.placeId, roleId: rows[0]!.roleId, count: ids.length },
    });
    return ids;
  });
}

export type Changed = { id: number; moved: boolean } | { missing: true } | { tooFew: string };

/**
 * Changes a shift; its needed may not fall below the people on it. When its start or end moved, `shiftPlanned`
 * (moved) in the same transaction: the people on it are told once, their reminders move.
 */
export async function changeShift(db: Db, id: number, s: ShiftRow, who: Organiser): Promise<Changed> {
  return db.transaction(async (tx) => {
    const [before] = rowsOf<{ starts_at: Date | string; ends_at: Date | string; filled: string | number }>(
      await tx.execute(sql`
        SELECT starts_at, ends_at, (SELECT count(*) FROM shift_signups u WHERE u.shift_id = s.id) AS filled
        FROM shifts s WHERE id = ${id} FOR UPDATE`),
    );
    if (!before) return { missing: true as const };
    const filled = Number(before.filled);
    if (s.needed < filled)
      return {
        tooFew: `${people(filled)} ${filled === 1 ? "is" : "are"} on this shift already: it cannot need fewer than ${filled}. Take someone off it first (Rota tab), or keep ${filled}.`,
      };
    const moved =
      new Date(before.starts_at).getTime() !== s.startsAt.getTime() ||
      new Date(before.ends_at).getTime() !== s.endsAt.getTime();
    await tx.execute(sql`
      UPDATE shifts SET place_id = ${s.placeId}, role_id = ${s.roleId}, starts_at = ${s.startsAt.toISOString()},
        ends_at = ${s.endsAt.toISOString()}, needed = ${s.needed}, updated_at = now()
      WHERE id = ${id}`);
    if (moved) await shiftPlanned(tx, id, true);
    await audit(tx, {
      ...who,
      action: "shift-changed",
      target: `shift:${id}`,
      detail: { ...s, moved },
    });
    return { id, moved };
  });
}

export type ShiftDeleted = { told: number } | { missing: true } | { hasPeople: string[] };

/**
 * Deletes a shift. With people on it, only when `tellPeople`: each is mailed that it is cancelled (and their
 * reminders go), in the same transaction.
 */
export async function deleteShift(
  db: Db,
  id: number,
  tellPeople: boolean,
  zone: string,
  siteUrl: string | undefined,
  who: Organiser,
): Promise<ShiftDeleted> {
  return db.transaction(async (tx) => {
    const [shift] = rowsOf<{ starts_at: Date | string; ends_at: Date | string; place: string; role: string }>(
      await tx.execute(sql`
        SELECT s.starts_at, s.ends_at, p.name AS place, r.name AS role
        FROM shifts s JOIN volunteer_places p ON p.id = s.place_id JOIN volunteer_roles r ON r.id = s.role_id
        WHERE s.id = ${id} FOR UPDATE OF s`),
    );
    if (!shift) return { missing: true as const };
    const on = rowsOf<{ admin_id: string | number; email: string; name: string | null }>(
      await tx.execute(sql`
        SELECT a.id AS admin_id, a.email, a.display_name AS name FROM shift_signups u JOIN admins a ON a.id = u.admin_id
        WHERE u.shift_id = ${id} ORDER BY u.signed_at, a.id`),
    );
    if (on.length && !tellPeople) return { hasPeople: on.map((p) => nameOf(p)) };
    const startsAt = inZone(shift.starts_at, zone);
    const when = shiftWhen({ startsAt, endsAt: inZone(shift.ends_at, zone) });
    const day = dayLabel(startsAt.slice(0, 10));
    for (const p of on) {
      await cancelReminders(tx, id, Number(p.admin_id));
      await queueMail(tx, shiftCancelledMail(p.email, nameOf(p), { ...shift, when, day }, siteUrl));
    }
    await tx.execute(sql`DELETE FROM shifts WHERE id = ${id}`);
    await audit(tx, {
      ...who,
      action: "shift-deleted",
      target: `shift:${id}`,
      detail: { place: shift.place, role: shift.role, when, told: on.map((p) => p.email) },
    });
    return { told: on.length };
  });
}
