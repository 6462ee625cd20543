/**
 * npm run bench: builds, serves the production build, runs Lighthouse 12 (mobile, simulated throttling,
 * Debian Chromium) BENCH_RUNS times (default 5) on each page, prints the median and the spread (min-max) of
 * each metric and checks the medians against budgets.json. Then the forms, load, editor, publish, ticket
 * rush, door (issue 43), alerts (issue 44), mail (issue 54), ratings and the feedback summary (issue 63) sections.
 *
 * Timings swing with machine load (simulated throttling multiplies the CPU time the trace observed), so the
 * load average is printed before and after, each run records it and Lighthouse's benchmark index, and a run
 * whose trace or LCP is missing is run again. "CPU TBT" recomputes a blocking time from the trace's thread
 * CPU times (scripts/bench/cpu-blocking.ts): the time a task waited for a core, which Lighthouse's TBT counts
 * as work, is left out, so it compares builds while TBT swings with the neighbours. Compare only figures
 * measured in the same run: to compare two builds, serve the other one (e.g. a copy of the repository:
 * `PORT=4191 npm run serve` there) and pass BENCH_BASELINE=http://127.0.0.1:4191 (or several:
 * BENCH_BASELINE="main=http://…:4191,try=http://…:4192"); their runs are interleaved with ours, run by run,
 * page by page.
 *
 *   BENCH_PAGES="/,/gallery"  only those pages        BENCH_SKIP_BUILD=1    use the existing build
 *   BENCH_RUNS=7              runs per page           BENCH_LIGHTHOUSE_ONLY=1  skip the forms and load sections
 *   BENCH_ORIGIN=http://127.0.0.1:4192  measure a build served elsewhere instead of building and serving ours
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { BUILD_OUTPUTS } from "../app/lib/build-outputs";
import { cpuBlockingMs, type TraceEvent } from "./bench/cpu-blocking";
import { assertUsablePorts, CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";
import { bytesBudget, lighthouseBudget, overBudget, readBudgets, repoRoot } from "./quality/budgets";
import { brotliKiB, initialAssets } from "./quality/size";
import { isMain } from "./is-main";
import { loadBench } from "./bench/load";
import { benchForms } from "./bench/forms";
import { benchEditor } from "./bench/editor";
import { benchPublish } from "./bench/publish";
import { benchTickets } from "./bench/tickets";
import { benchDoor } from "./bench/door";
import { benchAlerts } from "./bench/alerts";
import { benchMail } from "./bench/mail";
import { benchFeedback } from "./bench/feedback";
import { benchRatings } from "./bench/ratings";

export const ALL_PAGES = ["/", "/schedule", "/agenda", "/gallery", "/blog-grid", "/speakers-detail/1"];
/** BENCH_PAGES="/,/gallery" measures only those pages. */
const PAGES = process.env.BENCH_PAGES ? process.env.BENCH_PAGES.split(",").map((p) => p.trim()) : ALL_PAGES;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** Not 4190: the fetch standard blocks it (ManageSieve), and Node's fetch answers "bad port". */
const PORT = Number(process.env.BENCH_PORT ?? 4310);
assertUsablePorts("BENCH_PORT", { bench: PORT });
/** "url" or "name=url,name=url": the builds to measure beside ours. */
export function parseBaselines(value = ""): Record<string, string> {
  const entries = value
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, i, all) => {
      const [name, url] = part.includes("=")
        ? part.split(/=(.*)/)
        : [all.length > 1 ? `baseline${i + 1}` : "baseline", part];
      return [name!, url!.replace(/\/$/, "")] as const;
    });
  return Object.fromEntries(entries);
}
const BASELINE = parseBaselines(process.env.BENCH_BASELINE);
const ORIGIN = process.env.BENCH_ORIGIN?.replace(/\/$/, "");
/** BENCH_CHROME_FLAGS replaces the Chromium flags (to compare their effect). */
const CHROME_FLAGS = process.env.BENCH_CHROME_FLAGS ?? CHROMIUM_ARGS.join(" ");
/** Attempts per run: Lighthouse now and then records no trace (NO_NAVSTART) or no LCP on a busy machine. */
const ATTEMPTS = 4;

export const METRICS = [
  "performance",
  "accessibility",
  "bestPractices",
  "seo",
  "fcpMs",
  "lcpMs",
  "tbtMs",
  "cpuTbtMs",
  "cls",
  "jsKiB",
  "totalKiB",
  "requests",
  "benchmarkIndex",
  "load1",
] as const;
export type Metric = (typeof METRICS)[number];
export type Run = Record<Metric, number>;
export interface Summary {
  median: number;
  min: number;
  max: number;
}
export interface Row {
  page: string;
  build: string;
  runs: Run[];
  stats: Record<Metric, Summary>;
}

/** The median; NaN when any run lacks the value, so the budget check fails instead of passing. */
export const median = (values: number[]) => {
  if (values.length === 0 || values.some((v) => !Number.isFinite(v))) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Median and range of the runs of one metric. */
export const summarize = (values: number[]): Summary => ({
  median: median(values),
  min: Math.min(...values),
  max: Math.max(...values),
});

interface LhReport {
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    {
      numericValue?: number;
      details?: { items?: { resourceType?: string; transferSize?: number; requestCount?: number }[] };
    }
  >;
  environment?: { benchmarkIndex?: number };
  runtimeError?: { code?: string };
}

/** What a run must have to count: a performance score and the timings (a run without a trace has none). */
export function missing(run: Run): string[] {
  return (["performance", "fcpMs", "lcpMs", "tbtMs"] as const).filter((key) => !Number.isFinite(run[key]));
}

export function readRun(report: LhReport, load1: number): Run {
  const score = (id: string) => report.categories[id]?.score ?? NaN;
  const audit = (id: string) => report.audits[id]?.numericValue ?? NaN;
  const items = report.audits["resource-summary"]?.details?.items ?? [];
  const item = (type: string) => items.find((i) => i.resourceType === type);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    fcpMs: audit("first-contentful-paint"),
    lcpMs: audit("largest-contentful-paint"),
    tbtMs: audit("total-blocking-time"),
    cpuTbtMs: Number.NaN, // from the run's trace (runLighthouse)
    cls: audit("cumulative-layout-shift"),
    jsKiB: (item("script")?.transferSize ?? 0) / 1024,
    totalKiB: (item("total")?.transferSize ?? 0) / 1024,
    requests: item("total")?.requestCount ?? NaN,
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN,
    load1,
  };
}

function runLighthouse(url: string, out: string): Run {
  for (let attempt = 1; ; attempt++) {
    const load1 = loadavg()[0]!;
    let problem: string;
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
          "--save-assets",
        ],
        { stdio: "inherit", env: { ...process.env, CHROME_PATH: CHROMIUM_PATH } },
      );
      const report = JSON.parse(readFileSync(out, "utf8")) as LhReport;
      const run = readRun(report, load1);
      const trace = out.replace(/\.json$/, "-0.trace.json");
      run.cpuTbtMs = cpuBlockingMs(
        (JSON.parse(readFileSync(trace, "utf8")) as { traceEvents: TraceEvent[] }).traceEvents,
      );
      // The trace and the DevTools log are tens of MB a run: only the figure is kept.
      for (const asset of [trace, out.replace(/\.json$/, "-0.devtoolslog.json")]) rmSync(asset, { force: true });
      const lacks = missing(run);
      if (lacks.length === 0) return run;
      problem = `no ${lacks.join(", ")}${report.runtimeError?.code ? ` (${report.runtimeError.code})` : ""}`;
    } catch (error) {
      problem = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    }
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse on ${url} failed ${ATTEMPTS} times; last: ${problem}`);
    console.warn(`Lighthouse on ${url}: ${problem} (attempt ${attempt}); running it again.`);
  }
}

const loadText = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

/** "1234 (1100-1400)": the median and the range of the runs, rounded to `digits`. */
export function cell(s: Summary, digits = 0): string {
  const f = (n: number) => (Number.isFinite(n) ? n.toFixed(digits) : "?");
  return s.min === s.max ? f(s.median) : `${f(s.median)} (${f(s.min)}-${f(s.max)})`;
}

export function table(rows: Row[]) {
  return rows.map(({ page, build, stats: s }) => ({
    page,
    ...(Object.keys(BASELINE).length ? { build } : {}),
    perf: cell(s.performance, 2),
    "FCP ms": cell(s.fcpMs),
    "LCP ms": cell(s.lcpMs),
    "TBT ms": cell(s.tbtMs),
    "CPU TBT ms": cell(s.cpuTbtMs),
    CLS: cell(s.cls, 3),
    "JS KiB": cell(s.jsKiB, 1),
    "total KiB": cell(s.totalKiB, 1),
    reqs: cell(s.requests),
    "a11y/bp/seo": `${s.accessibility.median}/${s.bestPractices.median}/${s.seo.median}`,
    "CPU index": cell(s.benchmarkIndex),
    load: cell(s.load1, 1),
  }));
}

async function waitFor(url: string) {
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within 30 s`);
}

/**
 * A page's first download as npm test's size check counts it (scripts/quality/size.ts: the scripts its HTML
 * names, brotli), read from the server. Lighthouse's JavaScript figure also counts what the page fetches once it
 * is idle, and each response's headers (docs/decisions/034).
 */
async function firstDownloadKiB(origin: string, page: string): Promise<number> {
  const { scripts, inlineScripts } = initialAssets(await (await fetch(`${origin}${page}`)).text());
  const bodies = await Promise.all(
    scripts.map(async (url) => Buffer.from(await (await fetch(`${origin}${url}`)).arrayBuffer())),
  );
  return bodies.reduce((kib, body) => kib + brotliKiB(body), brotliKiB(inlineScripts.join("\n")));
}

async function main() {
  if (!process.env.BENCH_SKIP_BUILD && !ORIGIN)
    execFileSync("npm", ["run", "build"], { stdio: "inherit", cwd: repoRoot });
  const server = ORIGIN
    ? null
    : spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
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
  const ours = ORIGIN ?? `http://127.0.0.1:${PORT}`;
  const origins: Record<string, string> = { ours, ...BASELINE };
  const outDir = path.join(repoRoot, "bench-results");
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const loadBefore = loadText();
  console.log(`Load average before (1, 5, 15 min): ${loadBefore}`);
  const rows: Row[] = [];
  let homeFirstDownloadKiB = Number.NaN;
  try {
    for (const origin of Object.values(origins)) await waitFor(`${origin}/`);
    homeFirstDownloadKiB = await firstDownloadKiB(ours, "/");
    if (!process.env.BENCH_LIGHTHOUSE_ONLY) await benchForms(ours);
    for (const page of PAGES) {
      const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(origins).map((b) => [b, []]));
      for (let i = 0; i < RUNS; i++) {
        // Interleaved, in turn first and last, so that a change in machine load falls on every build alike.
        const builds = Object.keys(origins);
        for (const build of i % 2 ? builds.reverse() : builds) {
          const name = `${page.replace(/\W+/g, "_") || "home"}-${build}-${i}.json`;
          const run = runLighthouse(`${origins[build]}${page}`, path.join(outDir, name));
          runs[build]!.push(run);
          console.log(
            `${page} ${build} run ${i + 1}/${RUNS}: perf ${run.performance} LCP ${Math.round(run.lcpMs)} TBT ${Math.round(run.tbtMs)} ` +
              `(CPU ${Math.round(run.cpuTbtMs)}) ` +
              `JS ${run.jsKiB.toFixed(1)} KiB, CPU index ${run.benchmarkIndex}, load ${run.load1.toFixed(2)}`,
          );
        }
      }
      for (const [build, list] of Object.entries(runs)) {
        const stats = Object.fromEntries(METRICS.map((m) => [m, summarize(list.map((r) => r[m]))]));
        rows.push({ page, build, runs: list, stats: stats as Row["stats"] });
      }
    }
  } finally {
    server?.kill();
  }
  const loadAfter = loadText();

  console.log(
    `\nMedian (min-max) of ${RUNS} runs per page. CPU index: Lighthouse's benchmark index (higher = less busy).`,
  );
  console.table(table(rows));
  console.log(`Load average (1, 5, 15 min): before ${loadBefore}, after ${loadAfter}.`);
  console.log(`First download of / (the size check's JS, brotli): ${homeFirstDownloadKiB.toFixed(1)} KiB.`);
  writeFileSync(
    path.join(outDir, "bench.json"),
    JSON.stringify({ runs: RUNS, date: new Date().toISOString(), loadBefore, loadAfter, rows }, null, 2),
  );

  const budgets = readBudgets();
  const problems = rows
    .filter((r) => r.build === "ours")
    .flatMap(({ page, stats }) => {
      const m = (key: Metric) => stats[key].median;
      const limits = lighthouseBudget(budgets, page);
      const bytes = bytesBudget(budgets, page);
      return [
        ...overBudget(
          page,
          { lcpMs: m("lcpMs"), tbtMs: m("tbtMs"), cls: m("cls") },
          { lcpMs: limits.lcpMs, tbtMs: limits.tbtMs, cls: limits.cls },
        ),
        ...(["performance", "accessibility", "bestPractices", "seo"] as const)
          .filter((key) => !(m(key) >= limits[key]))
          .map((key) => `${page} ${key} ${m(key)} < ${limits[key]}`),
        ...(page === "/"
          ? overBudget(
              page,
              { jsKiB: homeFirstDownloadKiB, totalKiB: m("totalKiB") },
              { jsKiB: bytes.jsKiB, totalKiB: bytes.totalKiB },
            )
          : []),
      ];
    });
  console.log(`Medians of ${RUNS} runs written to bench-results/bench.json.`);
  const kib = (n = NaN) => `${(n / 1024).toFixed(1)} KiB`;
  try {
    const file = path.join(repoRoot, "build", BUILD_OUTPUTS.precache.file);
    const precache = BUILD_OUTPUTS.precache.schema.parse(JSON.parse(readFileSync(file, "utf8")));
    console.log(
      `Offline precache: ${precache.count} files, ${kib(precache.stored)} stored on the phone (budget ${kib(precache.budget)}), ${kib(precache.compressed)} over the wire, ${kib(precache.size)} as plain files.`,
    );
  } catch {
    console.log(`Offline precache: build/${BUILD_OUTPUTS.precache.file} not found (no build here).`);
  }
  if (problems.length > 0) {
    console.error(`Over budget:\n${problems.join("\n")}`);
    process.exitCode = 1;
  } else console.log("All pages within budget.");
  if (!process.env.BENCH_LIGHTHOUSE_ONLY) {
    await loadBench();
    await benchEditor();
    await benchPublish();
    await benchTickets();
    await benchDoor();
    await benchAlerts();
    await benchMail();
    await benchRatings();
    await benchFeedback();
  }
}

if (isMain(import.meta.url)) await main();
