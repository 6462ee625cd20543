/**
 * The Box office tab's orders (issue 53, 61): server/tickets/admin-routes.ts, and the moves on one order
 * (server/tickets/order-routes.ts), which the Attendees tab serves under its own path too (./attendees.ts).
 * The request bodies are typed here; what their values mean (an amount, a plan of the live build, a reason in a
 * sentence) the server checks and answers at the field, 422.
 */
import * as z from "zod/mini";
import { BOX_OFFICE_METHODS, BOX_OFFICE_SHOWS } from "../../lib/admin/box-office";
import { adminRoute } from "../../lib/admin/route";

const STATES = ["awaiting-payment", "paid", "cancelled", "released", "refund-owed", "refunded"] as const;

const orderRow = z.object({
  id: z.number(),
  /** TNCC-T000042 */
  reference: z.string(),
  plan: z.string(),
  name: z.string(),
  email: z.string(),
  status: z.enum(["paid", "pending", "released", "cancelled", "refunded"]),
  /** Its state (issue 61): the status, with "refund owed" for money paid by hand and not given back yet. */
  state: z.enum(STATES),
  /** People it is for: its tickets once paid, its held seats before. */
  seats: z.number(),
  /** "2 seats, waiting for payment" */
  seatsText: z.string(),
  /** "card", "later", "complimentary", "door", "free". */
  method: z.string(),
  manual: z.boolean(),
  /** Issued by hand past its plan's capacity, with a reason (issue 61). */
  overCapacity: z.boolean(),
  tickets: z.number(),
  /** "59.00 USD" */
  amount: z.string(),
  createdAt: z.string(),
  /** A pending order's deadline, in words with the event's time zone: "Tue 8 Dec 2026, 18:23 CST". */
  due: z.nullable(z.string()),
});
export type BoxOfficeOrderRow = z.infer<typeof orderRow>;

/** The orders, filtered by state and method, found by buyer, reference, ticket code or holder. */
export const listOrders = adminRoute({
  method: "GET",
  path: "/box-office/orders",
  query: z.object({ q: z.optional(z.string()), show: z.optional(z.string()), method: z.optional(z.string()) }),
  answer: z.object({
    q: z.string(),
    show: z.enum(BOX_OFFICE_SHOWS),
    method: z.enum(BOX_OFFICE_METHODS),
    orders: z.array(orderRow),
    /** The plans an order by hand may be for. */
    plans: z.array(
      z.object({ id: z.string(), title: z.string(), people: z.number(), priceMinor: z.number(), left: z.number() }),
    ),
    currency: z.string(),
  }),
});

export type BoxOfficeList = z.infer<typeof listOrders.answer>;

const ORDER_ACTIONS = ["mark-paid", "resend", "cancel", "release", "refund"] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

const timelineStep = z.object({
  /** ISO time */
  at: z.string(),
  /** In words: "Created (pay later)", "Paid: 59.00 USD by bank transfer (ada@…)", "Ticket 2 admitted at Main door". */
  text: z.string(),
  kind: z.string(),
});
export type TimelineStep = z.infer<typeof timelineStep>;

/** One order, its seats, its tickets and their check-ins, its timeline and what can be done with it now. */
export const getOrder = adminRoute({
  method: "GET",
  path: "/box-office/orders/:id",
  answer: z.object({
    ...orderRow.shape,
    /** The amount still to pay, in minor units (for the "mark paid" form). */
    amountMinor: z.number(),
    currency: z.string(),
    paidBy: z.nullable(z.string()),
    timeline: z.array(timelineStep),
    /** The event's time zone (the timeline's times). */
    timeZone: z.string(),
    /** Its tickets and their check-ins at the door. */
    list: z.array(
      z.object({
        position: z.number(),
        code: z.string(),
        holderName: z.nullable(z.string()),
        status: z.string(),
        checkedIn: z.nullable(z.object({ at: z.string(), door: z.string(), by: z.optional(z.string()) })),
      }),
    ),
    /** Money paid by hand and owed back since it was cancelled: "38.00 USD"; null when nothing is owed. */
    refundOwed: z.nullable(z.string()),
    /** What the organiser can do with it now. */
    actions: z.array(z.enum(ORDER_ACTIONS)),
  }),
});
export type BoxOfficeOrder = z.infer<typeof getOrder.answer>;

/** A pending order's money received: its tickets go out once, however often it is marked. */
export const markOrderPaid = adminRoute({
  method: "POST",
  path: "/box-office/orders/:id/paid",
  body: z.object({
    amount: z.string("Please write the amount received, like 59.00."),
    paidBy: z.string("Please choose how the money came."),
  }),
  answer: z.object({
    reference: z.string(),
    message: z.string(),
    /** The tickets went out now (false: they had gone out before). */
    sent: z.boolean(),
  }),
});

/** Tickets issued by hand, "complimentary" or "door" (paid at the door); past capacity only with a reason. */
export const issueOrder = adminRoute({
  method: "POST",
  path: "/box-office/orders",
  body: z.object({
    plan: z.optional(z.string("Please choose a plan.")),
    quantity: z.optional(z.string("Please give a number of 1 to 50.")),
    name: z.optional(z.string("Please write the name the order is for (at most 100 letters).")),
    email: z.optional(z.string("Please enter an e-mail address, like name@example.org.")),
    names: z.optional(z.string("Write the names one a line.")),
    kind: z.optional(z.string('Please choose "Complimentary" or "Paid at the door".')),
    amount: z.optional(z.string("Please write the amount paid at the door, like 19.00.")),
    reason: z.optional(z.string("Please keep the reason under 300 letters.")),
  }),
  answer: z.object({ id: z.number(), reference: z.string(), message: z.string() }),
  status: 201,
});

/** The outcome of a move in words (also when it was done before: 409 with the same shape). */
const moveAnswer = z.object({
  reference: z.string(),
  state: z.enum(["held", "awaiting-confirmation", ...STATES]),
  message: z.string(),
  /** A cancel: the card refund's fate, the seats freed and the waiting-list entries offered them. */
  refund: z.optional(z.string()),
  seats: z.optional(z.number()),
  offered: z.optional(z.number()),
  already: z.optional(z.boolean()),
  to: z.optional(z.string()),
});
export type OrderMoveAnswer = z.infer<typeof moveAnswer>;

/** The moves on one order under `base`: cancel, release, refund (money given back by hand), resend. */
export const orderMoves = <const B extends string>(base: B) => ({
  cancel: adminRoute({ method: "POST", path: `${base}/:id/cancel`, answer: moveAnswer }),
  release: adminRoute({ method: "POST", path: `${base}/:id/release`, answer: moveAnswer }),
  refund: adminRoute({
    method: "POST",
    path: `${base}/:id/refund`,
    body: z.object({
      amountMinor: z.number("Please write the amount given back, like 38.00."),
      method: z.string("Please choose how the money was given back."),
    }),
    answer: moveAnswer,
  }),
  resend: adminRoute({ method: "POST", path: `${base}/:id/resend`, answer: moveAnswer }),
});
export type OrderMoves = ReturnType<typeof orderMoves<string>>;

export const boxOfficeMoves = orderMoves("/box-office/orders");
