/**
 * The box office's answers (issue 42), shared by the server (server/tickets/) and the pages that read them:
 * `/pricing`, `/buy-ticket` and the home page's plans ("N seats left", "Sold out"), and the buyer's
 * `/tickets/<token>`.
 */
import type { PaymentMethod } from "../payments/methods";

/** The day pass's plan id (content names the day pass by its place in ticket-plans.yaml, not by an id). */
export const DAY_PASS_ID = "day-pass";

/** The box office's routes (server/tickets/routes.ts), as the server declares them; the pages fill them in. */
export const TICKETS_PATHS = {
  availability: "/api/tickets/availability",
  buy: "/api/tickets/buy",
  session: "/api/tickets/sessions/:sessionId",
  /** The way to the provider's page (the hold is kept its full time from then on). */
  pay: "/api/tickets/pay/:sessionId",
  order: "/api/tickets/orders/:token",
  ticket: "/api/tickets/orders/:token/tickets/:position",
  send: "/api/tickets/orders/:token/tickets/:position/send",
  waitlist: "/api/tickets/waitlist",
} as const;

/** "TNCC-T000042": what the buyer and the organisers call a ticket order. */
export const ticketReference = (id: number) => `TNCC-T${String(id).padStart(6, "0")}`;

/**
 * A plan that takes only cards where no card provider is configured (issue 61): what the buy answers (409) and what
 * /buy-ticket shows for it before anyone types, never a form message to the organisers.
 */
export const cardOnlyMessage = (contact?: string) =>
  `Card payments are not available yet for this plan, so it cannot be bought here. Please contact us${contact ? ` at ${contact}` : ""} to book your seats.`;

/** `GET /api/tickets/availability` */
export interface AvailabilityAnswer {
  /**
   * Plan id -> seats (people) left; 0 is sold out. `methods` (issue 61): the ways it can be paid here now; none for
   * a plan that takes only cards where no card provider is configured (the page says so before anyone types).
   */
  plans: Record<string, { left: number; soldOut: boolean; methods?: PaymentMethod[] }>;
  /** Whether paid plans are sold online here (a card provider is configured); else they are paid later. */
  payments: boolean;
  /** How to reach the organisers ("tickets@… or +1 …"). */
  contact?: string;
}

/** `GET /api/tickets/orders/<token>`: the buyer's page. */
export interface TicketOrderAnswer {
  reference: string;
  plan: string;
  /** "pending": paid later, waiting for the money (issue 53); "released": unpaid past its deadline. */
  status: "paid" | "pending" | "released" | "cancelled" | "refunded";
  name: string;
  /** A pending (or released) order: what to pay, how, and by when (the event's time zone, in words). */
  payment?: { amount: string; instructions: string; deadline: string | null };
  /** `shortCode`: printed large under the QR (issue 61; absent in a page kept offline before it). */
  tickets: { position: number; code: string; shortCode?: string; qr: string; name: string | null; status: string }[];
}

/** A ticket order's page (the token is its secret: at least 192 random bits, base64url). */
export const TICKET_TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const ticketsPath = (token: string) => `/tickets/${token}`;
