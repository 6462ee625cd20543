// @vitest-environment node
import { describe, expect, it } from "vitest";
import { cell, median, missing, parseBaselines, readRun, summarize } from "./bench";
import { bytesBudget, lighthouseBudget, overBudget, type Budgets } from "./quality/budgets";

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

describe("bench spread and retries", () => {
  it("gives the median and the range of the runs", () => {
    const s = summarize([140, 90, 410, 120, 100]);
    expect(s).toEqual({ median: 120, min: 90, max: 410 });
    expect(cell(s)).toBe("120 (90-410)");
    expect(cell(summarize([0.98, 0.98]), 2)).toBe("0.98");
  });

  it("reads a report, and a run without a trace lacks its timings (so it is run again)", () => {
    const report = {
      categories: { performance: { score: 0.97 }, accessibility: { score: 1 } },
      audits: {
        "first-contentful-paint": { numericValue: 800 },
        "largest-contentful-paint": { numericValue: 1250 },
        "total-blocking-time": { numericValue: 60 },
        "resource-summary": {
          details: {
            items: [
              { resourceType: "script", transferSize: 2048 },
              { resourceType: "total", transferSize: 10240, requestCount: 12 },
            ],
          },
        },
      },
      environment: { benchmarkIndex: 1500 },
    };
    const run = readRun(report, 2.5);
    expect(run).toMatchObject({ performance: 0.97, lcpMs: 1250, jsKiB: 2, totalKiB: 10, requests: 12, load1: 2.5 });
    expect(missing(run)).toEqual([]);
    const noTrace = readRun({ categories: { performance: { score: null } }, audits: {} }, 1);
    expect(missing(noTrace)).toEqual(["performance", "fcpMs", "lcpMs", "tbtMs"]);
  });
});

describe("per-page Lighthouse budget", () => {
  it("takes a page's own figures over the common ones", () => {
    const budgets: Budgets = {
      lighthouse: {
        performance: 0.97,
        accessibility: 1,
        bestPractices: 1,
        seo: 1,
        lcpMs: 1500,
        cls: 0.02,
        tbtMs: 150,
        pages: { "/": { performance: 0.98, lcpMs: 1200, tbtMs: 100 } },
      },
      bytes: { jsKiB: 130, cssKiB: 40, totalKiB: 500, htmlKiB: 13, pages: { "/home-2": { htmlKiB: 16 } } },
    };
    expect(lighthouseBudget(budgets, "/")).toMatchObject({ performance: 0.98, lcpMs: 1200, tbtMs: 100, cls: 0.02 });
    expect(lighthouseBudget(budgets, "/gallery")).toMatchObject({ performance: 0.97, lcpMs: 1500, tbtMs: 150 });
    expect(bytesBudget(budgets, "/home-2")).toEqual({ jsKiB: 130, cssKiB: 40, totalKiB: 500, htmlKiB: 16 });
    expect(bytesBudget(budgets, "/")).toEqual({ jsKiB: 130, cssKiB: 40, totalKiB: 500, htmlKiB: 13 });
  });
});

describe("builds to compare", () => {
  it("reads one address or named ones", () => {
    expect(parseBaselines("http://127.0.0.1:4191/")).toEqual({ baseline: "http://127.0.0.1:4191" });
    expect(parseBaselines("main=http://a:1,try=http://b:2/")).toEqual({ main: "http://a:1", try: "http://b:2" });
    expect(parseBaselines(undefined)).toEqual({});
  });
});
