/**
 * An order's life (issue 61), in this folder and nowhere else: every write to an order, its tickets' validity and
 * its seats once it is an order.
 *
 * - ./life.ts (this file): the states, listed once, an order's state from its row, and the words of every
 *   outcome for the organiser, also when a move was done before ("release twice", "cancel twice", "mark paid on
 *   a released order").
 * - ./sale.queries.ts: a hold sold (card settled, a free registration confirmed, marked paid, an order by hand, a
 *   waiting-list offer taken): the order, its tickets, its link, its timeline, its audit lines and the buyer's
 *   mail in one transaction.
 * - ./pending.queries.ts: a "pay later" order opened once its address is confirmed, reminded, released.
 * - ./moves.queries.ts: the organisers' moves: cancel any order, release a pending one, record a refund given by
 *   hand, resend the tickets; each one transaction with its seats, mail, timeline step and audit entry.
 * - ./refund.ts: a cancelled card order's refund job.
 *
 * Other features (attendees, the door, the home) read orders through ../queries.ts; they never write them.
 */
import type { TicketsData } from "../../../app/lib/build-outputs";
import { ticketReference } from "../../../app/lib/tickets/orders";
import type { MailDraft } from "../../mail/queries";
import { money } from "../mail";
import type { Hold, TicketOrder } from "../queries";

/**
 * Every state of an order, in the organisers' words. "held" and "awaiting confirmation" are a purchase's hold
 * before it is an order (a checkout open, a free registration's address not yet confirmed); the rest are an
 * order's `status`, with "refund owed" a cancelled order whose money came by hand and was not given back yet.
 */
export const ORDER_STATES = {
  held: "Seats held (checkout open)",
  "awaiting-confirmation": "Waiting for the address to be confirmed",
  "awaiting-payment": "Waiting for payment",
  paid: "Paid",
  cancelled: "Cancelled",
  released: "Released (unpaid)",
  "refund-owed": "Cancelled, refund owed",
  refunded: "Refunded",
} as const;
export type OrderState = keyof typeof ORDER_STATES;

/** Money that came by hand (pay later, at the door) and must be given back by hand when the order is cancelled. */
export const paidByHand = (order: TicketOrder) =>
  order.amountMinor > 0 && order.paidAt !== null && !order.paymentIntent;

/** An order's state from its row. */
export function stateOf(order: TicketOrder): OrderState {
  switch (order.status) {
    case "pending":
      return "awaiting-payment";
    case "cancelled":
      return paidByHand(order) ? "refund-owed" : "cancelled";
    case "released":
    case "refunded":
    case "paid":
      return order.status;
    default:
      return "paid";
  }
}

/** What cancelling an order did (./moves.queries.ts cancelOrder). */
export type CancelResult =
  | { kind: "cancelled"; order: TicketOrder; seats: number; was: "paid" | "pending"; refundOwed: boolean }
  /** Cancelled (or refunded) before: nothing changed. */
  | { kind: "already"; order: TicketOrder }
  /** Released unpaid before: it holds nothing to cancel. */
  | { kind: "released"; order: TicketOrder }
  | { kind: "unknown" };

/** What releasing a pending order did (./moves.queries.ts releaseOrder). */
export type ReleaseResult =
  | { kind: "released"; order: TicketOrder; hold: Hold | null; seats: number }
  /** Released before (by the organisers or past its deadline): nothing changed. */
  | { kind: "already"; order: TicketOrder }
  /** Not waiting for payment (paid, cancelled, refunded): cancel it instead. */
  | { kind: "not-pending"; order: TicketOrder }
  | { kind: "unknown" };

/** Who moves the order: the audit entry's actor. */
export interface Organiser {
  adminId: number | null;
  actor: string;
}

const seatsText = (n: number) => (n === 1 ? "1 seat" : `${n} seats`);

/** How money paid by hand was given back. */
export const REFUND_METHODS = { "bank-transfer": "Bank transfer", cash: "Cash", cheque: "Cheque" } as const;
export type RefundMethod = keyof typeof REFUND_METHODS;
export const isRefundMethod = (value: unknown): value is RefundMethod =>
  typeof value === "string" && Object.hasOwn(REFUND_METHODS, value);

/** The buyer's mail when the organisers cancel: what stops, and what happens to the money. */
export function cancelMail(
  data: TicketsData | null,
  order: TicketOrder,
  seats: number,
  was: "paid" | "pending",
): MailDraft {
  const plan = data?.plans[order.planId]?.title ?? order.planId;
  const reference = ticketReference(order.id);
  const amount = money(order.amountMinor, order.currency);
  const what =
    was === "pending"
      ? `the organisers have cancelled your order ${reference} (${plan}, ${seatsText(seats)}), which was waiting for payment: please do not pay it.`
      : `the organisers have cancelled your order ${reference} (${plan}, ${seats === 1 ? "1 ticket" : `${seats} tickets`}): its tickets are no longer valid at the door.`;
  const moneyLine =
    was === "paid" && order.amountMinor > 0
      ? order.paymentIntent
        ? `Your payment of ${amount} is refunded in full; it shows on your statement within a few days.`
        : `Your payment of ${amount} is owed back to you: the organisers will return it.`
      : null;
  return {
    to: order.email,
    subject: `Your order ${reference} was cancelled`,
    body: [
      "Hello,",
      "",
      what,
      ...(moneyLine ? ["", moneyLine] : []),
      ...(data ? ["", `Questions: ${data.contact.email}, ${data.contact.phone}`] : []),
    ].join("\n"),
  };
}

/** The buyer's mail when the organisers release a pending order: nothing to pay, the seats no longer kept. */
export function releaseMail(data: TicketsData | null, siteUrl: string, order: TicketOrder, seats: number): MailDraft {
  const reference = ticketReference(order.id);
  const title = data?.calendar.title ?? "the conference";
  return {
    to: order.email,
    subject: `Your order ${reference} was released`,
    body: [
      "Hello,",
      "",
      `the organisers have released your order ${reference} for ${title}: its ${seatsText(seats)} are no longer kept for you, and there is nothing to pay.`,
      "",
      `If you paid already, please write to us: we issue your tickets if seats are still free, or return your money. You can also order again on ${siteUrl}/buy-ticket?plan=${order.planId}.`,
      ...(data ? ["", `Questions: ${data.contact.email}, ${data.contact.phone}`] : []),
    ].join("\n"),
  };
}

/** Each move's outcome in the organiser's words. */
export const said = {
  cancelled(r: Extract<CancelResult, { kind: "cancelled" }>, offered: number, refund: string): string {
    const reference = ticketReference(r.order.id);
    const amount = money(r.order.amountMinor, r.order.currency);
    const moneyLine =
      r.was === "pending"
        ? " Nothing had been paid."
        : r.refundOwed
          ? ` Refund owed: ${amount}, to give back by hand; record it here once done.`
          : ({
              requested: ` The refund of ${amount} was asked of the card provider.`,
              none: "",
              "by-hand": ` Refund ${amount} by hand.`,
              "no-provider": ` No card provider is set up here: refund ${amount} by hand.`,
              failed: ` The card provider did not take the refund: refund ${amount} in its dashboard.`,
            }[refund] ?? "");
    const seats = offered
      ? ` The freed ${seatsText(r.seats)} went to ${offered === 1 ? "the first person" : `${offered} people`} on the waiting list.`
      : r.seats
        ? ` ${r.seats === 1 ? "1 seat is" : `${r.seats} seats are`} free again.`
        : "";
    return `${reference} is cancelled and the buyer is told by e-mail.${moneyLine}${seats}`;
  },
  cancelledBefore: (order: TicketOrder) =>
    `${ticketReference(order.id)} was already ${order.status === "refunded" ? "cancelled and refunded" : "cancelled"}: nothing was changed and nobody was mailed.`,
  cancelReleased: (order: TicketOrder) =>
    `${ticketReference(order.id)} was released unpaid before: it holds no seats and no tickets, so there is nothing to cancel.`,
  released: (r: Extract<ReleaseResult, { kind: "released" }>, offered: number) =>
    `${ticketReference(r.order.id)} is released: its ${seatsText(r.seats)} ${offered ? `went to ${offered === 1 ? "the first person" : `${offered} people`} on the waiting list` : r.seats === 1 ? "is free again" : "are free again"}, and the buyer is told by e-mail not to pay.`,
  releasedBefore: (order: TicketOrder) =>
    `${ticketReference(order.id)} was already released: nothing was changed and nobody was mailed.`,
  releaseNotPending: (order: TicketOrder) =>
    `${ticketReference(order.id)} is not waiting for payment (it is ${ORDER_STATES[stateOf(order)].toLowerCase()}): only an unpaid order can be released. To stop a paid order, cancel it.`,
  refunded: (order: TicketOrder, amountMinor: number, method: RefundMethod) =>
    `${ticketReference(order.id)}: the refund of ${money(amountMinor, order.currency)} by ${REFUND_METHODS[method].toLowerCase()} is recorded.`,
  refundedBefore: (order: TicketOrder) =>
    `${ticketReference(order.id)}'s refund was recorded before: nothing was changed.`,
  refundNotOwed: (order: TicketOrder) =>
    `No refund is owed on ${ticketReference(order.id)}: only a cancelled order whose money was paid by hand needs one.`,
};
