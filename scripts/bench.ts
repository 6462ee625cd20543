/**
 * npm run bench: builds, serves the production build, runs Lighthouse 12 (mobile, simulated throttling,
 * Debian Chromium) 3 times on each page, prints the medians and checks them against budgets.json.
 * Then the load section (scripts/bench/load.ts). Not part of npm test: timings swing with machine load.
 * Compare figures measured in the same run.
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { overBudget, readBudgets, repoRoot } from "./quality/budgets";
import { isMain } from "./is-main";
import { loadBench } from "./bench/load";
import { benchForms } from "./bench/forms";

const ALL_PAGES = ["/", "/schedule", "/gallery", "/blog-grid", "/speakers-detail/1"];
/** BENCH_PAGES="/,/gallery" measures only those pages. */
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",").map((p) => p.trim()) : ALL_PAGES;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4190);
const CHROME_FLAGS = CHROMIUM_ARGS.join(" ");

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKiB: number;
  totalKiB: number;
}

/** The median; NaN when any run lacks the value, so the budget check fails instead of passing. */
export const median = (values: number[]) => {
  if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

interface LhReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
}

function runLighthouse(url: string, out: string): Omit<Row, "page"> {
  // Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: try that run again.
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync(
        path.join(repoRoot, "node_modules/.bin/lighthouse"),
        [
          url,
          "--quiet",
          "--output=json",
          `--output-path=${out}`,
          `--chrome-flags=${CHROME_FLAGS}`,
          "--form-factor=mobile",
          "--throttling-method=simulate",
        ],
        { stdio: "inherit", env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
      );
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.warn(`Lighthouse failed on ${url} (attempt ${attempt}); trying again.`);
    }
  }
  const report = JSON.parse(readFileSync(out, "utf8")) as LhReport;
  const score = (id: string) => report.categories[id]?.score ?? 0;
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const items = report.audits["resource-summary"]?.details?.items ?? [];
  const bytes = (type: string) => (items.find((item) => item.resourceType === type)?.transferSize ?? 0) / 1024;
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsKiB: bytes("script"),
    totalKiB: bytes("total"),
  };
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD) execFileSync("npm", ["run", "build"], { stdio: "inherit", cwd: repoRoot });
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    cwd: repoRoot,
    env: {
      DATA_DIR: "data/bench",
      FORM_RATE_LIMIT: "1000000/600",
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
    },
    stdio: "inherit",
  });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const outDir = path.join(repoRoot, "bench-results");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const rows: Row[] = [];
  try {
    await benchForms(`http://127.0.0.1:${PORT}`);
    for (const page of PAGES) {
      const runs = Array.from({ length: RUNS }, (_, i) =>
        runLighthouse(
          `http://127.0.0.1:${PORT}${page}`,
          path.join(outDir, `${page.replace(/\W+/g, "_") || "home"}-${i}.json`),
        ),
      );
      const row = { page } as Row;
      for (const key of Object.keys(runs[0]!) as (keyof Omit<Row, "page">)[])
        row[key] = median(runs.map((r) => r[key]));
      rows.push(row);
    }
  } finally {
    server.kill();
  }

  console.table(
    rows.map((r) => ({
      page: r.page,
      perf: r.performance,
      a11y: r.accessibility,
      bp: r.bestPractices,
      seo: r.seo,
      "FCP ms": Math.round(r.fcpMs),
      "LCP ms": Math.round(r.lcpMs),
      "TBT ms": Math.round(r.tbtMs),
      CLS: Number(r.cls.toFixed(3)),
      "JS KiB": Number(r.jsKiB.toFixed(1)),
      "total KiB": Number(r.totalKiB.toFixed(1)),
    })),
  );
  writeFileSync(
    path.join(outDir, "bench.json"),
    JSON.stringify({ runs: RUNS, date: new Date().toISOString(), rows }, null, 2),
  );

  const { lighthouse, bytes } = readBudgets();
  const problems = rows.flatMap((r) => [
    ...overBudget(
      r.page,
      { lcpMs: r.lcpMs, tbtMs: r.tbtMs, cls: r.cls },
      { lcpMs: lighthouse.lcpMs, tbtMs: lighthouse.tbtMs, cls: lighthouse.cls },
    ),
    ...(["performance", "accessibility", "bestPractices", "seo"] as const)
      .filter((key) => !(r[key] >= lighthouse[key]))
      .map((key) => `${r.page} ${key} ${r[key]} < ${lighthouse[key]}`),
    ...(r.page === "/"
      ? overBudget(r.page, { jsKiB: r.jsKiB, totalKiB: r.totalKiB }, { jsKiB: bytes.jsKiB, totalKiB: bytes.totalKiB })
      : []),
  ]);
  console.log(`Medians of ${RUNS} runs written to bench-results/bench.json.`);
  const precache = JSON.parse(readFileSync(path.join(repoRoot, "build/precache.json"), "utf8")) as Record<
    string,
    number
  >;
  const kib = (n = NaN) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `Offline precache: ${precache.count} files, ${kib(precache.stored)} stored on the phone (budget 1536 KiB), ${kib(precache.compressed)} over the wire, ${kib(precache.size)} as plain files.`,
  );
  if (problems.length > 0) {
    console.error(`Over budget:\n${problems.join("\n")}`);
    process.exitCode = 1;
  } else console.log("All pages within budget.");
  await loadBench();
}

if (isMain(import.meta.url)) await main();
