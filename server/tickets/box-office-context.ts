/**
 * What the box office's parts share (./box-office.ts makes it and hands it to each): data only (issue 64) — the
 * database, the clock, the settings, the plans of the live build, every way to pay behind the payment interface
 * (server/payments/), the keys and salts read once, and the batches a rush shares. Each step every path takes is
 * a plain module function taking this context first: seats held (./seats.ts `takeSeats`), a hold sold
 * (./order-life/sell.ts `sell`), holds given back (./seats.ts `releasedHolds`), the keyed hashes (./keys.ts), the
 * waiting list (./waitlist/waitlist.ts). Also the answers the box office gives its callers.
 */
import type { TicketsData } from "../../app/lib/build-outputs";
import type { AuditEntry } from "../admin/audit/queries";
import type { Batch } from "../db/batch";
import type { Db } from "../db/client";
import { isPaymentMethod, PAYMENT_METHODS, type PaymentMethod, type Payments } from "../payments";
import type { CheckoutSession, HoldRequest, HoldResult } from "./holds.queries";
import type { TicketOrder } from "./queries";
import type { TicketKeys } from "./signing";

export interface BoxOfficeContext {
  db: Db;
  now: () => number;
  log: (line: string) => void;
  logError: (line: string) => void;
  /** Every way to pay, one provider per method (server/payments/): `payments[method]`, never one by name (lint). */
  payments: Payments;
  /** The plans of the live build, their capacities written to the stock once per build. */
  plans: () => Promise<TicketsData>;
  /** SITE_URL without a trailing slash: links in mails and the provider's return addresses. */
  siteUrl: () => string;
  /** TICKET_HOLD_MINUTES: how long a checkout keeps its seats once its buyer reached the provider's page. */
  holdMinutes: number;
  /** TICKET_FIRST_HOLD_MINUTES: how long a purchase keeps its seats until then. */
  firstHoldMinutes: number;
  /** TICKET_OPEN_HOLDS: open holds per client and per address. */
  openLimit: number;
  /** TICKET_CONFIRM_HOURS: how long a free order's, or a "pay later" one's, seats wait for its address to be confirmed. */
  confirmHours: number;
  /** WAITLIST_OFFER_HOURS: how long a waiting-list offer keeps its seats. */
  offerHours: number;
  /** The tickets' key pair (./signing.ts), read once: the door's list carries its public key (issue 43). */
  signing: () => Promise<TicketKeys>;
  /** The site's salt, read once: clients' and buyers' addresses are kept only hashed with it (./keys.ts). */
  salt: () => Promise<string>;
  /** This database's own random prefix of the card provider's idempotency keys (issue 50), read once (./keys.ts). */
  keyPrefix: () => Promise<string>;
  /**
   * What a rush shares (server/db/batch.ts): the holds being written (./seats.ts `takeSeats`), and the checkout
   * sessions being recorded (`recordCheckout`), one write to disk a batch.
   */
  batches: {
    holds: Batch<HoldRequest, HoldResult>;
    checkouts: Batch<CheckoutSession, CheckoutSession>;
  };
}

/** How long after a payment its buyer's return from the provider's page opens the order's page. */
export const RETURN_LINK_MS = 60 * 60_000;

/** The methods a plan takes (all when content says none) whose provider can take payments here now. */
export const usableMethods = (box: BoxOfficeContext, accepted: readonly PaymentMethod[] | undefined): PaymentMethod[] =>
  (accepted ?? PAYMENT_METHODS).filter((m) => box.payments[m].ready);

/**
 * How a paid plan is paid: the buyer's choice when the plan takes it and its provider is ready, else the first
 * ready method paid online (the card), else the first ready one ("pay later"); null: no way here (a plan that
 * takes only cards, with no card provider).
 */
export function methodFor(
  box: BoxOfficeContext,
  accepted: PaymentMethod[] | undefined,
  asked: PaymentMethod | undefined,
): PaymentMethod | null {
  const usable = usableMethods(box, accepted);
  if (asked && usable.includes(asked)) return asked;
  // Online first (the buyer is done at once), then in the list's order.
  return usable.find((m) => box.payments[m].online) ?? usable[0] ?? null;
}

/** How a hold or an order is paid, as stored; rows from before issue 53 (no method) were paid by card. */
export const methodOf = (row: { paymentMethod: string | null }): PaymentMethod =>
  isPaymentMethod(row.paymentMethod) ? row.paymentMethod : "card";

export type BuyResult =
  | { kind: "order"; token: string }
  /**
   * A free order, or one paid later (`payLater`), held until its address is confirmed by the mailed link
   * (`secret`: that link's, for tests; "" when nothing was mailed or held: the answer is the same, issue 61).
   */
  | { kind: "confirm"; until: Date; secret: string; payLater?: boolean }
  | { kind: "checkout"; url: string }
  /** The client (this connection) already has seats held: they are released at `until`. */
  | { kind: "capped"; until: Date }
  | { kind: "sold-out"; left: number }
  | { kind: "closed"; message: string }
  | { kind: "too-many"; max: number }
  | { kind: "unknown-plan" }
  | { kind: "key-reused" }
  | { kind: "provider-failed"; contact: string }
  | { kind: "no-payments" };

export interface BuyRequest {
  plan: string;
  quantity: number;
  name: string;
  email: string;
  phone?: string;
  idempotencyKey?: string | null;
  /** The client's rate-limit key (its address): its open holds are limited (stored only as a keyed hash). */
  client?: string;
  /** How the buyer chose to pay, when the plan offers a choice (default: the card when it is ready). */
  method?: PaymentMethod;
}

/** An order an organiser issues by hand (issue 53). */
export interface ManualOrderRequest {
  plan: string;
  quantity: number;
  name: string;
  email: string;
  /** The people's names, one a ticket, in order. */
  names: string[];
  /** "complimentary" (free), or "door" (paid at the door: `amountMinor`). */
  kind: "complimentary" | "door";
  amountMinor: number;
  /** Past the plan's capacity only with a reason (audited by the caller). */
  overrideReason?: string;
  actor: string;
  /** The caller's audit lines (`over`: issued past the capacity), written in the order's transaction (issue 61). */
  audit?: (order: TicketOrder, over: boolean) => AuditEntry[];
}

/** A pending order's money received (issue 53). */
export interface MarkPaidRequest {
  amountMinor: number;
  paidBy: string;
  actor: string;
  /** The caller's audit line (`reheld`: it had been released), written in the sale's transaction (issue 61). */
  audit?: (order: TicketOrder, reheld: boolean) => AuditEntry;
}

export type ManualOrderResult =
  | { kind: "order"; order: TicketOrder; tickets: number }
  | { kind: "over-capacity"; left: number }
  | { kind: "unknown-plan" };

export type MarkPaidResult =
  | { kind: "paid"; order: TicketOrder; tickets: number; reheld: boolean }
  /** Marked paid before: its one set of tickets went out then. */
  | { kind: "already"; order: TicketOrder }
  /** Released past its deadline and its seats taken meanwhile: nothing sold. */
  | { kind: "no-seats"; order: TicketOrder; left: number }
  /** Not an order waiting for money (cancelled, refunded, or paid by card). */
  | { kind: "not-pending"; order: TicketOrder }
  | { kind: "unknown" };
