/**
 * The Box office tab's orders (issue 53): every ticket order in one place (paid, pending, issued by hand,
 * released, cancelled, refunded), each with its timeline; the organiser marks a pending order paid or issues
 * tickets by hand. The answers of `/api/admin/box-office/*`, shared by the page
 * (app/components/admin/box-office/) and the server (server/tickets/admin-routes.ts).
 */

export const BOX_OFFICE_SHOWS = ["all", "pending", "paid", "manual", "released", "cancelled", "refunded"] as const;
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
  refunded: "Refunded",
};

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
  /** "card", "later", "complimentary", "door", "free". */
  method: string;
  manual: boolean;
  /** Issued by hand past its plan's capacity, with a reason (issue 61). */
  overCapacity: boolean;
  tickets: number;
  /** "59.00 USD" */
  amount: string;
  createdAt: string;
  /** A pending order's deadline, in words (the event's time zone). */
  due: string | null;
}

/** `GET /api/admin/box-office/orders?q=&show=` */
export interface BoxOfficeList {
  q: string;
  show: BoxOfficeShow;
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
  /** Cancelled after it was paid by hand: the money still to give back, "38.00 USD" (issue 61); null when none. */
  refundOwed: string | null;
  timeline: TimelineStep[];
  /** The event's time zone (the timeline's times). */
  timeZone: string;
}

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
