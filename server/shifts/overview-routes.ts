/**
 * The organisers' overview (issue 66, items 4 and 5), under `/api/admin` (organisers only):
 *
 * - `GET /shifts/volunteers?q=&shift=`: at most ten accounts whose name or address holds `q` (never a list of
 *   everyone), each with their chosen roles, missed count and, with `shift`, what keeps them busy then.
 * - `POST /shifts/:id/people` (assignSchema): a stand-in put on; `DELETE /shifts/:id/people/:adminId`: taken off.
 * - `GET /shifts/export`: the plan as CSV.
 */
import type { Hono } from "hono";
import * as api from "../../app/api/admin/shifts";
import { parseId } from "../../app/forms/admin";
import { badRequest, notFound, serve, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { setShiftsZone } from "./audiences";
import { shiftsEvent } from "./event";
import { assignVolunteer, findVolunteers, shiftsCsv, takeOff } from "./overview.queries";

export function registerOverview(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  const now = () => new Date(options.now());
  setShiftsZone(async () => (await event()).timeZone);

  serve(admin, api.findVolunteers, async (c, { query }) => {
    const q = (query.q ?? "").trim();
    if (q.length < 2) return badRequest(c, "Type at least 2 letters of a name or an e-mail address.");
    if (q.length > 100) return badRequest(c, "Search for at most 100 characters.");
    const shift = query.shift === undefined ? undefined : parseId(query.shift);
    if (shift === null) return notFound(c, "This shift no longer exists: it may have been deleted.");
    const { timeZone } = await event();
    return { people: await findVolunteers(db, timeZone, q, shift) };
  });

  serve(admin, api.assignVolunteer, async (c, { body, params }) => {
    const shiftId = parseId(params.id);
    if (shiftId === null) return notFound(c, "This shift no longer exists: it may have been deleted.");
    const { timeZone } = await event();
    const done = await assignVolunteer(
      db,
      { shiftId, ...body, who: c.get("admin"), zone: timeZone, siteUrl: options.siteUrl },
      now(),
    );
    if (!done.ok)
      return c.json({ error: done.error, ...(done.overlaps ? { overlaps: done.overlaps } : {}) }, done.status);
    return { shift: done.shift };
  });

  serve(admin, api.takeOff, async (c, { params }) => {
    const shiftId = parseId(params.id);
    const adminId = parseId(params.adminId);
    if (shiftId === null || adminId === null) return notFound(c, "This person is not on this shift (any more).");
    const { timeZone } = await event();
    const done = await takeOff(db, { shiftId, adminId, who: c.get("admin"), zone: timeZone, siteUrl: options.siteUrl });
    if (!done.ok) return c.json({ error: done.error }, done.status);
    return c.body(null, 204);
  });

  serve(admin, api.exportShifts, async (c) => {
    const { timeZone } = await event();
    const day = now().toISOString().slice(0, 10);
    return c.body(await shiftsCsv(db, timeZone, now()), 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="tncc-rota-${day}.csv"`,
    });
  });
}
