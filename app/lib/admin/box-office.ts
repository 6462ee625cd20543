/**
 * The Box office tab's orders (issue 53): every ticket order in one place (paid, pending, issued by hand,
 * released, cancelled, refunded), each with its timeline; the organiser marks a pending order paid or issues
 * tickets by hand. Its words and filters, shared by the page (app/components/admin/box-office/) and the server
 * (server/tickets/admin-routes.ts); its routes and their answers are declared in app/api/admin/box-office.ts.
 */

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

/** How money paid by hand was given back (the "record refund" form). */
export const REFUNDED_BY = { "bank-transfer": "Bank transfer", cash: "Cash", cheque: "Cheque" } as const;

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
