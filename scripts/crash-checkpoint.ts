/**
 * Crash test of the embedded database during a checkpoint (prints its result; not a timed test). The server
 * runs on a throwaway data folder. A large table makes PostgreSQL start a checkpoint (spread over up to 27 s,
 * as checkpoints are), forms keep arriving, and while the checkpoint is still writing, the server and every
 * PostgreSQL process are killed with SIGKILL. Then the server starts again on the same folder and must:
 * open it (crash recovery), hold every submission that was answered 2xx, and pass PostgreSQL's own checks
 * (data checksums on every page read, amcheck on every index).
 *
 *   node --import tsx scripts/crash-checkpoint.ts     (needs npm run build first)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { attachDatabase, type Database } from "../server/db/client";
import { runningPostmaster } from "../server/db/embedded";
import { rowsOf } from "../server/db/rows";
import { postContact, startSite } from "../tests/e2e/forms-delivery.helpers";

const PORT = Number(process.env.PORT ?? 4214);
const dataDir = mkdtempSync(path.join(tmpdir(), "tncc-checkpoint-"));
const env = { DATA_DIR: dataDir, FORM_RATE_LIMIT: "1000000/600", SMTP_URL: "" };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const one = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  rowsOf<T>(await database.db.execute(query))[0]!;

let server = await startSite(PORT, env);
const acked = new Set<string>();
let sending = true;
async function sender(id: number) {
  for (let i = 0; sending; i++) {
    const key = `checkpoint-${id}-${i.toString().padStart(6, "0")}`;
    const status = await postContact(server.url, key, "Sent during a checkpoint");
    if (status >= 200 && status < 300 && sending) acked.add(key);
  }
}

const live = await attachDatabase({ dataDir });
// A checkpoint every 30 s at most and one per 64 MB of WAL: the table below starts one.
await live.db.execute(sql`ALTER SYSTEM SET checkpoint_timeout = '30s'`);
await live.db.execute(sql`ALTER SYSTEM SET max_wal_size = '64MB'`);
await live.db.execute(sql`SELECT pg_reload_conf()`);
const senders = [1, 2, 3, 4].map(sender);
await live.db.execute(
  sql`CREATE TABLE ballast AS SELECT g AS id, repeat(md5(g::text), 30) AS filler FROM generate_series(1, 150000) g`,
);
type Stats = { started: string; done: string; written: string };
const stats = () =>
  one<Stats>(
    live,
    sql`SELECT num_timed + num_requested AS started, num_done AS done, buffers_written AS written FROM pg_stat_checkpointer`,
  );
let during: Stats | null = null;
for (const end = Date.now() + 60_000; Date.now() < end; await sleep(100)) {
  const s = await stats();
  if (Number(s.started) > Number(s.done)) {
    // In progress: let it write for a moment, then check it is still going.
    await sleep(1500);
    const later = await stats();
    if (later.done === s.done) during = later;
    if (during) break;
  }
}
if (!during) throw new Error("No checkpoint was seen in progress");
await live.close();

const postmaster = runningPostmaster(path.join(dataDir, "pg"))!.pid;
const children = execFileSync("pgrep", ["-P", String(postmaster)], { encoding: "utf8" })
  .trim()
  .split("\n");
for (const pid of [...children.map(Number), postmaster, server.process.pid!]) process.kill(pid, "SIGKILL");
sending = false;
await Promise.all(senders);
console.log(
  `killed during a checkpoint (${during.written} buffers written so far, ${Number(during.started) - Number(during.done)} in progress); ${acked.size} forms acknowledged before`,
);

server = await startSite(PORT, env);
const after = await attachDatabase({ dataDir });
let ok = false;
try {
  const keys = new Set(
    rowsOf<{ key: string }>(await after.db.execute(sql`SELECT idempotency_key AS key FROM submissions`)).map(
      (r) => r.key,
    ),
  );
  const lost = [...acked].filter((k) => !keys.has(k));
  const ballast = await one<{ n: string }>(after, sql`SELECT count(*) AS n FROM ballast`);
  // Reading every table from disk verifies each page's checksum; amcheck verifies every index's structure.
  const tables = rowsOf<{ name: string }>(
    await after.db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`),
  );
  for (const { name } of tables) await after.db.execute(sql`SELECT count(*) FROM ${sql.identifier(name)}`);
  await after.db.execute(sql`CREATE EXTENSION IF NOT EXISTS amcheck`);
  const indexes = await one<{ n: string }>(
    after,
    sql`SELECT count(bt_index_check(c.oid, true)) AS n FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
        JOIN pg_am a ON a.oid = c.relam WHERE a.amname = 'btree' AND c.relnamespace = 'public'::regnamespace`,
  );
  const health = (await (await fetch(`${server.url}/healthz`)).json()) as { ok: boolean };
  console.log(
    `after restart: healthz ok=${health.ok}; ${keys.size} submissions stored, acknowledged but lost: ${lost.length}; ballast rows ${ballast.n}; ${tables.length} tables read, ${indexes.n} indexes checked`,
  );
  ok = health.ok && lost.length === 0 && Number(ballast.n) === 150_000;
} finally {
  await after.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(
  ok ? "PASS: the data folder opened cleanly after a kill during a checkpoint, nothing answered was lost" : "FAIL",
);
process.exit(ok ? 0 : 1);
