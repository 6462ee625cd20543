/**
 * `GET /api/orders/:sessionId`: what /success shows after payment: the order's reference and amount.
 * Read from `orders` (written by the webhook). When the webhook has not arrived yet, the provider is asked
 * (`checkout.sessions.retrieve`, with the secret key) and a paid session is recorded then, keyed
 * `session:<id>`, so the reference shown now is the one the organisers see; the webhook that follows
 * stores nothing new. An unknown or unpaid session is 404; a malformed id is 400 before any lookup.
 */
import { Hono } from "hono";
import { API_PATHS } from "../../app/lib/urls";
import { SessionIdSchema } from "../../app/lib/id-schemas";
import { orderReference, type OrderAnswer } from "../../app/lib/payments/orders";
import type { Database } from "../db/client";
import { orderBySession, recordPaidOrder, type Order } from "./queries";
import { rateLimit } from "../rate-limit";
import type { ApiDeps, FeatureRoutes, ServerContext } from "../context";
import { cardProvider, type PaymentEvents, type PaymentProvider } from "../payments";
import { registerCheckout, type CheckoutOptions } from "./checkout";
import { paidOrderOf, sponsorTokenListener } from "./webhook";

export interface OrdersOptions {
  database: Database;
  /** The card provider; without its secret key only stored orders are found. */
  provider: PaymentProvider;
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
  const limit = rateLimit({
    max: options.perMinute ?? 30,
    windowMs: 60_000,
    key: deps.clientKey,
    now: deps.now,
    shared: { db, name: "order-lookup" },
  });

  app.get(API_PATHS.order, limit, async (c) => {
    const parsed = SessionIdSchema.safeParse(c.req.param("sessionId"));
    if (!parsed.success) return c.json({ error: "Not a checkout session id" }, 400);
    const sessionId = parsed.data;

    const stored = await orderBySession(db, sessionId);
    if (stored) return c.json(answer(stored));

    let found;
    try {
      found = await options.provider.lookup(sessionId);
    } catch (error) {
      logError(
        `orders: cannot ask the payment provider about ${sessionId}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return c.json({ error: "The payment provider cannot be reached right now" }, 502);
    }
    if (found.kind === "unknown") return c.json({ error: "No order for this session" }, 404);
    const paid = found.kind === "paid" ? paidOrderOf(found.event) : null;
    if (!paid) return c.json({ error: "No paid order for this session yet" }, 404);
    const { order } = await recordPaidOrder(db, paid);
    return c.json(answer(order));
  });
}

/**
 * The sponsor tokens: `POST /api/checkout` always; with the database, the order look-up of /success, and their
 * paid checkouts recorded as the provider's webhook (server/payments/routes.ts) hands them over.
 */
export function ordersRoutes(
  deps: ApiDeps,
  checkout: CheckoutOptions,
  database: Database | undefined,
  events: PaymentEvents,
): Hono {
  const app = new Hono();
  const provider = cardProvider({ ...checkout, log: deps.log, logError: checkout.logError });
  registerCheckout(app, deps, checkout, provider, database?.db);
  if (!database) return app;
  const logError = checkout.logError ?? ((line: string) => console.error(line));
  events.listen(sponsorTokenListener(database, deps.log, logError));
  registerOrderLookup(app, deps, { database, provider, logError: checkout.logError });
  return app;
}

/** Card checkout, its paid orders and the order look-up (issue 13). */
export const routes = (ctx: ServerContext): FeatureRoutes => ({
  site: ordersRoutes(
    ctx,
    { buildDir: ctx.liveDir, siteUrl: ctx.siteUrl, ...ctx.checkout },
    ctx.database,
    ctx.paymentEvents,
  ),
});
