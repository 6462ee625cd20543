/**
 * The ways a person may pay (issue 53; defined once in issue 61): "card" (the card provider's hosted checkout)
 * and "later" (bank transfer, cash or cheque, marked paid by the organisers). The content schema (a plan's
 * `methods`), the build's tickets.json and the server's payment providers (server/payments/: one provider per
 * method, `payments[method]`) all read this list; a new method is a line here and its provider there.
 */
export const PAYMENT_METHODS = ["card", "later"] as const;

export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Whether a stored text (a hold's or an order's `payment_method`) names one of the methods. */
export const isPaymentMethod = (text: unknown): text is PaymentMethod =>
  (PAYMENT_METHODS as readonly unknown[]).includes(text);
