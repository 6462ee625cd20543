/**
 * Crash test of the embedded database (prints its result; not a timed test):
 * a few hundred submissions go to the server concurrently, the server is killed with SIGKILL midway and
 * restarted, and the clients retry what got no answer with the same Idempotency-Key. Then the data
 * folder is opened directly: every submission that got a 2xx must be there, and each exactly once.
 *
 *   node --import tsx scripts/crash-forms.ts [count]     (needs npm run build first)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../server/db/client";
import { rowsOf } from "../server/db/rows";
import { postContact, startSite, type SiteServer } from "../tests/e2e/forms-delivery.helpers";

const COUNT = Number(process.argv[2] ?? 300);
const CONCURRENCY = 16;
const PORT = Number(process.env.PORT ?? 4213);
const dataDir = mkdtempSync(path.join(tmpdir(), "tncc-crash-"));
const env = { DATA_DIR: dataDir, FORM_RATE_LIMIT: "1000000/600", SMTP_URL: "" };

const key = (i: number) => `crash-${i.toString().padStart(6, "0")}`;
async function send(site: string, i: number): Promise<boolean> {
  const status = await postContact(site, key(i), "Sent while the server dies");
  return status >= 200 && status < 300;
}

let server: SiteServer = await startSite(PORT, env);
const acked = new Set<number>();
const failed: number[] = [];
let next = 0;
let killed = false;
async function worker() {
  while (next < COUNT) {
    const i = next++;
    if ((await send(server.url, i)) && !killed) acked.add(i);
    else if (!acked.has(i)) failed.push(i);
    if (!killed && acked.size >= COUNT / 2) {
      killed = true;
      server.kill();
    }
  }
}
await Promise.all(Array.from({ length: CONCURRENCY }, worker));
const ackedBeforeKill = acked.size;
console.log(`sent ${COUNT}, ${ackedBeforeKill} acknowledged before SIGKILL, ${failed.length} without an answer`);

server = await startSite(PORT, env);
let retried = 0;
for (const i of failed) {
  for (let attempt = 0; !(await send(server.url, i)); attempt++) {
    if (attempt > 20) throw new Error(`submission ${i} never accepted`);
    await new Promise((r) => setTimeout(r, 200));
  }
  retried++;
}
await server.stop();

const database = await openDatabase({ dataDir });
const rows = rowsOf<{ key: string; n: string }>(
  await database.db.execute(
    sql`SELECT idempotency_key AS key, count(*) AS n FROM submissions GROUP BY idempotency_key`,
  ),
);
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const keys = new Set(rows.map((r) => r.key));
const lost = [...acked].filter((i) => !keys.has(key(i)));
const duplicates = rows.filter((r) => Number(r.n) > 1).length;
const missing = Array.from({ length: COUNT }, (_, i) => i).filter((i) => !keys.has(key(i)));
console.log(
  `after restart: ${retried} retried, ${rows.length} rows stored; acknowledged but lost: ${lost.length}; duplicates: ${duplicates}; never stored: ${missing.length}`,
);
const ok = lost.length === 0 && duplicates === 0 && missing.length === 0 && rows.length === COUNT;
console.log(ok ? "PASS: every acknowledged submission survived SIGKILL, retries stored the rest once" : "FAIL");
process.exit(ok ? 0 : 1);
