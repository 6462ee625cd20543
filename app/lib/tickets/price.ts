/**
 * Prices as the site shows them (the plan cards, the sponsor tokens, the buy page's total): "$59", "$35.99",
 * "Free" for a free registration. Framework-free; unit-tested in ./price.test.ts.
 */

/** An amount in its currency, with cents only when it has some: "$1,000", "$35.99". */
export const formatPrice = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

/** A plan's price as its card shows it: "Free" for a free registration (price 0). */
export const planPrice = (amount: number, currency: string) => (amount === 0 ? "Free" : formatPrice(amount, currency));

/** The most tickets of one plan a purchase may ask for (the form's quantity field). */
export const MAX_QUANTITY = 50;

/**
 * What `quantity` orders of a plan at `price` cost, as the buy page says it ("$118", "$107.97", "Free"),
 * counted in cents so that 3 × 35.99 is 107.97; null for a quantity the box office refuses (empty, 0, 2.5, or
 * more than the plan's `max` per order).
 */
export function orderTotal(price: number, quantity: number, currency: string, max = MAX_QUANTITY): string | null {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > Math.min(max, MAX_QUANTITY)) return null;
  return planPrice((Math.round(price * 100) * quantity) / 100, currency);
}
