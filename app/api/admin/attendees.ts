/**
 * The organisers' Attendees (issue 42, item 5): server/attendees/routes.ts. Read by the Box office tab's seats
 * and CSV (app/components/admin/box-office/) and the door's figures (app/components/admin/door/). An order's moves
 * at `/attendees/orders/:id/…` are the Box office's (server/tickets/order-routes.ts).
 */
import * as z from "zod/mini";
import { adminRoute } from "../../lib/admin/route";

/** A ticket's admission at the door (issue 53): when, at which door, by whom (absent for a removed account). */
const checkIn = z.object({ at: z.string(), door: z.string(), by: z.optional(z.string()) });

/** The door's live figures (app/lib/door/protocol.ts DoorFigures, the same as the door page's). */
const doorFigures = z.object({
  plans: z.array(z.object({ id: z.string(), title: z.string(), checkedIn: z.number(), expected: z.number() })),
  arrivals: z.array(z.object({ from: z.string(), count: z.number() })),
  conflicts: z.array(z.object({ code: z.string(), name: z.string(), first: checkIn, later: z.array(checkIn) })),
});

const summaryAnswer = z.object({
  /** Per plan, in people. */
  plans: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      capacity: z.number(),
      sold: z.number(),
      held: z.number(),
      left: z.number(),
      /** People on the waiting list (confirmed or with an open offer) and the seats they ask for. */
      waiting: z.number(),
      waitingSeats: z.number(),
    }),
  ),
});
export type AttendeesSummary = z.infer<typeof summaryAnswer>;

/** One order as listed by a search. */
const attendeeOrderRow = z.object({
  id: z.number(),
  /** TNCC-T000042 */
  reference: z.string(),
  planId: z.string(),
  plan: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(["paid", "cancelled", "refunded"]),
  tickets: z.number(),
  amountMinor: z.number(),
  currency: z.string(),
  createdAt: z.string(),
});
export type AttendeeOrderRow = z.infer<typeof attendeeOrderRow>;

const searchAnswer = z.object({ q: z.string(), orders: z.array(attendeeOrderRow) });
export type AttendeesSearch = z.infer<typeof searchAnswer>;

const orderAnswer = z.extend(attendeeOrderRow, {
  paymentIntent: z.nullable(z.string()),
  cancelledAt: z.nullable(z.string()),
  list: z.array(
    z.object({
      position: z.number(),
      code: z.string(),
      holderName: z.nullable(z.string()),
      holderEmail: z.nullable(z.string()),
      status: z.string(),
      /** Its admission at the door (issue 53); null until it came in. */
      checkedIn: z.nullable(checkIn),
    }),
  ),
  /** The event's time zone, the times' (absent when the box office is not running). */
  timeZone: z.optional(z.string()),
});
export type AttendeeOrder = z.infer<typeof orderAnswer>;

const doorAnswer = z.object({
  figures: doorFigures,
  /** The event's time zone: the door's times are told in it (issue 53). */
  timeZone: z.optional(z.string()),
  /** The phones reported for sending too many scans. */
  reports: z.array(z.object({ at: z.string(), who: z.nullable(z.string()), device: z.string(), door: z.string() })),
});
export type DoorOverview = z.infer<typeof doorAnswer>;

/** Per plan: people sold, held, left and waiting. */
export const attendeesSummary = adminRoute({ method: "GET", path: "/attendees/summary", answer: summaryAnswer });

/** The door's live figures and the phones reported for too many scans (issue 43); 503 without a box office. */
export const doorOverview = adminRoute({ method: "GET", path: "/attendees/door", answer: doorAnswer });

/** Orders by buyer name or e-mail, reference (TNCC-T000042), ticket code or holder. */
export const searchAttendees = adminRoute({
  method: "GET",
  path: "/attendees",
  query: z.object({ q: z.optional(z.string()) }),
  answer: searchAnswer,
});

/** One order and its tickets. */
export const attendeeOrder = adminRoute({ method: "GET", path: "/attendees/orders/:id", answer: orderAnswer });

/** CSV, one row per ticket. */
export const exportAttendees = adminRoute({ method: "GET", path: "/attendees/export", answer: null });
