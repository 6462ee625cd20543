import { describe, expect, it } from "vitest";
import { SessionIdSchema } from "../id-schemas";
import { orderPath, orderReference } from "./orders";

describe("orders", () => {
  it("gives a reference a person can read out", () => {
    expect(orderReference(123)).toBe("TNCC-000123");
    expect(orderReference(1234567)).toBe("TNCC-1234567");
  });

  it("accepts checkout session ids only", () => {
    expect(SessionIdSchema.safeParse("cs_test_a1B2c3").success).toBe(true);
    for (const bad of ["", "cs_", "pi_123", "cs_test/../x", "cs_test'--", `cs_${"a".repeat(201)}`, "cs_a b"])
      expect(SessionIdSchema.safeParse(bad).success, bad).toBe(false);
    expect(orderPath("cs_test_1")).toBe("/api/orders/cs_test_1");
  });
});
