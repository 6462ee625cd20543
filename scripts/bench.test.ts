// @vitest-environment node
import { describe, expect, it } from "vitest";
import { median } from "./bench";
import { overBudget } from "./quality/budgets";

describe("bench median", () => {
  it("takes the middle run, or the mean of the two middle ones", () => {
    expect(median([300, 100, 200, 500, 400])).toBe(300);
    expect(median([1, 4, 2, 3])).toBe(2.5);
  });

  it("is NaN when a run lacks the metric, and NaN fails the budget", () => {
    const tbt = median([120, Number.NaN, 130, 140, 150]);
    expect(tbt).toBeNaN();
    expect(overBudget("/", { tbtMs: tbt }, { tbtMs: 200 })).toEqual(["/ tbtMs was not measured (NaN)"]);
    expect(median([])).toBeNaN();
  });
});
