/**
 * The organisers' plan (issue 66, item 1), under `/api/admin` (organisers only: ../admin/routes.ts):
 *
 * - `POST /shifts/roles`, `PATCH /shifts/roles/:id`, `DELETE /shifts/roles/:id`; the same for `/shifts/places`.
 *   A name another has (any case) → 409; a role or place with shifts → 409 naming them; unknown id → 404.
 * - `POST /shifts`: one shift per chosen day of the event, in its time zone, in one transaction (an end not after
 *   the start crosses midnight; longer than MAX_SHIFT_HOURS refused). Answers the shifts made.
 * - `PATCH /shifts/:id`: the same fields with one day; needed not below the people on it; a new time tells them.
 * - `DELETE /shifts/:id`: with people on it only with `{ "tellPeople": true }`: each is mailed.
 *
 * A wrong body → 400 `{ error, field }`, the field the form shows it at. Every change is audited.
 */
import type { Context, Hono } from "hono";
import * as api from "../../app/api/admin/shifts";
import type { Shift } from "../../app/api/admin/shifts";
import { parseId } from "../../app/forms/admin";
import { MAX_SHIFT_HOURS, type PlaceInput, type RoleInput, type ShiftPlan } from "../../app/forms/shifts";
import { notFound, serve, type AdminContext, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { shiftsEvent, shiftTimes } from "./event";
import {
  changeShift,
  deleteNamed,
  deleteShift,
  exists,
  makeShifts,
  saveNamed,
  type Kind,
  type Organiser,
  type ShiftRow,
} from "./plan.queries";
import { listPlaces, listRoles, listShifts } from "./read.queries";

const WORDS = {
  role: { a: "role", missing: "There is no such role: it may have been deleted. Reload the page." },
  place: { a: "place", missing: "There is no such place: it may have been deleted. Reload the page." },
} as const;
const NO_SHIFT = "There is no such shift: it may have been deleted. Reload the page.";

const fieldError = (c: Context, error: string, field?: string, status: 400 | 409 = 400) =>
  c.json(field ? { error, field } : { error }, status);

export function registerPlan(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  const who = (c: Context<AdminEnv>): Organiser => ({ adminId: c.get("admin").id, actor: c.get("admin").email });

  /** A role or place saved (new without `rawId`): its id, or the refusal. */
  async function save(c: AdminContext, kind: Kind, rawId: string | undefined, body: RoleInput | PlaceInput) {
    const words = WORDS[kind];
    const id = rawId === undefined ? undefined : parseId(rawId);
    if (id === null) return notFound(c, words.missing);
    const saved = await saveNamed(db, kind, id, body, who(c));
    if ("missing" in saved) return notFound(c, words.missing);
    if ("duplicate" in saved) return fieldError(c, `There is already a ${words.a} called ${body.name}.`, "name", 409);
    return saved.id;
  }
  const role = async (c: AdminContext, id: number | Response) =>
    typeof id === "number" ? ((await listRoles(db)).find((r) => r.id === id) ?? notFound(c, WORDS.role.missing)) : id;
  const place = async (c: AdminContext, id: number | Response) =>
    typeof id === "number" ? ((await listPlaces(db)).find((p) => p.id === id) ?? notFound(c, WORDS.place.missing)) : id;
  /** Deleted, or refused: in use by shifts (409 naming them), unknown (404). */
  async function remove(c: AdminContext, kind: Kind, rawId: string) {
    const words = WORDS[kind];
    const id = parseId(rawId);
    if (id === null) return notFound(c, words.missing);
    const { timeZone } = await event();
    const done = await deleteNamed(db, kind, id, timeZone, who(c));
    if ("missing" in done) return notFound(c, words.missing);
    if ("inUse" in done) return c.json({ error: done.inUse }, 409);
    return { deleted: done.name };
  }

  serve(admin, api.addRole, async (c, { body }) => role(c, await save(c, "role", undefined, body)));
  serve(admin, api.changeRole, async (c, { body, params }) => role(c, await save(c, "role", params.id, body)));
  serve(admin, api.deleteRole, (c, { params }) => remove(c, "role", params.id));
  serve(admin, api.addPlace, async (c, { body }) => place(c, await save(c, "place", undefined, body)));
  serve(admin, api.changePlace, async (c, { body, params }) => place(c, await save(c, "place", params.id, body)));
  serve(admin, api.deletePlace, (c, { params }) => remove(c, "place", params.id));

  /** The plan as shift rows (one per day), or what is wrong with it and where. */
  async function shiftRows(
    plan: ShiftPlan,
    oneDay: boolean,
  ): Promise<{ rows: ShiftRow[]; zone: string } | { error: string; field?: string }> {
    const { timeZone, days } = await event();
    if (oneDay && plan.days.length !== 1) return { error: "Please choose one day for this shift.", field: "days" };
    if (plan.days.some((d) => !days.includes(d)) || new Set(plan.days).size !== plan.days.length)
      return { error: "Please choose among the event's days.", field: "days" };
    if (!(await exists(db, "place", plan.placeId)))
      return { error: "This place is no longer in the list: please choose another.", field: "placeId" };
    if (!(await exists(db, "role", plan.roleId)))
      return { error: "This role is no longer in the list: please choose another.", field: "roleId" };
    const rows = [...plan.days].sort().map((day) => ({
      placeId: plan.placeId,
      roleId: plan.roleId,
      needed: plan.needed,
      ...shiftTimes(day, plan.start, plan.end, timeZone),
    }));
    const hours = (rows[0]!.endsAt.getTime() - rows[0]!.startsAt.getTime()) / 3_600_000;
    if (hours > MAX_SHIFT_HOURS)
      return {
        error: `From ${plan.start} to ${plan.end} is ${Math.round(hours)} hours, longer than a shift of ${MAX_SHIFT_HOURS} hours at most: please check the time it ends.`,
        field: "end",
      };
    return { rows, zone: timeZone };
  }

  const shiftsAnswer = async (ids: number[], zone: string): Promise<Shift[]> =>
    listShifts(db, zone, new Date(options.now()), { ids });

  serve(admin, api.makeShifts, async (c, { body }) => {
    const got = await shiftRows(body, false);
    if ("error" in got) return fieldError(c, got.error, got.field);
    const ids = await makeShifts(db, got.rows, who(c));
    return { shifts: await shiftsAnswer(ids, got.zone) };
  });

  serve(admin, api.changeShift, async (c, { body, params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, NO_SHIFT);
    const got = await shiftRows(body, true);
    if ("error" in got) return fieldError(c, got.error, got.field);
    const changed = await changeShift(db, id, got.rows[0]!, who(c));
    if ("missing" in changed) return notFound(c, NO_SHIFT);
    if ("tooFew" in changed) return fieldError(c, changed.tooFew, "needed", 409);
    const [shift] = await shiftsAnswer([id], got.zone);
    return shift ? { shift, moved: changed.moved } : notFound(c, NO_SHIFT);
  });

  serve(admin, api.deleteShift, async (c, { body, params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, NO_SHIFT);
    const { timeZone } = await event();
    const done = await deleteShift(db, id, body.tellPeople === true, timeZone, options.siteUrl, who(c));
    if ("missing" in done) return notFound(c, NO_SHIFT);
    if ("hasPeople" in done)
      return c.json(
        {
          error: `${done.hasPeople.join(", ")} ${done.hasPeople.length === 1 ? "is" : "are"} on this shift. Deleting it tells them by mail that it is cancelled.`,
          people: done.hasPeople,
        },
        409,
      );
    return { deleted: id, told: done.told };
  });
}
