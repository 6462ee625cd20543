/**
 * `GET /api/admin/shifts` (issue 66): the organisers' plan and rota in one answer (app/api/admin/shifts.ts
 * planShifts): the event's days and time zone, roles and places with their uses, every shift with who is on it.
 */
import type { Hono } from "hono";
import * as api from "../../app/api/admin/shifts";
import { serve, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { shiftsEvent } from "./event";
import { listPlaces, listRoles, listShifts } from "./read.queries";

export function registerRead(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  serve(admin, api.planShifts, async () => {
    const { timeZone, days } = await event();
    const [roles, places, shifts] = await Promise.all([
      listRoles(db),
      listPlaces(db),
      listShifts(db, timeZone, new Date(options.now())),
    ]);
    return { timeZone, days, roles, places, shifts };
  });
}
