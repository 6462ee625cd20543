/**
 * `GET /api/orders/:sessionId`: what /success shows after payment: the order's reference and amount.
 * Read from `orders` (written by the webhook). When the webhook has not arrived yet, the provider is asked
 * (`checkout.sessions.retrieve`, with the secret key) and a paid session is recorded then, keyed
 * `session:<id>`, so the reference shown now is the one the organisers see; the webhook that follows
 * stores nothing new. An unknown or unpaid session is 404; a malformed id is 400 before any lookup.
 */
import { Hono } from "hono";
import type Stripe from "stripe";
import { API_PATHS } from "../../app/lib/urls";
import { SessionIdSchema } from "../../app/lib/id-schemas";
import { orderReference, type OrderAnswer } from "../../app/lib/payments/orders";
import type { Database } from "../db/client";
import { orderBySession, recordPaidOrder, type Order } from "./queries";
import { rateLimit } from "../rate-limit";
import { createStripe, describeStripeError, paidOrderOf, type StripeSettings } from "./stripe";
import type { ApiDeps } from "../deps";
import { registerCheckout, type CheckoutOptions } from "./checkout";
import { registerStripeWebhook } from "./webhook";
import type { BoxOffice } from "../tickets/box-office";

export interface OrdersOptions {
  database: Database;
  /** The provider's settings (STRIPE_SECRET_KEY, STRIPE_API_URL); without a key only stored orders are found. */
  stripe?: Partial<StripeSettings>;
  /** Look-ups per client per minute (default 30): each miss may cost a call to the provider. */
  perMinute?: number;
  logError?: (line: string) => void;
}

const answer = (order: Order): OrderAnswer => ({
  reference: orderReference(order.id),
  amountMinor: order.amountMinor,
  currency: order.currency,
  status: "paid",
});

export function registerOrderLookup(app: Hono, deps: ApiDeps, options: OrdersOptions): void {
  const { db } = options.database;
  const logError = options.logError ?? ((line: string) => console.error(line));
  const secretKey = options.stripe?.secretKey;
  let stripe: Stripe | undefined;
  const limit = rateLimit({ max: options.perMinute ?? 30, windowMs: 60_000, key: deps.clientKey, now: deps.now });

  app.get(API_PATHS.order, limit, async (c) => {
    const parsed = SessionIdSchema.safeParse(c.req.param("sessionId"));
    if (!parsed.success) return c.json({ error: "Not a checkout session id" }, 400);
    const sessionId = parsed.data;

    const stored = await orderBySession(db, sessionId);
    if (stored) return c.json(answer(stored));
    if (!secretKey) return c.json({ error: "No order for this session" }, 404);

    stripe ??= createStripe({ ...options.stripe, secretKey });
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if ((error as { statusCode?: number }).statusCode === 404)
        return c.json({ error: "No order for this session" }, 404);
      logError(`orders: cannot ask the payment provider about ${sessionId}: ${describeStripeError(error)}`);
      return c.json({ error: "The payment provider cannot be reached right now" }, 502);
    }
    const paid = session.payment_status === "paid" ? paidOrderOf(session, `session:${session.id}`) : null;
    if (!paid) return c.json({ error: "No paid order for this session yet" }, 404);
    const { order } = await recordPaidOrder(db, paid);
    return c.json(answer(order));
  });
}

/**
 * The payments feature: `POST /api/checkout` always; with the database, the provider's webhook and the order
 * look-up of /success.
 */
export function ordersRoutes(
  deps: ApiDeps,
  checkout: CheckoutOptions,
  database: Database | undefined,
  /** The box office (server/tickets/): the events of its checkouts go to it. */
  boxOffice?: Pick<BoxOffice, "onStripeEvent">,
): Hono {
  const app = new Hono();
  registerCheckout(app, deps, checkout);
  if (!database) return app;
  registerStripeWebhook(app, {
    database,
    secret: checkout.webhookSecret,
    log: deps.log,
    logError: checkout.logError,
    onEvent: boxOffice?.onStripeEvent,
  });
  registerOrderLookup(app, deps, {
    database,
    stripe: { secretKey: checkout.secretKey, apiUrl: checkout.apiUrl, timeoutMs: checkout.timeoutMs },
    logError: checkout.logError,
  });
  return app;
}
