/**
 * Volunteer shifts (issue 66): roles, places and shifts planned by the organisers; volunteers sign up on their
 * phone; reminders and gap offers as jobs; arrivals on the day. Every route is under `/api/admin` (the
 * organisers' check, server/admin/routes.ts: a volunteer's or door volunteer's session reaches only
 * `/api/admin/volunteer/*`), except the volunteer's calendar feed, whose private link is the proof.
 *
 * - ./read-routes.ts, ./read.queries.ts: `GET /shifts`, the plan with who is on each shift (read by every part).
 * - ./plan-routes.ts: the organisers' roles, places and shifts (`/shifts/roles`, `/shifts/places`, `/shifts`).
 * - ./overview-routes.ts: the organisers' overview, who is on and late, stand-ins, the CSV.
 * - ./volunteer-routes.ts: the volunteer's own page (`/volunteer/*`) and the calendar feed.
 * - ./reminders.ts, ./jobs.ts: the reminders, gap offers and change notices (jobs in the database).
 */
import { organiserFeature } from "../admin";
import type { FeatureRoutes, ServerContext } from "../context";
import { registerOverview } from "./overview-routes";
import { registerPlan } from "./plan-routes";
import { registerRead } from "./read-routes";
import { registerVolunteer, volunteerSite } from "./volunteer-routes";
import { shiftsEvent } from "./event";
import { setReminderClock } from "./reminders";
import { shiftsFreed } from "./account-removed";

export function routes(ctx: ServerContext): FeatureRoutes {
  // The reminders' times need the event's clock and this server's (./reminders.ts).
  setReminderClock({ event: shiftsEvent(ctx), now: ctx.now });
  // Removing an account frees its shifts and tells the organisers (./account-removed.ts).
  ctx.accountRemoval.push(shiftsFreed(ctx));
  const organisers = organiserFeature(ctx, (admin, options) => {
    registerRead(admin, options, ctx);
    registerPlan(admin, options, ctx);
    registerOverview(admin, options, ctx);
    registerVolunteer(admin, options, ctx);
  });
  return { ...organisers, site: volunteerSite(ctx) };
}
