/**
 * The box office's API paths as the pages call them (server/tickets/routes.ts answers them), and the pure
 * logic the ticket pages share: what a plan's availability says, the order kept on the phone for offline use,
 * and the wait for a checkout to become an order. Framework-free; unit-tested in ./api.test.ts.
 */
import { DAY_PASS_ID, TICKETS_PATHS, type AvailabilityAnswer, type TicketOrderAnswer } from "./orders";

const enc = encodeURIComponent;

export { DAY_PASS_ID };

const fill = (pattern: string, params: Record<string, string | number>) =>
  pattern.replace(/:(\w+)/g, (_, name: string) => enc(String(params[name])));

export const TICKETS_API = {
  availability: TICKETS_PATHS.availability,
  buy: TICKETS_PATHS.buy,
  session: (sessionId: string) => fill(TICKETS_PATHS.session, { sessionId }),
  order: (token: string) => fill(TICKETS_PATHS.order, { token }),
  ticket: (token: string, position: number) => fill(TICKETS_PATHS.ticket, { token, position }),
  send: (token: string, position: number) => fill(TICKETS_PATHS.send, { token, position }),
} as const;

export type PlanAvailability = AvailabilityAnswer["plans"][string];

/**
 * What a plan's card and option say: "Sold out", or "N seats left" (people), always shown once known. Nothing
 * (null) while the answer is unknown: before hydration, offline, or for a plan the answer does not name.
 */
export function seatsText(entry: PlanAvailability | undefined): string | null {
  if (!entry) return null;
  if (isSoldOut(entry)) return "Sold out";
  return `${entry.left} ${entry.left === 1 ? "seat" : "seats"} left`;
}

/**
 * Whether the answer says a plan has no seat left (then /buy-ticket shows its waiting list instead of the
 * purchase form). False while unknown: the purchase form is shown, and the box office answers with the truth.
 */
export function isSoldOut(entry: PlanAvailability | undefined): boolean {
  return !!entry && (entry.soldOut || entry.left <= 0);
}

/** Whether a JSON value is an availability answer (a cached or foreign answer is ignored, never trusted). */
export function isAvailability(value: unknown): value is AvailabilityAnswer {
  if (!value || typeof value !== "object") return false;
  const { plans, payments } = value as Partial<AvailabilityAnswer>;
  return (
    typeof payments === "boolean" &&
    !!plans &&
    typeof plans === "object" &&
    Object.values(plans).every(
      (p) =>
        !!p &&
        typeof p.left === "number" &&
        typeof p.soldOut === "boolean" &&
        (p.methods === undefined || Array.isArray(p.methods)),
    )
  );
}

// ---------------------------------------------------------------- the order kept on this phone

type Store = Pick<Storage, "getItem" | "setItem">;
const orderKey = (token: string) => `tncc-ticket-order:${token}`;

export function isTicketOrder(value: unknown): value is TicketOrderAnswer {
  if (!value || typeof value !== "object") return false;
  const order = value as Partial<TicketOrderAnswer>;
  return (
    typeof order.reference === "string" &&
    typeof order.plan === "string" &&
    typeof order.status === "string" &&
    Array.isArray(order.tickets) &&
    order.tickets.every((t) => typeof t?.position === "number" && typeof t.qr === "string")
  );
}

/** Keeps the order's answer on the phone (its page opens offline). A full storage is not an error. */
export function saveOrder(storage: Store, token: string, order: TicketOrderAnswer): void {
  try {
    storage.setItem(orderKey(token), JSON.stringify(order));
  } catch {
    // Private mode or full: the page still works online.
  }
}

/** The copy kept on this phone, or null. */
export function savedOrder(storage: Store, token: string): TicketOrderAnswer | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(orderKey(token)) ?? "null");
    return isTicketOrder(value) ? value : null;
  } catch {
    return null;
  }
}

/** The copy with one ticket's holder name changed (kept in step with what the server saved). */
export const withTicketName = (order: TicketOrderAnswer, position: number, name: string | null): TicketOrderAnswer => ({
  ...order,
  tickets: order.tickets.map((t) => (t.position === position ? { ...t, name } : t)),
});

// ---------------------------------------------------------------- the buyer's return from checkout

export type SessionAnswer = { url: string } | { pending: true } | { missing: true };

export interface WaitOptions {
  /** Asks the server once: `{url}`, `{pending}`, `{missing}` (404), or throws (offline, 5xx). */
  ask: () => Promise<SessionAnswer>;
  sleep: (ms: number) => Promise<void>;
  intervalMs?: number;
  /** How many times to ask in all (60 at 1 s: a minute). */
  tries?: number;
}

/**
 * Asks every second until the checkout became an order: its page's address, or null once the tries ran out.
 * A failed request or a pending/missing answer (the provider's event may arrive after the buyer) is asked again.
 */
export async function waitForOrder({ ask, sleep, intervalMs = 1000, tries = 60 }: WaitOptions): Promise<string | null> {
  for (let i = 0; i < tries; i++) {
    if (i > 0) await sleep(intervalMs);
    const answer = await ask().catch(() => null);
    if (answer && "url" in answer && answer.url.startsWith("/tickets/")) return answer.url;
  }
  return null;
}
