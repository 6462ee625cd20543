/**
 * `POST /api/checkout`: a sponsor token's BUY button. Stripe removed the client-only redirect
 * (`redirectToCheckout`), so the server creates a Checkout Session and sends the browser there (303).
 * Price and quantity always come from content (build/checkout.json, written at build time), never
 * from the request. The session goes through the card provider behind the payment interface (server/payments/);
 * its metadata carries the token id, so the webhook (server/orders/webhook.ts) knows what was bought.
 * Without configuration, or when the provider fails, the visitor is told that
 * online payment is unavailable and whom to contact, and the error is logged.
 */
import type { Context, Hono } from "hono";
import { API_PATHS, CHECKOUT_UNAVAILABLE_ID } from "../../app/lib/urls";
import { CheckoutRequestSchema } from "../../app/lib/payments/checkout-schema";
import { BUILD_OUTPUTS, type CheckoutData } from "../../app/lib/build-outputs";
import { readOutput } from "../publish";
import { apiBody } from "../headers";
import { rateLimit } from "../rate-limit";
import { sameOriginPath } from "../redirect";
import { readBody } from "../request";
import { cardProvider, type PaymentProvider } from "../payments";
import type { ApiDeps, CheckoutOptions } from "../context";
import type { Db } from "../db/client";

export type { CheckoutOptions } from "../context";

/** The success page's return URL: the provider puts the session id in place of the template. */
export const SUCCESS_PATH = "/success?session_id={CHECKOUT_SESSION_ID}";

class CheckoutError extends Error {
  constructor(
    readonly status: 400 | 502 | 503,
    message: string,
  ) {
    super(message);
  }
}

export function registerCheckout(
  app: Hono,
  deps: ApiDeps,
  options: CheckoutOptions,
  /** The card provider (made from `options` when not given; a mistyped STRIPE_API_URL stops the start). */
  provider: PaymentProvider = cardProvider({ ...options, log: deps.log }),
  /** The database the checkout limit is counted in, shared by every server (issue 54); in memory only without. */
  db?: Db,
): void {
  const logError = options.logError ?? ((line: string) => console.error(line));
  const data = readOutput(BUILD_OUTPUTS.checkout, options.buildDir);

  const limit = rateLimit({
    max: options.perMinute ?? 10,
    windowMs: 60_000,
    key: deps.clientKey,
    now: deps.now,
    ...(db ? { shared: { db, name: "checkout" } } : {}),
  });
  app.post(API_PATHS.checkout, apiBody, limit, async (c) => {
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    let contact = "";
    try {
      const checkout = await data.load().catch((error: unknown) => {
        logError(`checkout: cannot read ${data.file()}: ${String(error)}`);
        throw new CheckoutError(503, "Online payment is unavailable right now.");
      });
      contact = ` Please contact us at ${checkout.contact.email} or ${checkout.contact.phone}.`;
      const { id, token } = await readToken(c, checkout);
      const url = token.paymentLink ?? (await createSession(id, token.price));
      return wantsJson ? c.json({ url }) : c.redirect(url, 303);
    } catch (error) {
      if (!(error instanceof CheckoutError)) throw error;
      const message = error.status === 400 ? error.message : error.message + contact;
      if (wantsJson) return c.json({ error: message }, error.status);
      if (error.status === 400) return c.json({ error: message }, 400);
      return c.redirect(
        `${sameOriginPath(c.req.header("referer"), c.req.url, "/pricing")}#${CHECKOUT_UNAVAILABLE_ID}`,
        303,
      );
    }
  });

  async function readToken(c: Context, checkout: CheckoutData) {
    const type = c.req.header("content-type") ?? "";
    let raw: unknown;
    try {
      const text = await readBody(() => c.req.text());
      raw = type.includes("application/json") ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text));
    } catch {
      throw new CheckoutError(400, "The request body is not valid JSON or form data.");
    }
    const parsed = CheckoutRequestSchema.safeParse(raw);
    if (!parsed.success) throw new CheckoutError(400, "Send the sponsor token to buy as `token` (its id).");
    const token = checkout.tokens[parsed.data.token];
    if (!token || !Object.hasOwn(checkout.tokens, parsed.data.token))
      throw new CheckoutError(400, `Unknown sponsor token ${parsed.data.token}.`);
    return { id: parsed.data.token, token };
  }

  async function createSession(tokenId: string, price: string): Promise<string> {
    if (!options.secretKey) {
      logError("checkout: STRIPE_SECRET_KEY is not set and the token has no paymentLink");
      throw new CheckoutError(503, "Online payment is unavailable right now.");
    }
    if (!options.siteUrl) {
      logError("checkout: SITE_URL is not set, so there is no address to return to after payment (see docs/deploy.md)");
      throw new CheckoutError(503, "Online payment is unavailable right now.");
    }
    const origin = options.siteUrl.replace(/\/+$/, "");
    const started = await provider.start({
      // The price id carries its own currency.
      currency: "usd",
      lines: [{ price, quantity: 1 }],
      metadata: { token: tokenId },
      successUrl: `${origin}${SUCCESS_PATH}`,
      cancelUrl: `${origin}/cancel`,
    });
    if (started.kind === "redirect") return started.url;
    if (started.kind === "failed" && started.why === "unreachable") {
      logError(`checkout: the payment provider is unreachable: ${started.detail}`);
      throw new CheckoutError(502, "The payment provider cannot be reached right now.");
    }
    logError(
      started.kind === "failed" && /no session URL/.test(started.detail)
        ? `checkout: the payment provider answered without a session URL (${started.detail})`
        : `checkout: the payment provider answered ${started.kind === "failed" ? started.detail : started.kind}`,
    );
    throw new CheckoutError(502, "The payment provider could not start the payment.");
  }
}
