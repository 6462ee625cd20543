/**
 * Part of `npm run bench`: form submissions per second and their latency on the server's database
 * (the embedded PostgreSQL unless DATABASE_URL is set), and static-page requests per second, from one client
 * process with a few connections in parallel. Figures swing with machine load: compare within one run.
 *
 *   node --import tsx scripts/bench/forms.ts     (alone: starts its own server on a throwaway DATA_DIR)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { postContact, startSite } from "../../tests/e2e/forms-delivery.helpers";
import { isMain } from "../is-main";

export interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

async function load(count: number, concurrency: number, request: (i: number) => Promise<boolean>): Promise<LoadResult> {
  const times: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        if (!(await request(i))) errors++;
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99), errors };
}

/** Runs both loads against a server at `origin`; its rate limit must allow them (FORM_RATE_LIMIT). */
export async function benchForms(origin: string, count = 400, concurrency = 8) {
  const run = Date.now().toString(36);
  for (let i = 0; i < 50; i++) {
    if (
      await fetch(`${origin}/robots.txt`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const forms = await load(
    count,
    concurrency,
    async (i) =>
      (await postContact(origin, `bench-${run}-${i}`, "A message of an ordinary length, sent by the benchmark.")) ===
      201,
  );
  const pages = await load(count * 2, concurrency, async () => {
    const res = await fetch(`${origin}/`, { headers: { "Accept-Encoding": "br, gzip" } });
    await res.arrayBuffer();
    return res.ok;
  });
  const f = (n: number) => n.toFixed(1);
  console.table([
    {
      what: "form submissions (stored)",
      "per s": f(forms.perSecond),
      "p50 ms": f(forms.p50),
      "p99 ms": f(forms.p99),
      errors: forms.errors,
    },
    {
      what: "static page / (br)",
      "per s": f(pages.perSecond),
      "p50 ms": f(pages.p50),
      "p99 ms": f(pages.p99),
      errors: pages.errors,
    },
  ]);
  return { forms, pages };
}

if (isMain(import.meta.url)) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "tncc-bench-"));
  const site = await startSite(Number(process.env.PORT ?? 4213), {
    DATA_DIR: dataDir,
    FORM_RATE_LIMIT: "1000000/600",
    SMTP_URL: "",
  });
  try {
    await benchForms(site.url);
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
