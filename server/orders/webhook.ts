/**
 * `POST /api/webhooks/stripe`: the payment provider tells the site a sponsor token was paid. The signature
 * (`Stripe-Signature`, STRIPE_WEBHOOK_SECRET) is checked over the raw body with the official `stripe`
 * package before anything is parsed or stored. `checkout.session.completed` with payment_status "paid"
 * becomes one row of `orders`, keyed by the event id: a replayed event stores nothing new and is answered
 * 200 like the first. Other events are answered 200 and ignored (the provider retries anything else).
 */
import type { Hono } from "hono";
import Stripe from "stripe";
import { API_PATHS } from "../../app/lib/urls";
import type { Database } from "../db/client";
import { limitBody } from "../headers";
import { recordPaidOrder } from "./queries";
import { paidOrderOf } from "./stripe";

export interface StripeWebhookOptions {
  database: Database;
  /** STRIPE_WEBHOOK_SECRET (`whsec_…`); without it every event is refused (400) and the fault logged. */
  secret?: string;
  log?: (line: string) => void;
  logError?: (line: string) => void;
  /** Another feature's events (the box office's checkouts): true when it took the event. */
  onEvent?: (event: Stripe.Event) => Promise<boolean>;
}

/** A provider's event can be larger than a form (a session with its line items and customer details). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** How far the signature's timestamp may be from now (the package's default, 5 minutes). */
const TOLERANCE_SECONDS = 300;

export function registerStripeWebhook(app: Hono, options: StripeWebhookOptions): void {
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));

  app.post(API_PATHS.stripeWebhook, limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    if (!options.secret) {
      logError("stripe webhook: STRIPE_WEBHOOK_SECRET is not set, so no event can be verified (docs/deploy.md)");
      return c.json({ error: "Webhook signing secret is not configured" }, 400);
    }
    const signature = c.req.header("stripe-signature");
    if (!signature) return c.json({ error: "Missing Stripe-Signature header" }, 400);
    const raw = await c.req.text();
    let event: Stripe.Event;
    try {
      event = Stripe.webhooks.constructEvent(raw, signature, options.secret, TOLERANCE_SECONDS);
    } catch (error) {
      log(`stripe webhook: refused: ${error instanceof Error ? error.message : String(error)}`);
      return c.json({ error: "Invalid signature" }, 400);
    }

    if (await options.onEvent?.(event)) return c.json({ received: true });
    if (event.type !== "checkout.session.completed") return c.json({ received: true, ignored: event.type });
    const session = event.data.object;
    if (session.payment_status !== "paid") return c.json({ received: true, ignored: "not paid yet" });
    const paid = paidOrderOf(session, event.id);
    if (!paid) {
      // Signed, but not an order we can record; answering an error would only make the provider retry it.
      logError(`stripe webhook: ${event.id}: session ${session.id} has no usable amount or currency`);
      return c.json({ received: true, ignored: "no amount" });
    }
    const { order, created } = await recordPaidOrder(options.database.db, paid);
    if (created) log(`stripe webhook: order ${order.id} paid (${event.id})`);
    return c.json({ received: true, duplicate: !created });
  });
}
