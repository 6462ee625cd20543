/**
 * "Pay later" behind the payment interface (./provider.ts): bank transfer, cash or cheque. Starting a payment
 * gives the buyer the organisers' instructions and a deadline (content: ticket-plans.yaml `payLater`,
 * `pendingOrderDays` default 7); the organisers mark the money received by hand. Its events are the deadlines:
 * an order unpaid past its deadline is due one reminder, and lapses (its seats go back) `graceDays` after it.
 * A refund is the organisers' to make by hand (the money came to them).
 */
import type {
  EventsInput,
  EventsRefused,
  Lookup,
  PaymentEvent,
  PaymentProvider,
  Refunded,
  StartRequest,
  Started,
} from "./provider";

/** What content says about paying later (build/tickets.json `payLater`); every field has a default. */
export interface PayLaterSettings {
  /** PENDING_ORDER_DAYS: how long a pending order keeps its seats (default 7). */
  pendingOrderDays?: number;
  /** How long after the reminder an unpaid order is released (default 2 days). */
  graceDays?: number;
  /** How to pay, in the organisers' words. */
  instructions?: string;
}

export const PENDING_ORDER_DAYS = 7;
export const GRACE_DAYS = 2;
export const DEFAULT_INSTRUCTIONS =
  "Pay by bank transfer, or bring cash or a cheque to the church office, quoting your order's reference. We send your tickets as soon as the money has arrived.";

/**
 * Whether the pay-later instructions are still a placeholder (issue 61): the default above, or the words the
 * sample content ships with ("account details from the church office"), so the organisers' home warns until
 * they write their own.
 */
export const isPlaceholderInstructions = (text: string): boolean =>
  text.trim() === DEFAULT_INSTRUCTIONS || /account details from the church office/i.test(text);

const DAY = 86_400_000;

/**
 * How paying later works now, from content's settings with their defaults: the days an order waits for its money,
 * the grace after the reminder, and how to pay. The box office reads them through this (server/payments/index.ts)
 * without naming the provider (issue 61).
 */
export function payLaterTerms(settings: PayLaterSettings | undefined): {
  days: number;
  graceDays: number;
  instructions: string;
} {
  const s = settings ?? {};
  return {
    days: s.pendingOrderDays ?? PENDING_ORDER_DAYS,
    graceDays: s.graceDays ?? GRACE_DAYS,
    instructions: s.instructions?.trim() || DEFAULT_INSTRUCTIONS,
  };
}

export function createPayLater(options: {
  /** The settings as the live build has them now (content can change between builds). */
  settings: () => Promise<PayLaterSettings | undefined>;
  now?: () => number;
}): PaymentProvider {
  const now = options.now ?? Date.now;
  const terms = async () => payLaterTerms(await options.settings());
  return {
    method: "later",
    ready: true,
    online: false,

    async start(_request: StartRequest): Promise<Started> {
      const { days, instructions } = await terms();
      return { kind: "pending", terms: { deadline: new Date(now() + days * DAY), instructions } };
    },

    // The money came to the organisers: they give it back themselves.
    async refund(): Promise<Refunded> {
      return "by-hand";
    },

    async events(input: EventsInput): Promise<PaymentEvent[] | EventsRefused> {
      if (input.kind !== "due") return [];
      const { graceDays } = await terms();
      const events: PaymentEvent[] = [];
      for (const p of input.pending) {
        if (input.now < p.dueAt.getTime()) continue;
        if (!p.remindedAt)
          events.push({ type: "remind", order: p.id, releaseAt: new Date(input.now + graceDays * DAY) });
        else if (input.now >= p.remindedAt.getTime() + graceDays * DAY) events.push({ type: "lapsed", order: p.id });
      }
      return events;
    },

    // Nothing is started anywhere else: the order's own row says whether it was paid.
    async lookup(): Promise<Lookup> {
      return { kind: "unknown" };
    },
  };
}
