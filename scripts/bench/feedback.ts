/**
 * Part of `npm run bench` (issue 63), "feedback summary": `GET /api/admin/feedback` (the organisers' Feedback
 * tab, server/feedback/admin-routes.ts) answered by the whole app in this process, signed in, for a programme of
 * BENCH_FEEDBACK_SESSIONS (default 200) sessions each rated BENCH_FEEDBACK_RATINGS (default 50) times, one
 * rating in three with a comment, on the embedded database (a throwaway DATA_DIR). Medians of
 * BENCH_FEEDBACK_RUNS (default 5) with their spread, after one warm-up. Goal: under 300 ms.
 *
 *   node --import tsx scripts/bench/feedback.ts     (alone: needs no build)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import type { FeedbackSummary } from "../../app/api/admin/feedback";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db/client";
import { isMain } from "../is-main";

const RUNS = Number(process.env.BENCH_FEEDBACK_RUNS ?? 5);
const SESSIONS = Number(process.env.BENCH_FEEDBACK_SESSIONS ?? 200);
const RATINGS = Number(process.env.BENCH_FEEDBACK_RATINGS ?? 50);
const GOAL_MS = 300;
const SITE = "https://tncc.example.org";
const PASSWORD = "bench organiser password";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const spread = (xs: number[]) =>
  `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;

export async function benchFeedback(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), "tncc-bench-feedback-"));
  const database = await openDatabase({ dataDir: path.join(tmp, "data") });
  try {
    // The smallest build the server starts on, with a programme of SESSIONS sessions over four days.
    const build = path.join(tmp, "build");
    mkdirSync(path.join(build, "client"), { recursive: true });
    writeFileSync(path.join(build, "client", "index.html"), "<!doctype html><title>TNCC</title>");
    writeFileSync(
      path.join(build, BUILD_OUTPUTS.headers.file),
      JSON.stringify({ pages: {}, default: { csp: "default-src 'self'" } }),
    );
    const sessions = Array.from({ length: SESSIONS }, (_, i) => {
      const minutes = 8 * 60 + (i % 50) * 15;
      const clock = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
      return {
        number: i + 1,
        dayId: 1 + Math.floor(i / 50),
        id: 1 + (i % 50),
        title: `Session ${i + 1}`,
        startsAt: `2024-10-${24 + Math.floor(i / 50)}T${clock}:00-05:00`,
      };
    });
    writeFileSync(
      path.join(build, BUILD_OUTPUTS.agendaSessions.file),
      JSON.stringify({ calendarName: "TNCC", calendarDomain: "tncc.example.org", location: "Hall", sessions }),
    );
    const { db } = database;
    await db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars, comment, rated_at)
      SELECT s, 'bench-' || s || '-' || r, 1 + (s * 7 + r * 3) % 5,
        CASE WHEN r % 3 = 0 THEN 'Comment ' || r || ' on session ' || s || ': clear, warm and to the point.' END,
        now() - (r || ' minutes')::interval
      FROM generate_series(1, ${SESSIONS}) s, generate_series(1, ${RATINGS}) r`);
    await db.execute(sql`
      INSERT INTO session_feedback (session_number, comments_hidden, changed_by)
      SELECT s, s % 10 = 0, 'bench@tncc.example.org' FROM generate_series(1, ${SESSIONS}, 2) s`);
    await db.execute(sql`ANALYZE session_ratings`);

    await upsertAdmin(db, "bench@tncc.example.org", PASSWORD, false);
    const app = createApp({
      root: path.join(build, "client"),
      siteUrl: SITE,
      database,
      log: () => {},
      forms: { organiserEmail: async () => "info@tncc.example.org", siteUrl: SITE },
    });
    const headers = { "content-type": "application/json", origin: SITE };
    const signIn = await app.request(`${SITE}/api/admin/session`, {
      method: "POST",
      headers,
      body: JSON.stringify({ email: "bench@tncc.example.org", password: PASSWORD }),
    });
    if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;

    const times: number[] = [];
    let answered: FeedbackSummary | undefined;
    for (let i = 0; i <= RUNS; i++) {
      const started = performance.now();
      const res = await app.request(`${SITE}/api/admin/feedback`, { headers: { ...headers, cookie } });
      answered = (await res.json()) as FeedbackSummary;
      if (i > 0) times.push(performance.now() - started); // the first is a warm-up
      if (res.status !== 200) throw new Error(`the summary answered ${res.status}`);
    }
    const rated = answered!.sessions.filter((s) => s.ratings === RATINGS).length;
    console.log(`\nfeedback summary: ${SESSIONS} sessions x ${RATINGS} ratings; ${RUNS} runs after a warm-up`);
    console.table([{ "GET /api/admin/feedback, ms": spread(times), "sessions with every rating": rated }]);
    console.log(`goal: < ${GOAL_MS} ms (${median(times) < GOAL_MS && rated === SESSIONS ? "met" : "NOT met"})`);
  } finally {
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchFeedback();
