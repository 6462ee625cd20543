/**
 * `POST /api/checkout`: a sponsor token's BUY button. Stripe removed the client-only redirect
 * (`redirectToCheckout`), so the server creates a Checkout Session and sends the browser there (303).
 * Price and quantity always come from content (build/checkout.json, written at build time), never
 * from the request. Without configuration, or when the provider fails, the visitor is told that
 * online payment is unavailable and whom to contact, and the error is logged.
 */
import { readFile } from "node:fs/promises";
import type { Context, Hono } from "hono";
import { API_PATHS, CHECKOUT_UNAVAILABLE_ID } from "../../app/lib/api-contract";
import { CheckoutRequestSchema } from "../../app/lib/checkout-schema";
import { rateLimit } from "../rate-limit";
import { sameOriginPath } from "../redirect";
import { readBody } from "../request";
import type { ApiDeps } from "./deps";

/** build/checkout.json (written by scripts/build/checkout-data.ts). */
export interface CheckoutData {
  /** Token id -> the provider's price id, and an optional Payment Link used instead of a session. */
  tokens: Record<string, { price: string; cost: number; currency: string; paymentLink?: string }>;
  contact: { email: string; phone: string };
}

export interface CheckoutOptions {
  /** build/checkout.json */
  dataFile: string;
  /** STRIPE_SECRET_KEY; without it (and without a Payment Link) online payment is unavailable. */
  secretKey?: string;
  /** STRIPE_API_URL: the API's base URL (tests aim it at a local fake). */
  apiUrl?: string;
  /**
   * The site's origin for the return URLs (`/success`, `/cancel`): from configuration only, never from
   * the request's Host. server/index.ts passes SITE_URL (outside production, the address it listens on).
   * Without it no session is created and the visitor is told payment is unavailable.
   */
  siteUrl?: string;
  /** Checkout requests per client per minute (default 10). */
  perMinute?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
  logError?: (line: string) => void;
}

const DEFAULT_API_URL = "https://api.stripe.com";

class CheckoutError extends Error {
  constructor(
    readonly status: 400 | 502 | 503,
    message: string,
  ) {
    super(message);
  }
}

export function registerCheckout(app: Hono, deps: ApiDeps, options: CheckoutOptions): void {
  const doFetch = options.fetch ?? fetch;
  const logError = options.logError ?? ((line: string) => console.error(line));
  let data: Promise<CheckoutData> | undefined;
  const loadData = () =>
    (data ??= readFile(options.dataFile, "utf8").then((text) => JSON.parse(text) as CheckoutData)).catch((error) => {
      data = undefined;
      throw error;
    });

  const limit = rateLimit({ max: options.perMinute ?? 10, windowMs: 60_000, key: deps.clientKey, now: deps.now });
  app.post(API_PATHS.checkout, limit, async (c) => {
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    let contact = "";
    try {
      const checkout = await loadData().catch((error: unknown) => {
        logError(`checkout: cannot read ${options.dataFile}: ${String(error)}`);
        throw new CheckoutError(503, "Online payment is unavailable right now.");
      });
      contact = ` Please contact us at ${checkout.contact.email} or ${checkout.contact.phone}.`;
      const token = await readToken(c, checkout);
      const url = token.paymentLink ?? (await createSession(token.price));
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
    return token;
  }

  async function createSession(price: string): Promise<string> {
    if (!options.secretKey) {
      logError("checkout: STRIPE_SECRET_KEY is not set and the token has no paymentLink");
      throw new CheckoutError(503, "Online payment is unavailable right now.");
    }
    if (!options.siteUrl) {
      logError("checkout: SITE_URL is not set, so there is no address to return to after payment (see docs/deploy.md)");
      throw new CheckoutError(503, "Online payment is unavailable right now.");
    }
    const origin = options.siteUrl.replace(/\/+$/, "");
    const form = new URLSearchParams({
      mode: "payment",
      "line_items[0][price]": price,
      "line_items[0][quantity]": "1",
      success_url: `${origin}/success`,
      cancel_url: `${origin}/cancel`,
    });
    const endpoint = `${(options.apiUrl || DEFAULT_API_URL).replace(/\/$/, "")}/v1/checkout/sessions`;
    let response: Response;
    try {
      response = await doFetch(endpoint, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${options.secretKey}`,
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: form,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      logError(`checkout: the payment provider is unreachable: ${String(error)}`);
      throw new CheckoutError(502, "The payment provider cannot be reached right now.");
    }
    const session = (await response.json().catch(() => null)) as { url?: unknown; error?: { message?: string } } | null;
    if (!response.ok || typeof session?.url !== "string" || !/^https?:\/\//.test(session.url)) {
      logError(
        `checkout: the payment provider answered ${response.status}: ${session?.error?.message ?? "no session URL"}`,
      );
      throw new CheckoutError(502, "The payment provider could not start the payment.");
    }
    return session.url;
  }
}
