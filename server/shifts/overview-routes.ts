/**
 * The organisers' overview (issue 66, items 4 and 5), under `/api/admin` (organisers only):
 *
 * - `GET /shifts/volunteers?q=&shift=`: at most ten accounts whose name or address holds `q` (never a list of
 *   everyone), each with their chosen roles, missed count and, with `shift`, what keeps them busy then.
 * - `POST /shifts/:id/people` (assignSchema): a stand-in put on; `DELETE /shifts/:id/people/:adminId`: taken off.
 * - `GET /shifts/export`: the plan as CSV.
 */
import type { Hono } from "hono";
import { firstIssue, parseId } from "../../app/forms/admin";
import { assignSchema } from "../../app/forms/shifts";
import { badRequest, jsonBody, notFound, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { setShiftsZone } from "./audiences";
import { shiftsEvent } from "./event";
import { assignVolunteer, findVolunteers, shiftsCsv, takeOff } from "./overview.queries";

export function registerOverview(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  const now = () => new Date(options.now());
  setShiftsZone(async () => (await event()).timeZone);

  admin.get("/shifts/volunteers", async (c) => {
    const q = (c.req.query("q") ?? "").trim();
    if (q.length < 2) return badRequest(c, "Type at least 2 letters of a name or an e-mail address.");
    if (q.length > 100) return badRequest(c, "Search for at most 100 characters.");
    const rawShift = c.req.query("shift");
    const shift = rawShift === undefined ? undefined : parseId(rawShift);
    if (shift === null) return notFound(c, "This shift no longer exists: it may have been deleted.");
    const { timeZone } = await event();
    return c.json({ people: await findVolunteers(db, timeZone, q, shift) });
  });

  admin.post("/shifts/:id/people", async (c) => {
    const shiftId = parseId(c.req.param("id"));
    if (shiftId === null) return notFound(c, "This shift no longer exists: it may have been deleted.");
    const parsed = assignSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const { timeZone } = await event();
    const done = await assignVolunteer(
      db,
      { shiftId, ...parsed.data, who: c.get("admin"), zone: timeZone, siteUrl: options.siteUrl },
      now(),
    );
    if (!done.ok)
      return c.json({ error: done.error, ...(done.overlaps ? { overlaps: done.overlaps } : {}) }, done.status);
    return c.json({ shift: done.shift });
  });

  admin.delete("/shifts/:id/people/:adminId", async (c) => {
    const shiftId = parseId(c.req.param("id"));
    const adminId = parseId(c.req.param("adminId"));
    if (shiftId === null || adminId === null) return notFound(c, "This person is not on this shift (any more).");
    const { timeZone } = await event();
    const done = await takeOff(db, { shiftId, adminId, who: c.get("admin"), zone: timeZone, siteUrl: options.siteUrl });
    if (!done.ok) return c.json({ error: done.error }, done.status);
    return c.body(null, 204);
  });

  admin.get("/shifts/export", async (c) => {
    const { timeZone } = await event();
    const day = now().toISOString().slice(0, 10);
    return c.body(await shiftsCsv(db, timeZone, now()), 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="tncc-rota-${day}.csv"`,
    });
  });
}
