import { describe, expect, it } from "vitest";
import { GONE_MS, readGate } from "./read-gate";

describe("readGate (issue 43)", () => {
  it("makes one scan of a code held in view, and another once it was gone and came back", () => {
    const gate = readGate();
    expect(gate("A", 0, true)).toBe("A");
    expect(gate("A", 100, true)).toBeNull();
    expect(gate("A", 100 + GONE_MS - 1, true)).toBeNull();
    expect(gate(null, 100 + GONE_MS, true)).toBeNull();
    expect(gate("A", 100 + 2 * GONE_MS, true)).toBe("A");
  });

  it("takes another code at once, but nothing while a verdict is on screen", () => {
    const gate = readGate();
    expect(gate("A", 0, true)).toBe("A");
    expect(gate("B", 10, false)).toBeNull();
    expect(gate("B", 20, true)).toBe("B");
  });
});
