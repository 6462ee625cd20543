/**
 * The card provider (Stripe's hosted Checkout) behind the payment interface (./provider.ts): a Checkout Session
 * per payment (price and quantity from content, never from a request), refunds by payment intent with an
 * Idempotency-Key, and its signed webhook events (`Stripe-Signature`, checked over the raw body before anything
 * is parsed) in the site's words. Moved here from server/orders/ and server/tickets/box-office.ts (issue 53).
 */
import Stripe from "stripe";
import type {
  EventsInput,
  EventsRefused,
  Lookup,
  PaymentEvent,
  PaymentProvider,
  RefundRequest,
  Refunded,
  StartRequest,
  Started,
} from "./provider";
import { createStripe, describeStripeError, isConnectionError, stripeAddress } from "./stripe";

export interface CardSettings {
  /** STRIPE_SECRET_KEY; without it (or without SITE_URL) the provider is not ready. */
  secretKey?: string;
  /** STRIPE_API_URL (tests aim it at a local fake); a malformed value throws when the provider is made. */
  apiUrl?: string;
  /** STRIPE_WEBHOOK_SECRET: checks each event's signature. */
  webhookSecret?: string;
  /** Whether the site has an address to come back to (SITE_URL). */
  siteUrl?: string;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
  /** The clock (tests move it): a checkout's expiry is counted from it. */
  now?: () => number;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

/** How far the signature's timestamp may be from now (the package's default, 5 minutes). */
const TOLERANCE_SECONDS = 300;

const metadataOf = (value: Stripe.Metadata | null | undefined): Record<string, string> => ({ ...(value ?? {}) });

function paidEvent(session: Stripe.Checkout.Session, eventId: string): Extract<PaymentEvent, { type: "paid" }> {
  return {
    type: "paid",
    eventId,
    session: session.id,
    payment: typeof session.payment_intent === "string" ? session.payment_intent : null,
    amountMinor: typeof session.amount_total === "number" ? session.amount_total : null,
    currency: session.currency ?? null,
    email: session.customer_details?.email?.slice(0, 254) ?? null,
    name: session.customer_details?.name?.slice(0, 200) ?? null,
    metadata: metadataOf(session.metadata),
  };
}

export function createCardProvider(settings: CardSettings): PaymentProvider {
  // Checked now, so a mistyped STRIPE_API_URL stops the start instead of failing each buyer.
  if (settings.apiUrl) stripeAddress(settings.apiUrl);
  const logError = settings.logError ?? ((line: string) => console.error(line));
  const log = settings.log ?? ((line: string) => console.log(line));
  const { secretKey } = settings;
  let stripe: Stripe | undefined;
  const client = () =>
    (stripe ??= createStripe({ secretKey: secretKey!, apiUrl: settings.apiUrl, timeoutMs: settings.timeoutMs }));

  return {
    method: "card",
    ready: Boolean(secretKey && settings.siteUrl),
    online: true,

    async start(request: StartRequest): Promise<Started> {
      if (!secretKey) return { kind: "failed", why: "unavailable", detail: "STRIPE_SECRET_KEY is not set" };
      const now = Math.ceil((settings.now ?? Date.now)() / 1000);
      // The provider keeps a session open 30 minutes at least and 24 hours at most.
      const expires = request.expiresAt
        ? Math.min(Math.max(Math.floor(request.expiresAt.getTime() / 1000), now + 30 * 60 + 5), now + 24 * 3600 - 60)
        : undefined;
      try {
        const session = await client().checkout.sessions.create(
          {
            mode: "payment",
            line_items: request.lines.map((line) =>
              "price" in line
                ? { price: line.price, quantity: line.quantity }
                : {
                    price_data: {
                      currency: request.currency,
                      unit_amount: line.unitAmountMinor,
                      product_data: { name: line.name },
                    },
                    quantity: line.quantity,
                  },
            ),
            ...(request.email ? { customer_email: request.email } : {}),
            ...(request.reference ? { client_reference_id: request.reference } : {}),
            metadata: request.metadata,
            ...(expires ? { expires_at: expires } : {}),
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          request.idempotencyKey ? { idempotencyKey: request.idempotencyKey } : undefined,
        );
        if (typeof session.url !== "string" || !/^https?:\/\//.test(session.url))
          return { kind: "failed", why: "refused", detail: `no session URL (${session.id})` };
        return { kind: "redirect", url: session.url, id: session.id };
      } catch (error) {
        return {
          kind: "failed",
          why: isConnectionError(error) ? "unreachable" : "refused",
          detail: describeStripeError(error),
        };
      }
    },

    async refund({ payment, key }: RefundRequest): Promise<Refunded> {
      if (!payment) return "by-hand";
      if (!secretKey) return "by-hand";
      try {
        await client().refunds.create({ payment_intent: payment }, { idempotencyKey: key });
        return "requested";
      } catch (error) {
        logError(`payments: the card refund ${key} failed: ${describeStripeError(error)}`);
        return "failed";
      }
    },

    async events(input: EventsInput): Promise<PaymentEvent[] | EventsRefused> {
      if (input.kind !== "webhook") return [];
      if (!settings.webhookSecret) {
        logError("stripe webhook: STRIPE_WEBHOOK_SECRET is not set, so no event can be verified (docs/deploy.md)");
        return { refused: "Webhook signing secret is not configured" };
      }
      if (!input.signature) return { refused: "Missing Stripe-Signature header" };
      let event: Stripe.Event;
      try {
        event = Stripe.webhooks.constructEvent(input.body, input.signature, settings.webhookSecret, TOLERANCE_SECONDS);
      } catch (error) {
        log(`stripe webhook: refused: ${error instanceof Error ? error.message : String(error)}`);
        return { refused: "Invalid signature" };
      }
      switch (event.type) {
        case "checkout.session.completed": {
          const session = event.data.object;
          if (session.payment_status !== "paid") return [{ type: "ignored", eventId: event.id, name: "not paid yet" }];
          return [paidEvent(session, event.id)];
        }
        case "checkout.session.expired": {
          const session = event.data.object;
          return [{ type: "expired", eventId: event.id, session: session.id, metadata: metadataOf(session.metadata) }];
        }
        case "charge.refunded": {
          // Refunded in full only: a partial refund changes nothing here.
          const charge = event.data.object;
          const payment = typeof charge.payment_intent === "string" ? charge.payment_intent : null;
          if (!charge.refunded || !payment) return [{ type: "ignored", eventId: event.id, name: event.type }];
          return [{ type: "refunded", eventId: event.id, payment }];
        }
        default:
          return [{ type: "ignored", eventId: event.id, name: event.type }];
      }
    },

    async lookup(sessionId: string): Promise<Lookup> {
      if (!secretKey) return { kind: "unknown" };
      try {
        const session = await client().checkout.sessions.retrieve(sessionId);
        return session.payment_status === "paid"
          ? { kind: "paid", event: paidEvent(session, `session:${session.id}`) }
          : { kind: "open" };
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) return { kind: "unknown" };
        throw new Error(`the payment provider cannot be reached: ${describeStripeError(error)}`);
      }
    },
  };
}
