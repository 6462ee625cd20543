/**
 * The payments feature (issue 53): the provider interface and the providers this server has. Other features
 * import only this module (lint: eslint.config.js), never a provider's package nor an implementation's file.
 */
import { createCardProvider, type CardSettings } from "./card";
import { createPayLater, type PayLaterSettings } from "./later";
import type { PaymentMethod, PaymentProvider } from "./provider";

export type * from "./provider";
export { isPaymentMethod, PAYMENT_METHODS } from "./provider";
export type { CardSettings } from "./card";
export type { PayLaterSettings } from "./later";
export {
  DEFAULT_INSTRUCTIONS,
  GRACE_DAYS,
  isPlaceholderInstructions,
  payLaterTerms,
  PENDING_ORDER_DAYS,
} from "./later";
export { createPaymentEvents, type PaymentEvents, type PaymentListener } from "./events";

/**
 * The registry (issue 61): one provider per method of app/lib/payments/methods.ts, called as `payments[method]`
 * (`payments[order.method]`), never by name (lint: eslint.config.js refuses `payments.card` in server/tickets/).
 * A new method is a line in that list and its provider here; the type check asks for it.
 */
export type Payments = Record<PaymentMethod, PaymentProvider>;

/** The card provider (ready only with a secret key and SITE_URL) and "pay later" (always ready). */
export function createPayments(options: {
  card?: CardSettings;
  payLater?: () => Promise<PayLaterSettings | undefined>;
  now?: () => number;
}): Payments {
  return {
    card: createCardProvider({ ...options.card, now: options.card?.now ?? options.now }),
    later: createPayLater({ settings: options.payLater ?? (async () => undefined), now: options.now }),
  };
}

/** Whether any method is paid online here (its provider ready): else paid plans are paid later or asked for. */
export const paysOnline = (payments: Payments): boolean => Object.values(payments).some((p) => p.online && p.ready);

/** The card provider alone (the sponsor tokens' checkout and the provider's webhook). */
export const cardProvider = (settings: CardSettings): PaymentProvider => createCardProvider(settings);
