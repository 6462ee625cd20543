/**
 * What `/success` and `GET /api/orders/:sessionId` share: the shape of a checkout session id, the answer,
 * the reference a person reads out on the phone (the amount as a visitor reads it: ../money.ts formatAmount).
 */
import { API_PATHS } from "../urls";

/**
 * A Stripe Checkout Session id (`cs_test_…`, `cs_live_…`); anything else is refused before a lookup. A plain
 * pattern, so /success loads no schema library (the server's schema is in ./id-schemas.ts).
 */
export const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]{1,200}$/;

/** `GET /api/orders/:sessionId` answers this for a paid order. */
export interface OrderAnswer {
  /** "TNCC-000123": the order's number, for the phone or a mail to the organisers. */
  reference: string;
  /** In the currency's minor unit (cents). */
  amountMinor: number;
  /** ISO 4217, lower case as the provider sends it ("usd"). */
  currency: string;
  status: "paid";
}

export function orderPath(sessionId: string): string {
  return API_PATHS.order.replace(":sessionId", encodeURIComponent(sessionId));
}

/** The order row's id as a reference a person can read out: 123 -> "TNCC-000123". */
export function orderReference(id: number): string {
  return `TNCC-${String(id).padStart(6, "0")}`;
}

/** Why /success could not show the order: nothing paid under that id, or the lookup failed. */
export type OrderLookup = { ok: true; order: OrderAnswer } | { ok: false; reason: "not-found" | "failed" };

/** Asks the site for the order of a checkout session (after hydration, on /success). */
export async function fetchOrder(sessionId: string, signal?: AbortSignal): Promise<OrderLookup> {
  if (!SESSION_ID_PATTERN.test(sessionId)) return { ok: false, reason: "not-found" };
  try {
    const res = await fetch(orderPath(sessionId), { headers: { Accept: "application/json" }, signal });
    // Read every answer's body, so the request ends (an unread body keeps the connection busy).
    const order = (await res.json().catch(() => null)) as Partial<OrderAnswer> | null;
    if (res.status === 404 || res.status === 400) return { ok: false, reason: "not-found" };
    if (!res.ok || !order) return { ok: false, reason: "failed" };
    if (
      typeof order.reference !== "string" ||
      typeof order.amountMinor !== "number" ||
      typeof order.currency !== "string"
    )
      return { ok: false, reason: "failed" };
    return { ok: true, order: order as OrderAnswer };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, reason: "failed" };
  }
}
