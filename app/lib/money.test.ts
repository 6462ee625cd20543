import { describe, expect, it } from "vitest";
import { parseAmount } from "./admin/box-office";
import { decimalAmount, formatAmount, money } from "./money";

describe("money", () => {
  it("formats the amount in the currency's own decimals", () => {
    expect(formatAmount(5000, "usd")).toBe("$50.00");
    expect(formatAmount(123456, "USD")).toBe("$1,234.56");
    expect(formatAmount(1500, "jpy")).toBe("¥1,500");
    expect(formatAmount(999, "eur")).toBe("€9.99");
  });

  it("says an amount in words, with its currency's code", () => {
    expect(money(5900, "usd")).toBe("59.00 USD");
    expect(money(3805, "EUR")).toBe("38.05 EUR");
    expect(money(0, "usd")).toBe("0.00 USD");
  });

  it("writes an amount as an organiser types it, read back the same", () => {
    expect(decimalAmount(5900)).toBe("59.00");
    expect(decimalAmount(5)).toBe("0.05");
    for (const minor of [0, 5, 3805, 123456]) expect(parseAmount(decimalAmount(minor))).toBe(minor);
  });
});
