import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export interface LighthouseBudget {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
}

export interface Budgets {
  /** Every page; `pages` holds stricter (or looser) figures for single pages, e.g. "/". */
  lighthouse: LighthouseBudget & { pages?: Record<string, Partial<LighthouseBudget>> };
  /** `htmlKiB`: the page's HTML, which the first paint waits for (see size.ts); `pages` as for Lighthouse. */
  bytes: BytesBudget & { pages?: Record<string, Partial<BytesBudget>> };
}

// A type, not an interface, so that it fits overBudget's limits (Record<string, number>) as it is.
export type BytesBudget = {
  jsKiB: number;
  cssKiB: number;
  totalKiB: number;
  htmlKiB: number;
};

export const repoRoot = path.resolve(import.meta.dirname, "../..");
export const clientDir = path.join(repoRoot, "build/client");

export function readBudgets(): Budgets {
  return JSON.parse(readFileSync(path.join(repoRoot, "budgets.json"), "utf8")) as Budgets;
}

/** The Lighthouse budget of one page: the common figures, overridden by the page's own if it has any. */
export function lighthouseBudget(budgets: Budgets, page: string): LighthouseBudget {
  const { pages, ...common } = budgets.lighthouse;
  return { ...common, ...pages?.[page] };
}

/** The size budget of one page, likewise. */
export function bytesBudget(budgets: Budgets, page: string): BytesBudget {
  const { pages, ...common } = budgets.bytes;
  return { ...common, ...pages?.[page] };
}

/**
 * One line per overshoot, e.g. "/ jsKiB 162.3 > 150 (+12.3)"; empty when everything fits. A budgeted
 * measure that is missing or not a number (a Lighthouse audit that did not run) is a failure too:
 * NaN compares false with everything and would otherwise pass.
 */
export function overBudget(page: string, measured: Record<string, number>, limits: Record<string, number>): string[] {
  return Object.entries(limits).flatMap(([name, limit]) => {
    const value = measured[name];
    if (value === undefined || !Number.isFinite(value)) return [`${page} ${name} was not measured (${value})`];
    return value > limit ? [`${page} ${name} ${value.toFixed(1)} > ${limit} (+${(value - limit).toFixed(1)})`] : [];
  });
}

/** Every pre-rendered page of a build as [path, file], e.g. ["/speakers-detail/3", ".../index.html"]. */
export function builtPages(dir: string = clientDir): [string, string][] {
  const pages: [string, string][] = [];
  const walk = (current: string) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") {
        const rel = path.relative(dir, current).split(path.sep).join("/");
        pages.push([rel ? `/${rel}` : "/", full]);
      }
    }
  };
  walk(dir);
  return pages.sort(([a], [b]) => a.localeCompare(b));
}
