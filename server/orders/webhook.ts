/**
 * `POST /api/webhooks/stripe`: the card provider tells the site a payment happened. The provider interface
 * (server/payments/) checks the signature over the raw body before anything is parsed or stored, and hands back
 * its events in the site's words. A paid sponsor token becomes one row of `orders`, keyed by the event id: a
 * replayed event stores nothing new and is answered 200 like the first. Events of the box office's checkouts
 * go to it; others are answered 200 and ignored (the provider retries anything else).
 */
import type { Hono } from "hono";
import { TOKEN_ID_PATTERN } from "../../app/lib/payments/checkout-schema";
import { API_PATHS } from "../../app/lib/urls";
import type { Database } from "../db/client";
import { limitBody } from "../headers";
import type { PaymentEvent, PaymentProvider } from "../payments";
import { recordPaidOrder, type PaidOrder } from "./queries";

export interface StripeWebhookOptions {
  database: Database;
  /** The card provider (its signing secret, STRIPE_WEBHOOK_SECRET: without it every event is refused, 400). */
  provider: PaymentProvider;
  log?: (line: string) => void;
  logError?: (line: string) => void;
  /** Another feature's events (the box office's checkouts): true when it took the event. */
  onEvent?: (event: PaymentEvent) => Promise<boolean>;
}

/** A provider's event can be larger than a form (a session with its line items and customer details). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

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

export function registerStripeWebhook(app: Hono, options: StripeWebhookOptions): void {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));

  app.post(API_PATHS.stripeWebhook, limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    const events = await options.provider.events({
      kind: "webhook",
      body: await c.req.text(),
      signature: c.req.header("stripe-signature"),
    });
    if ("refused" in events) return c.json({ error: events.refused }, 400);
    let answer: Record<string, unknown> = { received: true };
    for (const event of events) {
      if (await options.onEvent?.(event)) continue;
      if (event.type === "ignored") {
        answer = { received: true, ignored: event.name };
        continue;
      }
      if (event.type !== "paid") {
        answer = { received: true, ignored: event.type };
        continue;
      }
      const paid = paidOrderOf(event);
      if (!paid) {
        // Signed, but not an order we can record; answering an error would only make the provider retry it.
        logError(`stripe webhook: ${event.eventId}: session ${event.session} has no usable amount or currency`);
        answer = { received: true, ignored: "no amount" };
        continue;
      }
      const { order, created } = await recordPaidOrder(options.database.db, paid);
      if (created) log(`stripe webhook: order ${order.id} paid (${event.eventId})`);
      answer = { received: true, duplicate: !created };
    }
    return c.json(answer);
  });
}
