/**
 * The Box office tab's orders (issue 53): every ticket order in one place (paid, pending, issued by hand,
 * released, cancelled, refunded), each with its timeline; the organiser marks a pending order paid or issues
 * tickets by hand. The answers of `/api/admin/box-office/*`, shared by the page
 * (app/components/admin/box-office/) and the server (server/tickets/admin-routes.ts).
 */

import type { CheckIn } from "../door/protocol";

/** The list's filter by state ("manual": issued by hand, whatever its state). */
export const BOX_OFFICE_SHOWS = [
  "all",
  "pending",
  "paid",
  "manual",
  "released",
  "cancelled",
  "refund-owed",
  "refunded",
] as const;
export type BoxOfficeShow = (typeof BOX_OFFICE_SHOWS)[number];
export const isBoxOfficeShow = (value: string): value is BoxOfficeShow =>
  (BOX_OFFICE_SHOWS as readonly string[]).includes(value);

export const SHOW_LABELS: Record<BoxOfficeShow, string> = {
  all: "All orders",
  pending: "Waiting for payment",
  paid: "Paid",
  manual: "Issued by hand",
  released: "Released (unpaid)",
  cancelled: "Cancelled",
  "refund-owed": "Cancelled, refund owed",
  refunded: "Refunded",
};

/** The list's filter by how the order is paid (issue 61). */
export const BOX_OFFICE_METHODS = ["all", "card", "later", "free", "complimentary", "door"] as const;
export type BoxOfficeMethod = (typeof BOX_OFFICE_METHODS)[number];
export const isBoxOfficeMethod = (value: string): value is BoxOfficeMethod =>
  (BOX_OFFICE_METHODS as readonly string[]).includes(value);

/** An order's state (server/tickets/order-life/life.ts ORDER_STATES), as the list and the order's page say it. */
export type OrderStateName = "awaiting-payment" | "paid" | "cancelled" | "released" | "refund-owed" | "refunded";
export const STATE_LABELS: Record<OrderStateName, string> = {
  "awaiting-payment": "Waiting for payment",
  paid: "Paid",
  cancelled: "Cancelled",
  released: "Released (unpaid)",
  "refund-owed": "Cancelled, refund owed",
  refunded: "Refunded",
};

/** An order's seats in words: "2 seats, waiting for payment", "1 ticket", never "0 tickets" for an unpaid order. */
export function seatsText(state: OrderStateName, seats: number, tickets: number): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  switch (state) {
    case "awaiting-payment":
      return `${n(seats, "seat", "seats")}, waiting for payment`;
    case "released":
      return `${n(seats, "seat", "seats")}, released`;
    case "paid":
      return n(tickets, "ticket", "tickets");
    default:
      return tickets ? `${n(tickets, "ticket", "tickets")}, not valid` : `${n(seats, "seat", "seats")}, not kept`;
  }
}

/** How the money came (or is to come) for a pending order. */
export const PAID_BY = { "bank-transfer": "Bank transfer", cash: "Cash", cheque: "Cheque" } as const;
export type PaidBy = keyof typeof PAID_BY;
export const isPaidBy = (value: unknown): value is PaidBy => typeof value === "string" && Object.hasOwn(PAID_BY, value);

/** An order's way of payment in words. */
export const METHOD_LABELS: Record<string, string> = {
  card: "Card (online)",
  later: "Pay later",
  complimentary: "Complimentary",
  door: "Paid at the door",
  free: "Free registration",
};

export interface BoxOfficeOrderRow {
  id: number;
  /** TNCC-T000042 */
  reference: string;
  plan: string;
  name: string;
  email: string;
  status: "paid" | "pending" | "released" | "cancelled" | "refunded";
  /** Its state (issue 61): the status, with "refund owed" for money paid by hand and not given back yet. */
  state: OrderStateName;
  /** People it is for: its tickets once paid, its held seats before. */
  seats: number;
  /** "2 seats, waiting for payment" */
  seatsText: string;
  /** "card", "later", "complimentary", "door", "free". */
  method: string;
  manual: boolean;
  /** Issued by hand past its plan's capacity, with a reason (issue 61). */
  overCapacity: boolean;
  tickets: number;
  /** "59.00 USD" */
  amount: string;
  createdAt: string;
  /** A pending order's deadline, in words with the event's time zone: "Tue 8 Dec 2026, 18:23 CST". */
  due: string | null;
}

/** `GET /api/admin/box-office/orders?q=&show=` */
export interface BoxOfficeList {
  q: string;
  show: BoxOfficeShow;
  method: BoxOfficeMethod;
  orders: BoxOfficeOrderRow[];
  /** The plans an order by hand may be for. */
  plans: { id: string; title: string; people: number; priceMinor: number; left: number }[];
  currency: string;
}

export interface TimelineStep {
  /** ISO time */
  at: string;
  /** In words: "Created (pay later)", "Paid: 59.00 USD by bank transfer (ada@…)", "Ticket 2 admitted at Main door". */
  text: string;
  kind: string;
}

/** `GET /api/admin/box-office/orders/:id` */
export interface BoxOfficeOrder extends BoxOfficeOrderRow {
  /** The amount still to pay, in minor units (for the "mark paid" form). */
  amountMinor: number;
  currency: string;
  paidBy: string | null;
  timeline: TimelineStep[];
  /** The event's time zone (the timeline's times). */
  timeZone: string;
  /** Its tickets and their check-ins at the door. */
  list: {
    position: number;
    code: string;
    holderName: string | null;
    status: string;
    checkedIn: CheckIn | null;
  }[];
  /** Money paid by hand and owed back since it was cancelled: "38.00 USD"; null when nothing is owed. */
  refundOwed: string | null;
  /** What the organiser can do with it now. */
  actions: OrderAction[];
}

export type OrderAction = "mark-paid" | "resend" | "cancel" | "release" | "refund";

/** `POST /api/admin/box-office/orders/:id/{cancel,release,refund,resend}` (issue 61): the outcome in words. */
export interface OrderMoveAnswer {
  reference: string;
  state: OrderStateName | "held" | "awaiting-confirmation";
  message: string;
  /** A cancel: the card refund's fate, the seats freed and the waiting-list entries offered them. */
  refund?: string;
  seats?: number;
  offered?: number;
  already?: boolean;
  to?: string;
}

/** How money paid by hand was given back (the "record refund" form). */
export const REFUNDED_BY = { "bank-transfer": "Bank transfer", cash: "Cash", cheque: "Cheque" } as const;

/** `POST /api/admin/box-office/orders/:id/paid` */
export interface MarkPaidAnswer {
  reference: string;
  message: string;
  /** The tickets went out now (false: they had gone out before). */
  sent: boolean;
}

/** `POST /api/admin/box-office/orders`: tickets issued by hand. */
export interface ManualOrderAnswer {
  id: number;
  reference: string;
  message: string;
}

/** A refusal said at the field it concerns (`field`), in people's words. */
export interface FieldError {
  error: string;
  field?: string;
  /** Over the plan's capacity: a reason lets it through (audited). */
  overCapacity?: boolean;
}

/** "59", "59.5", "59.00" -> 5900; null when not an amount. */
export function parseAmount(text: string): number | null {
  const value = text.trim().replace(",", ".");
  if (!/^\d{1,6}(\.\d{1,2})?$/.test(value)) return null;
  const [whole, cents = ""] = value.split(".");
  return Number(whole) * 100 + Number(cents.padEnd(2, "0"));
}
