/**
 * Part of `npm run bench` (issue 63), "ratings": 2,000 session ratings posted by 200 clients at once (each its
 * own address and phone, rating 10 sessions one after the other) to `POST /api/feedback/:session` over HTTP.
 * The server runs in a child process (this file again, BENCH_RATINGS_SERVER=1) on the embedded database (a
 * throwaway DATA_DIR), every session open; the clients here, so they do not take the server's CPU. Per run:
 * each request's time, and the rows stored afterwards (none may be lost). Medians of BENCH_RATING_RUNS (default 5)
 * with their spread; the table is emptied between runs. Goal: p99 under 200 ms, 2,000 stored.
 *
 *   node --import tsx scripts/bench/ratings.ts     (alone: needs npm run build first, for the sessions)
 */
import { fork, type ChildProcess } from "node:child_process";
import type { Server } from "node:http";
import { once } from "node:events";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { feedbackPath } from "../../app/lib/feedback/rating";
import { openDatabase } from "../../server/db/client";
import { ratingCount } from "../../server/feedback/queries";
import { feedbackRoutes } from "../../server/feedback/routes";
import { isMain } from "../is-main";
import { repoRoot } from "../quality/budgets";

const RUNS = Number(process.env.BENCH_RATING_RUNS ?? 5);
const CLIENTS = 200;
const PER_CLIENT = 10;
const GOAL_P99_MS = 200;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const spread = (xs: number[]) =>
  `${median(xs).toFixed(1)} (${Math.min(...xs).toFixed(1)}-${Math.max(...xs).toFixed(1)})`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

/** The sessions rated: the build's first 10 that are not cancelled. */
function ratedSessions() {
  const live = AgendaSessionsSchema.parse(
    JSON.parse(readFileSync(path.join(repoRoot, "build", BUILD_OUTPUTS.agendaSessions.file), "utf8")),
  );
  const sessions = live.sessions.filter((s) => !s.cancelled).slice(0, PER_CLIENT);
  return { live, sessions, lastEnd: Math.max(...sessions.map((s) => Date.parse(s.endsAt ?? s.startsAt))) };
}

/** The child: the feedback routes on a throwaway database; answers "clear" and "count" from the parent. */
async function runServer(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), "tncc-bench-ratings-"));
  const database = await openDatabase({ dataDir: path.join(tmp, "data") });
  const { live, lastEnd } = ratedSessions();
  // Every session open: the clock after the last of them ends, ratings closing a day later.
  writeFileSync(
    path.join(tmp, BUILD_OUTPUTS.agendaSessions.file),
    JSON.stringify({ ...live, feedbackClosesAt: new Date(lastEnd + 86_400_000).toISOString() }),
  );
  const app = feedbackRoutes({
    database,
    buildDir: tmp,
    now: () => lastEnd,
    clientKey: (c) => c.req.header("x-bench-client") ?? "",
  });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }) as Server;
  await once(server, "listening");
  process.on("message", (message: string) => {
    void (async () => {
      if (message === "clear") {
        await database.db.execute(sql`DELETE FROM session_ratings`);
        await database.db.execute(sql`DELETE FROM rate_limits`);
        process.send!({ cleared: true });
      } else if (message === "count") process.send!({ count: await ratingCount(database.db) });
      else if (message === "stop") {
        server.closeAllConnections();
        server.close();
        await database.close();
        rmSync(tmp, { recursive: true, force: true });
        process.exit(0);
      }
    })();
  });
  process.send!({ port: (server.address() as AddressInfo).port });
}

const ask = <T>(child: ChildProcess, message: string) =>
  new Promise<T>((resolve) => {
    child.once("message", (answer) => resolve(answer as T));
    child.send(message);
  });

export async function benchRatings(): Promise<void> {
  const { sessions } = ratedSessions();
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    env: { ...process.env, BENCH_RATINGS_SERVER: "1" },
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  try {
    const { port } = await new Promise<{ port: number }>((resolve, reject) => {
      child.once("message", (m) => resolve(m as { port: number }));
      child.once("exit", (code) => reject(new Error(`the ratings server stopped (${code})`)));
    });
    const origin = `http://127.0.0.1:${port}`;
    const p50s: number[] = [];
    const p99s: number[] = [];
    const totals: number[] = [];
    const stored: number[] = [];
    const refused: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await ask(child, "clear");
      const times: number[] = [];
      let failed = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          const rater = `bench-${run}-${String(client).padStart(22, "0")}`;
          for (const [i, session] of sessions.entries()) {
            const t = performance.now();
            const res = await fetch(`${origin}${feedbackPath(session.number)}`, {
              method: "POST",
              headers: { "content-type": "application/json", "x-bench-client": `10.0.${run}.${client}` },
              body: JSON.stringify({ rater, stars: ((client + i) % 5) + 1, comment: "Clear and helpful, thank you." }),
            });
            await res.arrayBuffer();
            times.push(performance.now() - t);
            if (res.status !== 200) failed++;
          }
        }),
      );
      totals.push(performance.now() - started);
      times.sort((a, b) => a - b);
      p50s.push(percentile(times, 0.5));
      p99s.push(percentile(times, 0.99));
      refused.push(failed);
      stored.push((await ask<{ count: number }>(child, "count")).count);
    }
    const expected = CLIENTS * sessions.length;
    console.log(`\nratings: ${expected} posted by ${CLIENTS} clients at once (${sessions.length} each); ${RUNS} runs`);
    console.table([
      {
        "p50 ms": spread(p50s),
        "p99 ms": spread(p99s),
        "all sent, ms": spread(totals),
        "stored (each run)": stored.join(" "),
        "refused (each run)": refused.join(" "),
      },
    ]);
    const lost = stored.some((n) => n !== expected);
    console.log(
      `goal: p99 < ${GOAL_P99_MS} ms (${median(p99s) < GOAL_P99_MS ? "met" : "NOT met"}), none lost (${lost ? "NOT met" : "met"})`,
    );
  } finally {
    if (child.exitCode === null) {
      child.send("stop");
      await once(child, "exit");
    }
  }
}

if (isMain(import.meta.url)) {
  if (process.env.BENCH_RATINGS_SERVER) await runServer();
  else await benchRatings();
}
