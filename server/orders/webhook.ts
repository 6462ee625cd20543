/**
 * The sponsor tokens' payments (issue 13), as the card provider's one webhook (server/payments/routes.ts, issue 61)
 * hands them over: a paid sponsor token becomes one row of `orders`, keyed by the event id: a replayed event stores
 * nothing new and is answered 200 like the first. The box office's checkouts are its own (server/tickets/).
 */
import { TOKEN_ID_PATTERN } from "../../app/lib/payments/checkout-schema";
import type { Database } from "../db/client";
import type { PaymentEvent, PaymentListener } from "../payments";
import { recordPaidOrder, type PaidOrder } from "./queries";

/**
 * The order to record for a paid checkout, or null when it has no usable amount or currency. `eventId` is what
 * makes a replay store nothing new (see recordPaidOrder).
 */
export function paidOrderOf(event: Extract<PaymentEvent, { type: "paid" }>): PaidOrder | null {
  const { amountMinor: amount, currency } = event;
  if (
    typeof amount !== "number" ||
    !Number.isInteger(amount) ||
    amount < 0 ||
    !currency ||
    !/^[a-z]{3}$/.test(currency)
  )
    return null;
  const token = event.metadata.token;
  return {
    eventId: event.eventId,
    sessionId: event.session,
    tokenId: token && TOKEN_ID_PATTERN.test(token) ? token : null,
    amountMinor: amount,
    currency,
    email: event.email,
    name: event.name,
  };
}

/**
 * The sponsor tokens' share of the provider's events (the one webhook route is server/payments/routes.ts): a paid
 * checkout that is no box office hold becomes one row of `orders`, keyed by the event id, so a replayed event stores
 * nothing new; null for any other event.
 */
export function sponsorTokenListener(
  database: Database,
  log: (line: string) => void,
  logError: (line: string) => void,
): PaymentListener {
  return async (event) => {
    // The box office's checkouts carry their hold (server/tickets/card-checkout.ts): its own to answer.
    if (event.type !== "paid" || event.metadata.hold !== undefined) return null;
    const paid = paidOrderOf(event);
    if (!paid) {
      // Signed, but not an order we can record; answering an error would only make the provider retry it.
      logError(`stripe webhook: ${event.eventId}: session ${event.session} has no usable amount or currency`);
      return { ignored: "no amount" };
    }
    const { order, created } = await recordPaidOrder(database.db, paid);
    if (created) log(`stripe webhook: order ${order.id} paid (${event.eventId})`);
    return { duplicate: !created };
  };
}
