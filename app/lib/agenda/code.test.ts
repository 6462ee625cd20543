import { describe, expect, it } from "vitest";
import { decodeAgenda, encodeAgenda } from "./code";

describe("agenda share code", () => {
  it("round-trips sets of any shape", () => {
    const sets = [
      [1],
      [18],
      [1, 2, 3],
      [2, 7, 9, 15, 18],
      [1, 1000],
      [5, 200_000],
      Array.from({ length: 40 }, (_, i) => i + 1),
    ];
    for (const set of sets) expect(decodeAgenda(encodeAgenda(set))).toEqual(set);
  });

  it("sorts, removes duplicates and ignores what is not a session number", () => {
    expect(decodeAgenda(encodeAgenda([9, 3, 3, 0, -2, 1.5, 7]))).toEqual([3, 7, 9]);
  });

  it("is the empty string for an empty set", () => {
    expect(encodeAgenda([])).toBe("");
    expect(decodeAgenda("")).toEqual([]);
  });

  it("picks the shorter encoding: a bitset for dense sets, gaps for sparse ones", () => {
    const dense = Array.from({ length: 18 }, (_, i) => i + 1);
    expect(encodeAgenda(dense)).toMatch(/^b/);
    expect(encodeAgenda(dense).length).toBeLessThanOrEqual(5);
    expect(encodeAgenda([3, 500])).toMatch(/^g/);
    expect(encodeAgenda([3, 500]).length).toBeLessThan(6);
  });

  it("uses only URL-safe characters", () => {
    for (let n = 1; n < 300; n += 7) expect(encodeAgenda([n, n + 1, n * 3])).toMatch(/^[bg][A-Za-z0-9_-]+$/);
  });

  it("reads a broken or foreign code as an empty set instead of throwing", () => {
    for (const code of ["x", "b", "b!!", "zAAA", "g_____", "g%%"]) expect(decodeAgenda(code)).toEqual([]);
  });
});
