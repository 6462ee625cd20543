/**
 * `POST /api/checkout`: a sponsor token's BUY button. Stripe removed the client-only redirect
 * (`redirectToCheckout`), so the server creates a Checkout Session and sends the browser there (303).
 * Price and quantity always come from content (build/checkout.json, written at build time), never
 * from the request. Without configuration, or when the provider fails, the visitor is told that
 * online payment is unavailable and whom to contact, and the error is logged.
 */
import { readFile } from "node:fs/promises";
import type { Context, Hono } from "hono";
import { z } from "zod";
import { sameOriginPath } from "./redirect";

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
  /** SITE_URL: the origin of the return URLs; defaults to the request's own origin. */
  siteUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  logError?: (line: string) => void;
}

/** The anchor of the message shown when checkout fails without JavaScript (see SponsorTokens). */
export const CHECKOUT_UNAVAILABLE_ID = "checkout-unavailable";

const DEFAULT_API_URL = "https://api.stripe.com";
const Body = z.object({ token: z.string().regex(/^\d{1,6}$/, "token must be a sponsor token id") });

class CheckoutError extends Error {
  constructor(
    readonly status: 400 | 502 | 503,
    message: string,
  ) {
    super(message);
  }
}

export function registerCheckout(app: Hono, options: CheckoutOptions): void {
  const doFetch = options.fetch ?? fetch;
  const logError = options.logError ?? ((line: string) => console.error(line));
  let data: Promise<CheckoutData> | undefined;
  const loadData = () =>
    (data ??= readFile(options.dataFile, "utf8").then((text) => JSON.parse(text) as CheckoutData)).catch((error) => {
      data = undefined;
      throw error;
    });

  app.post("/api/checkout", async (c) => {
    const wantsJson = (c.req.header("accept") ?? "").includes("application/json");
    let contact = "";
    try {
      const checkout = await loadData().catch((error: unknown) => {
        logError(`checkout: cannot read ${options.dataFile}: ${String(error)}`);
        throw new CheckoutError(503, "Online payment is unavailable right now.");
      });
      contact = ` Please contact us at ${checkout.contact.email} or ${checkout.contact.phone}.`;
      const token = await readToken(c, checkout);
      const url = token.paymentLink ?? (await createSession(c, token.price));
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
      raw = type.includes("application/json")
        ? await c.req.json()
        : Object.fromEntries(new URLSearchParams(await c.req.text()));
    } catch {
      throw new CheckoutError(400, "The request body is not valid JSON or form data.");
    }
    const parsed = Body.safeParse(raw);
    if (!parsed.success) throw new CheckoutError(400, "Send the sponsor token to buy as `token` (its id).");
    const token = checkout.tokens[parsed.data.token];
    if (!token || !Object.hasOwn(checkout.tokens, parsed.data.token))
      throw new CheckoutError(400, `Unknown sponsor token ${parsed.data.token}.`);
    return token;
  }

  async function createSession(c: Context, price: string): Promise<string> {
    if (!options.secretKey) {
      logError("checkout: STRIPE_SECRET_KEY is not set and the token has no paymentLink");
      throw new CheckoutError(503, "Online payment is unavailable right now.");
    }
    const origin = (options.siteUrl ?? new URL(c.req.url).origin).replace(/\/$/, "");
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
