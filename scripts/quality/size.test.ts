import { describe, expect, it } from "vitest";
import { overBudget } from "./budgets";
import { initialAssets } from "./size";

describe("initialAssets", () => {
  it("lists module scripts, preloads, stylesheets, fonts and inline scripts once each", () => {
    const html = `<head><link rel="modulepreload" href="/assets/a.js"/><link rel="stylesheet" href="/assets/app.css"/>
      <link rel="preload" href="/assets/f.woff2" as="font" type="font/woff2"/><link rel="icon" href="/favicon.svg"/>
      <script type="application/ld+json">{"@type":"Event"}</script>
      </head><body><script>window.ctx = 1;</script><script type="module" src="/assets/a.js"></script>
      <script type="module">await import("/assets/b.js");</script></body>`;
    expect(initialAssets(html)).toEqual({
      scripts: ["/assets/a.js", "/assets/b.js"],
      styles: ["/assets/app.css"],
      fonts: ["/assets/f.woff2"],
      inlineScripts: ["window.ctx = 1;", 'await import("/assets/b.js");'],
    });
  });
});

describe("overBudget", () => {
  it("names the page, the measure and the overshoot", () => {
    expect(overBudget("/", { jsKiB: 162.34, cssKiB: 10 }, { jsKiB: 150, cssKiB: 40 })).toEqual([
      "/ jsKiB 162.3 > 150 (+12.3)",
    ]);
  });

  it("fails a measure that is missing or not a number", () => {
    expect(overBudget("/", { jsKiB: Number.NaN }, { jsKiB: 150 })).toEqual(["/ jsKiB was not measured (NaN)"]);
    expect(overBudget("/", {}, { tbtMs: 200 })).toEqual(["/ tbtMs was not measured (undefined)"]);
    expect(overBudget("/", { cls: Number.POSITIVE_INFINITY }, { cls: 0.02 })).toHaveLength(1);
  });

  it("is empty when everything fits", () => {
    expect(overBudget("/faqs", { jsKiB: 150 }, { jsKiB: 150 })).toEqual([]);
  });
});
