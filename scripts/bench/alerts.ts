/**
 * Part of `npm run bench` (issue 44), "alerts": from the end of a publish (the hook's start, server/alerts/alerts.ts
 * alertAfterPublish, as server/publish/publisher.ts calls it once the new build is live) to the last alert mail
 * queued and committed, for BENCH_ALERT_SUBSCRIBERS (default 2,000) confirmed subscribers whose kept agendas each
 * star a changed session, on the embedded database (a throwaway DATA_DIR). The builds are build/'s
 * agenda-sessions.json and a copy in which three sessions changed. Medians of BENCH_ALERT_RUNS (default 5) with
 * their spread; between runs what was told and queued is cleared. Goal: under 5 s.
 *
 *   node --import tsx scripts/bench/alerts.ts     (alone: needs npm run build first)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { alertAfterPublish } from "../../server/alerts/alerts";
import { openDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { isMain } from "../is-main";
import { repoRoot } from "../quality/budgets";

const RUNS = Number(process.env.BENCH_ALERT_RUNS ?? 5);
const SUBSCRIBERS = Number(process.env.BENCH_ALERT_SUBSCRIBERS ?? 2000);
const GOAL_MS = 5000;
const SITE = "https://tncc.example.org";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const spread = (xs: number[]) =>
  `${median(xs).toFixed(0)} (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;

export async function benchAlerts(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), "tncc-bench-alerts-"));
  const database = await openDatabase({ dataDir: path.join(tmp, "data") });
  try {
    const live = AgendaSessionsSchema.parse(
      JSON.parse(readFileSync(path.join(repoRoot, "build", BUILD_OUTPUTS.agendaSessions.file), "utf8")),
    );
    // Three sessions change: two move by an hour, one is cancelled.
    const changed = live.sessions.slice(2, 5).map((s) => s.number);
    const next = {
      ...live,
      sessions: live.sessions.map((s, i) =>
        !changed.includes(s.number)
          ? s
          : i === 4
            ? { ...s, sequence: (s.sequence ?? 0) + 1, cancelled: true }
            : {
                ...s,
                sequence: (s.sequence ?? 0) + 1,
                startsAt: s.startsAt.replace(
                  /T(\d\d)/,
                  (_, h: string) => `T${String((Number(h) + 1) % 24).padStart(2, "0")}`,
                ),
              },
      ),
    };
    const dirs = { before: path.join(tmp, "before"), after: path.join(tmp, "after") };
    for (const [name, data] of [
      ["before", live],
      ["after", next],
    ] as const) {
      mkdirSync(dirs[name], { recursive: true });
      writeFileSync(path.join(dirs[name], BUILD_OUTPUTS.agendaSessions.file), JSON.stringify(data));
    }
    // Each subscriber's kept agenda stars one changed session and a few others; a confirmed address.
    const { db } = database;
    await db.execute(sql`
      INSERT INTO agendas (secret_hash) SELECT 'bench-' || g FROM generate_series(1, ${SUBSCRIBERS}) g`);
    const numbers = live.sessions.map((s) => s.number);
    await db.execute(sql`
      INSERT INTO agenda_stars (agenda_id, session_number, starred, changed_at)
      SELECT a.id, n, true, now() FROM agendas a
      CROSS JOIN LATERAL (VALUES
        ((ARRAY[${changed[0]!}::int, ${changed[1]!}::int, ${changed[2]!}::int])[1 + a.id % 3]),
        (${numbers[0]!}::int), (${numbers.at(-1)!}::int)) v(n)
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO alert_subscriptions (agenda_id, email, token_hash, status, confirmed_at)
      SELECT id, 'bench-' || id || '@example.org', 'bench-token-' || id, 'confirmed', now() FROM agendas`);

    const times: number[] = [];
    const queued: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await db.execute(sql`DELETE FROM alerts_sent`);
      await db.execute(sql`DELETE FROM mail_queue`);
      const started = performance.now();
      const result = await alertAfterPublish({ db, siteUrl: SITE }, dirs.before, dirs.after);
      times.push(performance.now() - started);
      const [row] = rowsOf<{ n: string }>(await db.execute(sql`SELECT count(*) AS n FROM mail_queue`));
      queued.push(Number(row?.n));
      if (result.mails !== SUBSCRIBERS) console.log(`run ${i + 1}: ${result.mails} mails queued, not ${SUBSCRIBERS}`);
    }
    console.log(`\nalerts: a publish changes 3 sessions; ${SUBSCRIBERS} subscribers each star one; ${RUNS} runs`);
    console.table([
      {
        "hook to last mail queued, ms": spread(times),
        "mails queued (each run)": queued.join(" "),
      },
    ]);
    console.log(`goal: < ${GOAL_MS} ms (${median(times) < GOAL_MS ? "met" : "NOT met"})`);
  } finally {
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchAlerts();
