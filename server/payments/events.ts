/**
 * Who hears a payment provider's events (issue 61): the features that sell through a provider (the box office's
 * checkouts, the sponsor tokens) each listen here from their own `routes(ctx)`, and the provider's one webhook
 * (./webhook.ts) hands each event to them. Each listener takes only its own events and answers null for the
 * others, so the order in which the features listen changes nothing.
 */
import type { PaymentEvent } from "./provider";

/** What a listener made of an event (added to the webhook's answer), or null when it is not its own. */
export type PaymentListener = (event: PaymentEvent) => Promise<Record<string, unknown> | null>;

export interface PaymentEvents {
  listen(listener: PaymentListener): void;
  /** The first listener's answer that took the event; null when none did. */
  dispatch(event: PaymentEvent): Promise<Record<string, unknown> | null>;
}

export function createPaymentEvents(): PaymentEvents {
  const listeners: PaymentListener[] = [];
  return {
    listen: (listener) => void listeners.push(listener),
    async dispatch(event) {
      for (const listener of listeners) {
        const answer = await listener(event);
        if (answer) return answer;
      }
      return null;
    },
  };
}
