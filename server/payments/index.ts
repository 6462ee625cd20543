/**
 * The payments feature (issue 53): the provider interface and the providers this server has. Other features
 * import only this module (lint: eslint.config.js), never a provider's package nor an implementation's file.
 */
import { createCardProvider, type CardSettings } from "./card";
import { createPayLater, type PayLaterSettings } from "./later";
import type { PaymentMethod, PaymentProvider } from "./provider";

export type * from "./provider";
export { PAYMENT_METHODS } from "./provider";
export type { CardSettings } from "./card";
export type { PayLaterSettings } from "./later";
export { DEFAULT_INSTRUCTIONS, GRACE_DAYS, isPlaceholderInstructions, PENDING_ORDER_DAYS } from "./later";

export interface Payments {
  card: PaymentProvider;
  later: ReturnType<typeof createPayLater>;
  of(method: PaymentMethod): PaymentProvider;
}

/** The card provider (ready only with a secret key and SITE_URL) and "pay later" (always ready). */
export function createPayments(options: {
  card?: CardSettings;
  payLater?: () => Promise<PayLaterSettings | undefined>;
  now?: () => number;
}): Payments {
  const card = createCardProvider({ ...options.card, now: options.card?.now ?? options.now });
  const later = createPayLater({ settings: options.payLater ?? (async () => undefined), now: options.now });
  return { card, later, of: (method) => (method === "card" ? card : later) };
}

/** The card provider alone (the sponsor tokens' checkout and webhook). */
export const cardProvider = (settings: CardSettings): PaymentProvider => createCardProvider(settings);
