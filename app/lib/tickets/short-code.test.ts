import { describe, expect, it } from "vitest";
import { formatShortCode, nearestCode, oneAway, SHORT_CODE_ALPHABET, shortCodeKey } from "./short-code";

describe("short ticket codes (issue 61)", () => {
  it("uses Crockford's base32: no I, L, O or U", () => {
    expect(SHORT_CODE_ALPHABET).toHaveLength(32);
    expect(SHORT_CODE_ALPHABET).not.toMatch(/[ILOU]/);
  });

  it("is printed in two groups of four, 9 characters", () => {
    expect(formatShortCode("7KX4QM2P")).toBe("7KX4-QM2P");
  });

  it("reads a typed code whatever its case, spaces and dashes", () => {
    for (const typed of ["7KX4-QM2P", "7kx4 qm2p", " 7kx4qm2p ", "7KX4 - QM2P", "7k x4-qm 2p"])
      expect(shortCodeKey(typed)).toBe("7KX4QM2P");
  });

  it("reads O as 0 and I or L as 1", () => {
    expect(shortCodeKey("7kxo-qmlp")).toBe("7KX0QM1P");
    expect(shortCodeKey("IIII LLLL")).toBe("11111111");
  });

  it("refuses what is no short code", () => {
    for (const typed of ["7KX4-QM2", "7KX4-QM2PP", "7KX4-QMUP", "Ruth Mensah", "TNCC-T000042", "", "7KX4_QM2P"])
      expect(shortCodeKey(typed)).toBeNull();
  });

  it("lists the codes one character away", () => {
    const near = oneAway("7KX4QM2P");
    expect(near).toHaveLength(8 * 31);
    expect(new Set(near).size).toBe(near.length);
    expect(near).toContain("7KX4QM3P");
    expect(near).not.toContain("7KX4QM2P");
  });

  it("suggests the one code a character away, and none between two or from further", () => {
    expect(nearestCode("7KX4QM3P", ["7KX4QM2P", "AAAAAAAA"])).toBe("7KX4QM2P");
    // Two tickets one character away: no guess.
    expect(nearestCode("7KX4QM3P", ["7KX4QM2P", "7KX4QM4P"])).toBeNull();
    // Two characters away, or equal (found, not suggested): nothing.
    expect(nearestCode("7KX4QM33", ["7KX4QM2P"])).toBeNull();
    expect(nearestCode("7KX4QM2P", ["7KX4QM2P"])).toBeNull();
    expect(nearestCode("7KX4QM3P", [])).toBeNull();
  });
});
