/**
 * The card provider's client: the official `stripe` package, used only by ./card.ts (the rest of the server
 * calls the provider interface, ./provider.ts). STRIPE_API_URL (tests aim it at a local fake,
 * tests/fixtures/fake-stripe.ts) becomes the client's host, port and protocol options.
 */
import Stripe from "stripe";

export interface StripeSettings {
  /** STRIPE_SECRET_KEY */
  secretKey: string;
  /** STRIPE_API_URL: the API's origin, e.g. http://127.0.0.1:12111 (default https://api.stripe.com). */
  apiUrl?: string;
  /** How long one request may take (default 10 s). */
  timeoutMs?: number;
}

/** "http://127.0.0.1:12111" -> { protocol: "http", host: "127.0.0.1", port: 12111 }; throws with a clear message. */
export function stripeAddress(apiUrl: string): { protocol: "http" | "https"; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(apiUrl);
  } catch {
    throw new Error(`STRIPE_API_URL must be an http(s) URL such as https://api.stripe.com, got "${apiUrl}".`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new Error(`STRIPE_API_URL must start with http:// or https://, got "${apiUrl}".`);
  if (url.pathname !== "/" || url.search || url.username)
    throw new Error(`STRIPE_API_URL is an origin only (no path, query or credentials), got "${apiUrl}".`);
  const protocol = url.protocol === "https:" ? "https" : "http";
  // URL keeps the brackets of an IPv6 literal; the HTTP client wants the bare address.
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  return { protocol, host, port: Number(url.port) || (protocol === "https" ? 443 : 80) };
}

export function createStripe(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    ...(settings.apiUrl ? stripeAddress(settings.apiUrl) : {}),
    timeout: settings.timeoutMs ?? 10_000,
    // The visitor is waiting: one attempt, a clear message, and they can press BUY again.
    maxNetworkRetries: 0,
    telemetry: false,
  });
}

/** What to log about a failed call: the provider's message and the network cause, never the key. */
export function describeStripeError(error: unknown): string {
  if (error instanceof Stripe.errors.StripeError) {
    const detail = (error.detail as { message?: string; code?: string } | undefined) ?? undefined;
    const cause = detail ? ` (${[detail.code, detail.message].filter(Boolean).join(": ")})` : "";
    return `${error.type} ${error.statusCode ?? ""}: ${error.message}${cause}`.replace(/\s+/g, " ");
  }
  return error instanceof Error ? error.message : String(error);
}

/** The provider could not be reached or did not answer in time (as opposed to answering with an error). */
export function isConnectionError(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeConnectionError;
}
