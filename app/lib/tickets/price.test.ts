import { describe, expect, it } from "vitest";
import { formatPrice, orderTotal, planPrice } from "./price";

describe("prices", () => {
  it("shows cents only when there are some, and Free for a free plan", () => {
    expect(formatPrice(59, "USD")).toBe("$59");
    expect(formatPrice(35.99, "USD")).toBe("$35.99");
    expect(formatPrice(1000, "USD")).toBe("$1,000");
    expect(planPrice(0, "USD")).toBe("Free");
    expect(planPrice(19, "EUR")).toBe("€19");
  });
});

describe("orderTotal", () => {
  it("is the plan's price times the quantity, formatted like the prices", () => {
    expect(orderTotal(59, 1, "USD")).toBe("$59");
    expect(orderTotal(59, 2, "USD")).toBe("$118");
    expect(orderTotal(99, 20, "USD")).toBe("$1,980");
    expect(orderTotal(12.5, 3, "GBP")).toBe("£37.50");
  });

  it("counts in cents: no floating-point leftovers", () => {
    // 35.99 * 3 is 107.97000000000001 and 19.99 * 100 is 1998.9999999999998 in floating point.
    expect(orderTotal(35.99, 3, "USD")).toBe("$107.97");
    expect(orderTotal(0.1, 3, "USD")).toBe("$0.30");
    expect(orderTotal(19.99, 50, "USD")).toBe("$999.50");
  });

  it("is Free for a free plan, whatever the quantity", () => {
    expect(orderTotal(0, 4, "USD")).toBe("Free");
  });

  it("says nothing for a quantity the form refuses", () => {
    for (const quantity of [0, -1, 2.5, 51, Number.NaN]) expect(orderTotal(59, quantity, "USD")).toBeNull();
  });

  it("says nothing past the plan's most per order", () => {
    expect(orderTotal(59, 4, "USD", 4)).toBe("$236");
    expect(orderTotal(59, 5, "USD", 4)).toBeNull();
  });
});
