/**
 * `POST /api/webhooks/stripe` (issue 61: the one webhook route, here in the payments feature): the card provider
 * tells the site a payment happened. The provider checks the signature over the raw body before anything is parsed
 * or stored, and hands back its events in the site's words; each goes to the features listening (./events.ts: the
 * box office's checkouts, the sponsor tokens), the first that takes it answers. A bad signature (or no signing
 * secret) is 400 and nothing is done; an event nobody takes is answered 200 and ignored (the provider retries
 * anything else).
 */
import { Hono } from "hono";
import { API_PATHS } from "../../app/lib/urls";
import type { FeatureRoutes, ServerContext } from "../context";
import { limitBody } from "../headers";
import type { PaymentEvents } from "./events";
import { createCardProvider } from "./card";
import type { PaymentProvider } from "./provider";

/** A provider's event can be larger than a form (a session with its line items and customer details). */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

export function registerPaymentWebhook(app: Hono, provider: PaymentProvider, events: PaymentEvents): void {
  app.post(API_PATHS.stripeWebhook, limitBody(WEBHOOK_BODY_LIMIT), async (c) => {
    const found = await provider.events({
      kind: "webhook",
      body: await c.req.text(),
      signature: c.req.header("stripe-signature"),
    });
    if ("refused" in found) return c.json({ error: found.refused }, 400);
    let answer: Record<string, unknown> = { received: true };
    for (const event of found) {
      const taken = await events.dispatch(event);
      answer = { received: true, ...(taken ?? { ignored: event.type === "ignored" ? event.name : event.type }) };
    }
    return c.json(answer);
  });
}

/** The card provider's webhook, on the database (the listeners write there); the features listen from theirs. */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  if (!ctx.database) return {};
  const checkout = { siteUrl: ctx.siteUrl, ...ctx.checkout };
  const app = new Hono();
  const card = createCardProvider({ ...checkout, log: ctx.log, logError: checkout.logError });
  registerPaymentWebhook(app, card, ctx.paymentEvents);
  return { site: app };
};
