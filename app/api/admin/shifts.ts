/**
 * Volunteer shifts (issue 66): the organisers' plan, overview and rota (server/shifts/read-routes.ts,
 * plan-routes.ts, overview-routes.ts) and the volunteer's own page under `/volunteer/` (volunteer-routes.ts; any
 * signed-in account, each acting only on itself). Bodies are app/forms/shifts.ts's. Times: instants as ISO 8601
 * with the event zone's offset; days as "2024-10-24" in the event's zone.
 */
import * as z from "zod/mini";
import { ADMIN_ROLES } from "../../forms/admin";
import {
  assignSchema,
  blockoutSchema,
  placeSchema,
  roleSchema,
  rolesChosenSchema,
  shiftDeleteSchema,
  shiftPlanSchema,
} from "../../forms/shifts";
import { DOORS } from "../../lib/door/protocol";
import { adminRoute } from "../../lib/admin/route";

const role = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  /** Shifts of this role (a role with shifts cannot be deleted). */
  shifts: z.number(),
});
export type Role = z.infer<typeof role>;

const place = z.object({
  id: z.number(),
  name: z.string(),
  /** The check-in page's door it is, if any. */
  door: z.nullable(z.enum(DOORS)),
  shifts: z.number(),
});
export type Place = z.infer<typeof place>;

const shiftPerson = z.object({
  adminId: z.number(),
  name: z.string(),
  arrivedAt: z.nullable(z.string()),
  /** No arrival by the shift's end. */
  missed: z.boolean(),
  /** Past the start by LATE_AFTER_MINUTES, not arrived, shift not over. */
  late: z.boolean(),
});
export type ShiftPerson = z.infer<typeof shiftPerson>;

const shift = z.object({
  id: z.number(),
  placeId: z.number(),
  place: z.string(),
  /** The check-in page's door this shift's place is, if any. */
  door: z.nullable(z.string()),
  roleId: z.number(),
  role: z.string(),
  /** The day it starts on, in the event's time zone ("2024-10-24"). */
  day: z.string(),
  /** ISO 8601 with the event zone's offset. */
  startsAt: z.string(),
  endsAt: z.string(),
  needed: z.number(),
  filled: z.number(),
});
export type Shift = z.infer<typeof shift>;

const shiftWithPeople = z.extend(shift, { people: z.array(shiftPerson) });
export type ShiftWithPeople = z.infer<typeof shiftWithPeople>;

const planAnswer = z.object({
  timeZone: z.string(),
  /** The event's days ("2024-10-24"…), for the day chooser. */
  days: z.array(z.string()),
  roles: z.array(role),
  places: z.array(place),
  shifts: z.array(shiftWithPeople),
});
export type PlanAnswer = z.infer<typeof planAnswer>;

const blockout = z.object({ id: z.number(), startsAt: z.string(), endsAt: z.string(), note: z.string() });

const volunteerAnswer = z.object({
  timeZone: z.string(),
  days: z.array(z.string()),
  me: z.object({ adminId: z.number(), name: z.string(), roleIds: z.array(z.number()), missed: z.number() }),
  roles: z.array(role),
  /** Theirs, soonest first; `canGiveBack`: before the cut-off. */
  mine: z.array(z.extend(shift, { arrivedAt: z.nullable(z.string()), canGiveBack: z.boolean() })),
  /** Shifts of their roles with a place free, not at the same time as one of theirs. */
  open: z.array(shift),
  blockouts: z.array(blockout),
  giveBackHours: z.number(),
});
export type VolunteerAnswer = z.infer<typeof volunteerAnswer>;

/** One account found for a stand-in. */
const foundVolunteer = z.object({
  adminId: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  roleLabel: z.string(),
  /** The volunteer roles they said they will do, by name. */
  roles: z.array(z.string()),
  /** Shifts they were marked missing on. */
  missed: z.number(),
  /** With a shift asked about: what keeps them busy then, in words (none: free). */
  busy: z.array(z.string()),
  /** Already on the shift asked about. */
  onShift: z.boolean(),
});
export type FoundVolunteer = z.infer<typeof foundVolunteer>;

/** What the volunteer's page says after a move. */
const said = z.object({ message: z.string() });

// The organisers' plan.

/** The plan and rota in one answer: the event's days and zone, roles and places with their uses, every shift. */
export const planShifts = adminRoute({ method: "GET", path: "/shifts", answer: planAnswer });

export const addRole = adminRoute({
  method: "POST",
  path: "/shifts/roles",
  body: roleSchema,
  answer: role,
  status: 201,
});
export const changeRole = adminRoute({ method: "PATCH", path: "/shifts/roles/:id", body: roleSchema, answer: role });
/** A role with shifts → 409 naming them. */
export const deleteRole = adminRoute({
  method: "DELETE",
  path: "/shifts/roles/:id",
  answer: z.object({ deleted: z.string() }),
});

export const addPlace = adminRoute({
  method: "POST",
  path: "/shifts/places",
  body: placeSchema,
  answer: place,
  status: 201,
});
export const changePlace = adminRoute({
  method: "PATCH",
  path: "/shifts/places/:id",
  body: placeSchema,
  answer: place,
});
export const deletePlace = adminRoute({
  method: "DELETE",
  path: "/shifts/places/:id",
  answer: z.object({ deleted: z.string() }),
});

/** One shift per chosen day of the event, in one transaction: the shifts made. */
export const makeShifts = adminRoute({
  method: "POST",
  path: "/shifts",
  body: shiftPlanSchema,
  answer: z.object({ shifts: z.array(shift) }),
  status: 201,
});

/** The same fields with one day; `moved`: a new time, its people told. */
export const changeShift = adminRoute({
  method: "PATCH",
  path: "/shifts/:id",
  body: shiftPlanSchema,
  answer: z.object({ shift, moved: z.boolean() }),
});

/** With people on it only with `tellPeople` (409 `{ error, people }` otherwise): each is mailed. */
export const deleteShift = adminRoute({
  method: "DELETE",
  path: "/shifts/:id",
  body: shiftDeleteSchema,
  answer: z.object({ deleted: z.number(), told: z.number() }),
});

// The overview and rota.

/** At most ten accounts whose name or address holds `q`, each with what keeps them busy at `shift`'s time. */
export const findVolunteers = adminRoute({
  method: "GET",
  path: "/shifts/volunteers",
  query: z.object({ q: z.optional(z.string()), shift: z.optional(z.string()) }),
  answer: z.object({ people: z.array(foundVolunteer) }),
});

/** A stand-in put on; an overlap → 409 `{ error, overlaps }` unless a reason is given. */
export const assignVolunteer = adminRoute({
  method: "POST",
  path: "/shifts/:id/people",
  body: assignSchema,
  answer: z.object({ shift: shiftWithPeople }),
});

/** Taken off (204, no answer); they are told by mail. */
export const takeOff = adminRoute({ method: "DELETE", path: "/shifts/:id/people/:adminId", answer: z.null() });

/** The plan as CSV. */
export const exportShifts = adminRoute({ method: "GET", path: "/shifts/export", answer: null });

// The volunteer's own page.

export const volunteerShifts = adminRoute({ method: "GET", path: "/volunteer/shifts", answer: volunteerAnswer });

export const chooseRoles = adminRoute({
  method: "PUT",
  path: "/volunteer/roles",
  body: rolesChosenSchema,
  answer: z.object({ roleIds: z.array(z.number()), message: z.string() }),
});

/** Signs up (one transaction, the shift's row locked): full, started or overlapping → 409 in words. */
export const signUp = adminRoute({ method: "POST", path: "/volunteer/shifts/:id", answer: said });
/** Gives it back before the cut-off (409 after it). */
export const giveBack = adminRoute({ method: "DELETE", path: "/volunteer/shifts/:id", answer: said });
/** "I'm here". */
export const markHere = adminRoute({ method: "POST", path: "/volunteer/shifts/:id/here", answer: said });

export const addBlockout = adminRoute({
  method: "POST",
  path: "/volunteer/blockouts",
  body: blockoutSchema,
  answer: z.object({ id: z.number(), message: z.string() }),
  status: 201,
});
export const removeBlockout = adminRoute({ method: "DELETE", path: "/volunteer/blockouts/:id", answer: said });

/** A new private calendar feed link (the old one works no more). */
export const newCalendarLink = adminRoute({
  method: "POST",
  path: "/volunteer/calendar",
  answer: z.object({ url: z.string() }),
  status: 201,
});
