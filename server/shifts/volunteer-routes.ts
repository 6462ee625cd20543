/**
 * The volunteer's own page (issue 66), under `/api/admin/volunteer/` for any signed-in account (volunteer, door
 * volunteer, organiser), each acting only on itself:
 * - `GET /volunteer/shifts`: VolunteerAnswer of app/api/admin/shifts.ts (theirs, the open ones, their roles and
 *   blockouts, the cut-off).
 * - `PUT /volunteer/roles`: the roles they will do.
 * - `POST /volunteer/shifts/:id`: sign up (./signups.queries.ts signUp: one transaction, the shift's row locked);
 *   `DELETE /volunteer/shifts/:id`: give back before the cut-off; `POST /volunteer/shifts/:id/here`: "I'm here".
 * - `POST /volunteer/blockouts`, `DELETE /volunteer/blockouts/:id`: times they cannot come.
 * - `POST /volunteer/calendar`: a new private feed link (the old one works no more).
 * And for the calendar app, without a session (the link's secret is the proof): `GET /api/volunteer/calendar/:token`.
 */
import { Hono, type Context } from "hono";
import * as api from "../../app/api/admin/shifts";
import { parseId } from "../../app/forms/admin";
import { zonedIso } from "../../app/lib/schedule/zoned-time";
import { shiftClock, shiftWhen } from "../../app/lib/volunteer/shift-time";
import { nameOf } from "../admin/accounts/queries";
import { badRequest, notFound, serve, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { missLimit } from "../rate-limit";
import { ARRIVE_FROM_MINUTES, markArrived } from "./arrivals.queries";
import { shiftsCalendar } from "./calendar";
import { shiftsEvent } from "./event";
import { listRoles, listShifts } from "./read.queries";
import {
  addBlockout,
  chooseRoles,
  feedOwner,
  giveBack,
  newFeed,
  removeBlockout,
  signUp,
  volunteerView,
} from "./signups.queries";

export const FULL = "Someone took the last place on this shift a moment ago. Please choose another one.";
const NO_SHIFT = "This shift is no longer in the plan: please reload the page.";
const FEED_PATH = "/api/volunteer/calendar/";
const FEED_TOKEN = /^[\w-]{32}$/;

export function registerVolunteer(admin: Hono<AdminEnv>, options: AdminOptions, ctx: ServerContext): void {
  const { db } = options.database;
  const event = shiftsEvent(ctx);
  const now = () => new Date(options.now());
  const me = (c: Context<AdminEnv>) => {
    const who = c.get("admin");
    return { adminId: who.id, name: nameOf(who) };
  };

  serve(admin, api.volunteerShifts, async (c) => {
    const { timeZone, days, giveBackHours } = await event();
    const view = await volunteerView(db, me(c), timeZone, now(), giveBackHours);
    return { timeZone, days, ...view };
  });

  serve(admin, api.chooseRoles, async (c, { body }) => {
    if (!(await chooseRoles(db, me(c).adminId, body.roleIds)))
      return badRequest(c, "One of those roles is no longer offered: please reload the page and choose again.");
    return { roleIds: body.roleIds, message: "Saved: the open shifts now show the roles you chose." };
  });

  serve(admin, api.signUp, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, NO_SHIFT);
    const { timeZone } = await event();
    const result = await signUp(db, id, me(c).adminId, now(), timeZone);
    switch (result.kind) {
      case "missing":
        return notFound(c, NO_SHIFT);
      case "started":
        return c.json({ error: "This shift has already started: it cannot be signed up for any more." }, 409);
      case "full":
        return c.json({ error: FULL }, 409);
      case "overlap": {
        const o = result.other;
        return c.json(
          {
            error: `You are already on ${o.place} (${o.role}) at that time, ${shiftWhen(o.startsAt, o.endsAt, timeZone)}. One person cannot be in two places: give that one back first if you would rather do this one.`,
          },
          409,
        );
      }
      case "already":
        return { message: "You are already on this shift." };
      case "done":
        return { message: "You are signed up. Thank you!" };
    }
  });

  serve(admin, api.giveBack, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, "You are not on this shift.");
    const { giveBackHours } = await event();
    const result = await giveBack(db, id, me(c).adminId, now(), giveBackHours);
    if (result === "missing") return notFound(c, "You are not on this shift.");
    if (result === "too-late") {
      const contact = await organisersContact(options);
      return c.json(
        {
          error: `It is less than ${giveBackHours} hours to this shift: please ask an organiser to find someone to take your place${contact ? ` (${contact})` : ""}. You are still on it until then.`,
        },
        409,
      );
    }
    return { message: "You gave the shift back. Thank you for saying so in time." };
  });

  serve(admin, api.markHere, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, "You are not on this shift.");
    const who = me(c);
    const at = now();
    const { timeZone } = await event();
    const [shift] = await listShifts(db, timeZone, at, { ids: [id], adminId: who.adminId });
    if (!shift) return notFound(c, "You are not on this shift.");
    const marked = await markArrived(db, who.adminId, at, id);
    if (marked.length) return { message: `Thank you: you are marked here at ${shiftClock(at, timeZone)}.` };
    const from = new Date(Date.parse(shift.startsAt) - ARRIVE_FROM_MINUTES * 60_000);
    if (at < from)
      return c.json(
        { error: `It is too early for this shift: you can say you are here from ${shiftClock(from, timeZone)}.` },
        409,
      );
    return c.json({ error: "This shift is over: an organiser can mark you if you were there." }, 409);
  });

  serve(admin, api.addBlockout, async (c, { body }) => {
    const { fromDay, fromTime, toDay, toTime, note } = body;
    const { timeZone } = await event();
    const startsAt = zonedIso(fromDay, fromTime, timeZone);
    const endsAt = zonedIso(toDay, toTime, timeZone);
    if (Date.parse(endsAt) <= Date.parse(startsAt))
      return c.json({ error: "The end must be after the start: please check the day and time.", field: "toTime" }, 400);
    const id = await addBlockout(db, me(c).adminId, startsAt, endsAt, note ?? "");
    return { id, message: "Saved: no shifts are offered to you at that time." };
  });

  serve(admin, api.removeBlockout, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null || !(await removeBlockout(db, me(c).adminId, id)))
      return notFound(c, "That time is not in your list (any more).");
    return { message: "Removed." };
  });

  serve(admin, api.newCalendarLink, async (c) => {
    if (!options.siteUrl)
      return c.json({ error: "The calendar link is not available: the site's address is not set up." }, 503);
    const token = await newFeed(db, me(c).adminId);
    return { url: `${options.siteUrl}${FEED_PATH}${token}` };
  });
}

/** The organisers' address for a volunteer to write to, when the site knows it. */
async function organisersContact(options: AdminOptions): Promise<string | null> {
  try {
    return (await options.forms?.organiserEmail()) || null;
  } catch {
    return null;
  }
}

/** The calendar feed (no session: its private link is the proof). Unknown or replaced links answer 404. */
export function volunteerSite(ctx: ServerContext): Hono | undefined {
  const database = ctx.database;
  if (!database) return undefined;
  const { db } = database;
  const event = shiftsEvent(ctx);
  const misses = missLimit({ max: 20, windowMs: 600_000, now: ctx.now, shared: { db, name: "volunteer-feed-miss" } });
  const app = new Hono();
  app.get(`${FEED_PATH}:token`, async (c) => {
    const token = c.req.param("token");
    const adminId = FEED_TOKEN.test(token) ? await feedOwner(db, token) : null;
    if (adminId === null)
      return misses.unknown(c, ctx.clientKey(c), () =>
        c.text("This calendar link works no more: open your shifts page and make a new one.", 404),
      );
    const siteUrl = ctx.siteUrl ?? ctx.forms?.siteUrl ?? "";
    const data = await event();
    const at = new Date(ctx.now());
    const [shifts, roles] = await Promise.all([listShifts(db, data.timeZone, at, { adminId }), listRoles(db)]);
    const ics = shiftsCalendar(data, adminId, shifts, roles, siteUrl, at);
    return c.body(ics, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="my-shifts.ics"',
      "Cache-Control": "no-cache",
      "X-Robots-Tag": "noindex, nofollow",
    });
  });
  return app;
}
