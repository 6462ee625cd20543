/**
 * Money, once (issue 64): an amount is kept in minor units (cents, `amountMinor`) and said here. In words, as a
 * mail and the organisers' answers say it ("59.00 USD"); as a visitor's page shows it ("$59.00", the currency's
 * own decimals); and as an organiser types it back ("59.00", read by app/lib/admin/box-office.ts parseAmount).
 * A plan's price in the content is in whole units: app/lib/tickets/price.ts.
 */

/** 5900 -> "59.00": the amount as an organiser types it (parseAmount's inverse). */
export const decimalAmount = (amountMinor: number) => (amountMinor / 100).toFixed(2);

/** 5900 "usd" -> "59.00 USD": the amount as a mail and the organisers' answers say it. */
export const money = (amountMinor: number, currency: string) =>
  `${decimalAmount(amountMinor)} ${currency.toUpperCase()}`;

/** 5000 "usd" -> "$50.00"; the currency's own number of decimals (0 for JPY). */
export function formatAmount(amountMinor: number, currency: string, locale = "en-US"): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}
