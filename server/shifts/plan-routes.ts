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
import { firstIssue, parseId } from "../../app/forms/admin";
import {
  MAX_SHIFT_HOURS,
  placeSchema,
  roleSchema,
  shiftPlanSchema,
  type ShiftPlan,
  type Shift,
} from "../../app/forms/shifts";
import { jsonBody, notFound, type AdminEnv, type AdminOptions } from "../admin";
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
  role: { path: "roles", a: "role", missing: "There is no such role: it may have been deleted. Reload the page." },
  place: { path: "places", a: "place", missing: "There is no such place: it may have been deleted. Reload the page." },
} as const;

const fieldError = (c: Context, error: string, field?: string, status: 400 | 409 = 400) =>
  c.json(field ? { error, field } : { error }, status);

/** The first problem of a failed parse and the field it concerns. */
function issueOf(error: { issues: readonly { message: string; path: readonly PropertyKey[] }[] }) {
  const field = error.issues[0]?.path[0];
  return { message: firstIssue(error), field: typeof field === "string" ? field : undefined };
}

export function registerPlan(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  const who = (c: Context<AdminEnv>): Organiser => ({ adminId: c.get("admin").id, actor: c.get("admin").email });

  for (const kind of ["role", "place"] as const satisfies Kind[]) {
    const words = WORDS[kind];
    const schema = kind === "role" ? roleSchema : placeSchema;
    const answer = async (id: number) =>
      (kind === "role" ? await listRoles(db) : await listPlaces(db)).find((r) => r.id === id);

    const save = async (c: Context<AdminEnv>, id: number | undefined) => {
      const parsed = schema.safeParse(await jsonBody(c));
      if (!parsed.success) {
        const { message, field } = issueOf(parsed.error);
        return fieldError(c, message, field);
      }
      const saved = await saveNamed(db, kind, id, parsed.data, who(c));
      if ("missing" in saved) return notFound(c, words.missing);
      if ("duplicate" in saved)
        return fieldError(c, `There is already a ${words.a} called ${parsed.data.name}.`, "name", 409);
      return c.json(await answer(saved.id), id === undefined ? 201 : 200);
    };

    admin.post(`/shifts/${words.path}`, (c) => save(c, undefined));
    admin.patch(`/shifts/${words.path}/:id`, (c) => {
      const id = parseId(c.req.param("id"));
      return id === null ? notFound(c, words.missing) : save(c, id);
    });
    admin.delete(`/shifts/${words.path}/:id`, async (c) => {
      const id = parseId(c.req.param("id"));
      if (id === null) return notFound(c, words.missing);
      const { timeZone } = await event();
      const done = await deleteNamed(db, kind, id, timeZone, who(c));
      if ("missing" in done) return notFound(c, words.missing);
      if ("inUse" in done) return c.json({ error: done.inUse }, 409);
      return c.json({ deleted: done.name });
    });
  }

  /** The body as shift rows (one per day), or what is wrong with it and where. */
  async function shiftRows(
    body: unknown,
    oneDay: boolean,
  ): Promise<{ rows: ShiftRow[]; zone: string } | { error: string; field?: string }> {
    const parsed = shiftPlanSchema.safeParse(body);
    if (!parsed.success) {
      const { message, field } = issueOf(parsed.error);
      return { error: message, field };
    }
    const plan: ShiftPlan = parsed.data;
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

  admin.post("/shifts", async (c) => {
    const got = await shiftRows(await jsonBody(c), false);
    if ("error" in got) return fieldError(c, got.error, got.field);
    const ids = await makeShifts(db, got.rows, who(c));
    return c.json({ shifts: await shiftsAnswer(ids, got.zone) }, 201);
  });

  admin.patch("/shifts/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, "There is no such shift: it may have been deleted. Reload the page.");
    const got = await shiftRows(await jsonBody(c), true);
    if ("error" in got) return fieldError(c, got.error, got.field);
    const changed = await changeShift(db, id, got.rows[0]!, who(c));
    if ("missing" in changed) return notFound(c, "There is no such shift: it may have been deleted. Reload the page.");
    if ("tooFew" in changed) return fieldError(c, changed.tooFew, "needed", 409);
    const [shift] = await shiftsAnswer([id], got.zone);
    return c.json({ shift, moved: changed.moved });
  });

  admin.delete("/shifts/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, "There is no such shift: it may have been deleted. Reload the page.");
    const body = await jsonBody(c);
    const tellPeople = body?.tellPeople === true;
    const { timeZone } = await event();
    const done = await deleteShift(db, id, tellPeople, timeZone, options.siteUrl, who(c));
    if ("missing" in done) return notFound(c, "There is no such shift: it may have been deleted. Reload the page.");
    if ("hasPeople" in done)
      return c.json(
        {
          error: `${done.hasPeople.join(", ")} ${done.hasPeople.length === 1 ? "is" : "are"} on this shift. Deleting it tells them by mail that it is cancelled.`,
          people: done.hasPeople,
        },
        409,
      );
    return c.json({ deleted: id, told: done.told });
  });
}
