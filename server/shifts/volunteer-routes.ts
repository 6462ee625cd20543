import type { Hono } from "hono";
import type { AdminEnv, AdminOptions } from "../admin/context";
import type { ServerContext } from "../context";

/** Issue 66: filled in by its part (see ./routes.ts). */
export function registerVolunteer(_admin: Hono<AdminEnv>, _options: AdminOptions, _ctx: ServerContext): void {}

/** The calendar feed (no session: its private link is the proof). Issue 66: filled in by its part. */
export function volunteerSite(_ctx: ServerContext): undefined {
  return undefined;
}
