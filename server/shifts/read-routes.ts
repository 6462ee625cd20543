/**
 * `GET /api/admin/shifts` (issue 66): the organisers' plan and rota in one answer (app/forms/shifts.ts
 * PlanAnswer): the event's days and time zone, roles and places with their uses, every shift with who is on it.
 */
import type { Hono } from "hono";
import type { PlanAnswer } from "../../app/forms/shifts";
import type { AdminEnv, AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { shiftsEvent } from "./event";
import { listPlaces, listRoles, listShifts } from "./read.queries";

export function registerRead(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  admin.get("/shifts", async (c) => {
    const { timeZone, days } = await event();
    const [roles, places, shifts] = await Promise.all([
      listRoles(db),
      listPlaces(db),
      listShifts(db, timeZone, new Date(options.now())),
    ]);
    return c.json({ timeZone, days, roles, places, shifts } satisfies PlanAnswer);
  });
}
