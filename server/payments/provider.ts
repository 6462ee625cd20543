/**
 * The payment provider interface (issue 53): every way a person pays goes through it. The box office
 * (server/tickets/) and the sponsor tokens (server/orders/) call only this (lint: eslint.config.js), never a
 * provider's package. Two implementations: the card provider's hosted checkout (./card.ts) and "pay later"
 * (./later.ts: bank transfer, cash or cheque, with instructions and a deadline from content).
 */

import type { PaymentMethod } from "../../app/lib/payments/methods";

/** How an order is paid online or promised (app/lib/payments/methods.ts, the one list): card, or "pay later". */
export { PAYMENT_METHODS, isPaymentMethod, type PaymentMethod } from "../../app/lib/payments/methods";

/** What is paid for: an amount per unit from content, or the provider's own price id (a sponsor token). */
export type PaymentLine =
  { name: string; unitAmountMinor: number; quantity: number } | { price: string; quantity: number };

export interface StartRequest {
  /** Lower-case ISO 4217 ("usd"). */
  currency: string;
  lines: PaymentLine[];
  /** The buyer's address, when known (the provider's page fills it in). */
  email?: string;
  /** What the payment is for, echoed in its events ({ hold: "12" }, { token: "3" }). */
  metadata: Record<string, string>;
  /** The site's own reference ("hold-12"): the provider's `client_reference_id`. */
  reference?: string;
  /** Until when the payment may be made (the card checkout's expiry, at least 30 minutes). */
  expiresAt?: Date;
  /** Where the buyer comes back to. */
  successUrl: string;
  cancelUrl: string;
  /** A retried start makes no second payment. */
  idempotencyKey?: string;
}

/** How a "pay later" order is paid: from content (ticket-plans.yaml `payLater`). */
export interface PayLaterTerms {
  /** The deadline, PENDING_ORDER_DAYS (content `payLater.pendingOrderDays`, default 7) from the order. */
  deadline: Date;
  /** How to pay, in the organisers' words (bank details, where to bring cash or a cheque). */
  instructions: string;
}

export type Started =
  /** The buyer is sent to the provider's page (`id`: the provider's session). */
  | { kind: "redirect"; url: string; id: string }
  /** Nothing to do online: the order waits for the money until the deadline. */
  | { kind: "pending"; terms: PayLaterTerms }
  | { kind: "failed"; why: "unreachable" | "refused" | "unavailable"; detail: string };

export interface RefundRequest {
  /** The provider's payment (a card payment's intent); null: none online. */
  payment: string | null;
  /** One refund per key, however often asked. */
  key: string;
}

/** "requested": the provider refunds it; "by-hand": the organisers give the money back; "failed": try again. */
export type Refunded = "requested" | "by-hand" | "failed";

/** A pending order as "pay later" judges its deadline. */
export interface PendingPayment {
  id: number;
  dueAt: Date;
  remindedAt: Date | null;
}

export type EventsInput =
  /** What the provider sent: the raw body of its webhook and its signature header. */
  | { kind: "webhook"; body: string; signature: string | undefined }
  /** The orders waiting for money, and the time now: which are due a reminder, and which lapse. */
  | { kind: "due"; pending: PendingPayment[]; now: number };

/** A provider's events, in the site's words. */
export type PaymentEvent =
  | {
      type: "paid";
      /** The provider's event id: a replay stores nothing new. */
      eventId: string;
      /** The provider's session (the checkout). */
      session: string;
      /** The payment itself (what a refund names). */
      payment: string | null;
      amountMinor: number | null;
      currency: string | null;
      email: string | null;
      name: string | null;
      metadata: Record<string, string>;
    }
  | { type: "expired"; eventId: string; session: string; metadata: Record<string, string> }
  /** Refunded in full at the provider (its dashboard). */
  | { type: "refunded"; eventId: string; payment: string }
  /** A pending order past its deadline: one reminder. */
  | { type: "remind"; order: number; releaseAt: Date }
  /** A pending order unpaid after its reminder: its seats go back. */
  | { type: "lapsed"; order: number }
  | { type: "ignored"; eventId: string; name: string };

/** The events could not be read (a bad signature, no signing secret): nothing is done, the fault is logged. */
export interface EventsRefused {
  refused: string;
}

/** What asking about one started payment says (the buyer back before the provider's event). */
export type Lookup = { kind: "paid"; event: Extract<PaymentEvent, { type: "paid" }> } | { kind: "open" | "unknown" };

export interface PaymentProvider {
  readonly method: PaymentMethod;
  /** Whether it can take payments here (the card provider: a secret key and SITE_URL). */
  readonly ready: boolean;
  /**
   * Whether the buyer pays on the provider's page now (the card: the seats are held a short while meanwhile), or
   * the order waits for money that comes by hand (pay later: a pending order with a deadline).
   */
  readonly online: boolean;
  start(request: StartRequest): Promise<Started>;
  refund(request: RefundRequest): Promise<Refunded>;
  /** Its events: from a signed webhook (card), or the deadlines due (pay later); [] for what is not its own. */
  events(input: EventsInput): Promise<PaymentEvent[] | EventsRefused>;
  /** Asks about one started payment. */
  lookup(session: string): Promise<Lookup>;
}
