/**
 * Volunteer shifts (issue 66): what the organisers' plan, the volunteer's own page (/volunteer) and the server
 * (server/shifts/) take and answer. Shared by the People tabs (app/components/admin/shifts/), the volunteer's
 * page (app/components/volunteer/) and the server, which checks again as the authority; the answers' shapes are
 * the contract's (app/api/admin/shifts.ts). zod/mini, as the other forms. Times: the browser sends a day
 * ("2024-10-24") and wall-clock times ("08:00", from `<input type=time>`) in the event's time zone; the server
 * turns them into instants (app/lib/schedule/zoned-time.ts zonedIso) and answers instants as ISO 8601 with the
 * zone's offset. A shift whose end is not after its start crosses midnight.
 */
import * as z from "zod/mini";
import { DOORS } from "../lib/door/protocol";

/** The volunteer's own page: rendered in the browser only (server/http-policy.ts isClientOnlyPath). */
export const VOLUNTEER_PAGE = "/volunteer";

export const MAX_ROLE_NAME = 60;
export const MAX_PLACE_NAME = 60;
export const MAX_DESCRIPTION = 200;
export const MAX_REASON = 300;
export const MAX_NEEDED = 50;
/** A shift of at most this many hours (a longer one is a typing slip: 08:00–07:00 is 23 hours). */
export const MAX_SHIFT_HOURS = 16;
/** One repeated shift over at most this many days. */
export const MAX_DAYS = 14;
/** Giving a shift back is the volunteer's until this many hours before it (content may set another). */
export const DEFAULT_GIVE_BACK_HOURS = 24;
/** A volunteer with no arrival this many minutes after the start is late. */
export const LATE_AFTER_MINUTES = 10;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

const nameOf = (what: string, max: number) =>
  z
    .string(`${what} is missing.`)
    .check(
      z.trim(),
      z.minLength(1, `${what} is empty: please write it.`),
      z.maxLength(max, `${what} is longer than ${max} characters: please shorten it.`),
    );
const day = z.string("Please choose a day.").check(z.regex(DAY, "Please choose a day."));
const clock = (what: string) => z.string(`Please give ${what}.`).check(z.regex(HHMM, `Please give ${what}.`));
const id = z.number("This is not one of the list's.").check(z.int(), z.positive("This is not one of the list's."));

/** `POST /api/admin/shifts/roles`, `PATCH /api/admin/shifts/roles/:id`. */
export const roleSchema = z.object({
  name: nameOf("The role's name", MAX_ROLE_NAME),
  description: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(
          MAX_DESCRIPTION,
          `The description is longer than ${MAX_DESCRIPTION} characters: please shorten it.`,
        ),
      ),
  ),
});
export type RoleInput = z.infer<typeof roleSchema>;

/** `POST /api/admin/shifts/places`, `PATCH /api/admin/shifts/places/:id`; `door`: the check-in page's door it is. */
export const placeSchema = z.object({
  name: nameOf("The place's name", MAX_PLACE_NAME),
  door: z.optional(z.nullable(z.enum(DOORS, "Please choose one of the check-in page's doors, or none."))),
});
export type PlaceInput = z.infer<typeof placeSchema>;

/**
 * `POST /api/admin/shifts`: one shift repeated over the chosen days ("Door 1, 08:00–12:00, 2 people" on 24, 25
 * and 26 October); `PATCH /api/admin/shifts/:id` takes the same fields with one day.
 */
export const shiftPlanSchema = z.object({
  placeId: id,
  roleId: id,
  days: z
    .array(day, "Please choose at least one day.")
    .check(
      z.minLength(1, "Please choose at least one day."),
      z.maxLength(MAX_DAYS, `At most ${MAX_DAYS} days at once.`),
    ),
  start: clock("the time it starts"),
  end: clock("the time it ends"),
  needed: z
    .number("Please say how many people it needs.")
    .check(
      z.int("Please say how many people it needs, as a whole number."),
      z.minimum(1, "A shift needs at least one person."),
      z.maximum(MAX_NEEDED, `At most ${MAX_NEEDED} people on one shift.`),
    ),
});
export type ShiftPlan = z.infer<typeof shiftPlanSchema>;

/**
 * `POST /api/admin/shifts/:id/people`: an organiser puts a volunteer on a shift (a stand-in), found by name (never a
 * list of every account); `reason` is needed when it overlaps another of their shifts (audited).
 */
export const assignSchema = z.object({
  adminId: id,
  reason: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.maxLength(MAX_REASON, `The reason is longer than ${MAX_REASON} characters: please shorten it.`),
      ),
  ),
});

/** `PUT /api/admin/volunteer/roles`: the roles the volunteer will do. */
export const rolesChosenSchema = z.object({ roleIds: z.array(id).check(z.maxLength(50)) });

/** `DELETE /api/admin/shifts/:id`: a shift with people on it goes only when they are told (each by mail). */
export const shiftDeleteSchema = z.object({
  tellPeople: z.optional(z.boolean("Say whether the people on it are told: true or false.")),
});

/** `POST /api/admin/volunteer/blockouts`: a time they cannot come, from a day and time to a day and time. */
export const blockoutSchema = z.object({
  fromDay: day,
  fromTime: clock("the time it starts"),
  toDay: day,
  toTime: clock("the time it ends"),
  note: z.optional(
    z.string().check(z.trim(), z.maxLength(MAX_DESCRIPTION, "The note is too long: please shorten it.")),
  ),
});
