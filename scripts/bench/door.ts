/**
 * Part of `npm run bench` (issue 43), "door":
 *
 * - scan-to-verdict: from a decoded QR text to the verdict (parse, Ed25519 signature check with WebCrypto, event,
 *   the local list of 5,000 attendees, the check-ins), the page's own `judge`, on 2,000 scans per run (admitted,
 *   already in, cancelled, forged, newer than the list); median and p99 of each run, medians of BENCH_DOOR_RUNS
 *   (default 5) with their spread. Goal: p99 under 50 ms on this machine.
 * - the list: 5,000 tickets seeded straight into a throwaway database of the production server, then
 *   `GET /api/admin/door/list` as a door phone asks for it (signed in, brotli or gzip): the bytes on the wire
 *   and the time to the last byte. Goal: under 300 KB compressed.
 *
 *   node --import tsx scripts/bench/door.ts     (alone: needs npm run build first)
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { BUILD_OUTPUTS, TicketsDataSchema } from "../../app/lib/build-outputs";
import { emptyDevice, firstCheckIn } from "../../app/lib/door/state";
import { indexList, judge } from "../../app/lib/door/verdict";
import { attachDatabase } from "../../server/db/client";
import { newShortCode, newTicketCode, signTicket, ticketKeys } from "../../server/tickets/signing";
import { doorList, newCode, ticketSigner } from "../../tests/fixtures/door-tickets";
import { startSite } from "../../tests/e2e/forms-delivery.helpers";
import { isMain } from "../is-main";
import { repoRoot } from "../quality/budgets";

const RUNS = Number(process.env.BENCH_DOOR_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4310) + 40;
const ATTENDEES = 5000;
const SCANS = 2000;
const GOAL = { p99Ms: 50, listKB: 300 };
const ORGANISER = { email: "bench-door@example.org", password: "bench door password" };

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
const spread = (xs: number[], digits = 2) =>
  `${median(xs).toFixed(digits)} (${Math.min(...xs).toFixed(digits)}-${Math.max(...xs).toFixed(digits)})`;

/** One run: a fresh key and list, then SCANS verdicts, each timed alone. */
async function verdictRun() {
  const signer = ticketSigner();
  const list = doorList(signer, ATTENDEES);
  for (let i = 0; i < ATTENDEES; i += 10) list.attendees[i]![6] = "cancelled";
  for (let i = 1; i < ATTENDEES; i += 3)
    list.checkedIn[list.attendees[i]![0]] = { at: list.generatedAt, door: "Door 2" };
  const forger = ticketSigner();
  const texts = Array.from({ length: SCANS }, (_, i) => {
    const code = list.attendees[(i * 7919) % ATTENDEES]![0];
    if (i % 20 === 0) return forger.qr(code);
    if (i % 20 === 1) return signer.qr(newCode());
    return signer.qr(code);
  });
  const started = performance.now();
  const index = await indexList(list);
  const indexMs = performance.now() - started;
  const checkedIn = firstCheckIn(list, emptyDevice());
  const times: number[] = [];
  for (const text of texts) {
    const t = performance.now();
    await judge(text, index, checkedIn);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 0.5), p99: percentile(times, 0.99), indexMs };
}

/** The answer's bytes as they travel (not decompressed) and the time to the last one. */
function download(url: string, cookie: string, encoding: string) {
  return new Promise<{ bytes: number; ms: number; encoding: string }>((resolve, reject) => {
    const t = performance.now();
    const req = request(
      url,
      { headers: { cookie, "accept-encoding": encoding, accept: "application/json" } },
      (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () =>
          res.statusCode === 200
            ? resolve({ bytes, ms: performance.now() - t, encoding: String(res.headers["content-encoding"] ?? "none") })
            : reject(new Error(`${url}: ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function listBench() {
  const { event } = TicketsDataSchema.parse(
    JSON.parse(readFileSync(path.join(repoRoot, "build", BUILD_OUTPUTS.tickets.file), "utf8")),
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), "tncc-bench-door-"));
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email], {
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ["pipe", "ignore", "inherit"],
  });
  const site = await startSite(PORT, { DATA_DIR: dataDir, SMTP_URL: "" });
  try {
    // 1,000 paid Family orders of five tickets, signed with the server's own key, written straight in.
    const database = await attachDatabase({ dataDir });
    try {
      const keys = await ticketKeys(database.db);
      await database.db.execute(sql`
        INSERT INTO ticket_holds (plan_id, quantity, seats, email, name, amount_minor, currency, status, expires_at)
        SELECT 'family', 1, 5, 'bench-' || i || '@example.org', 'Bench Family ' || i, 5900, 'USD', 'sold', now()
        FROM generate_series(1, ${ATTENDEES / 5}) AS i`);
      const orders = await database.db.execute(sql`
        INSERT INTO ticket_orders (hold_id, plan_id, email, name, amount_minor, currency)
        SELECT id, plan_id, email, name, amount_minor, currency FROM ticket_holds
        RETURNING id`);
      const ids = (orders as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
      const rows = ids.flatMap((id) =>
        [1, 2, 3, 4, 5].map((position) => {
          const code = newTicketCode();
          return { id, position, code, payload: signTicket(keys, { event, plan: "family", code }) };
        }),
      );
      for (let i = 0; i < rows.length; i += 1000) {
        const values = rows
          .slice(i, i + 1000)
          .map(
            (r) =>
              sql`(${r.code}, ${r.id}, 'family', ${r.position}, ${`Holder ${r.id}-${r.position}`}, ${r.payload}, ${newShortCode()})`,
          );
        await database.db.execute(sql`
          INSERT INTO tickets (code, order_id, plan_id, position, holder_name, payload, short_code) VALUES ${sql.join(values, sql`, `)}`);
      }
    } finally {
      await database.close();
    }
    const signIn = await fetch(`${site.url}/api/admin/session`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: site.url },
      body: JSON.stringify(ORGANISER),
    });
    if (!signIn.ok) throw new Error(`sign-in: ${signIn.status}`);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const url = `${site.url}/api/admin/door/list`;
    const check = (await (await fetch(url, { headers: { cookie } })).json()) as { attendees: unknown[] };
    if (check.attendees.length !== ATTENDEES) throw new Error(`the list has ${check.attendees.length} attendees`);
    const result: Record<string, { bytes: number; ms: number[] }> = {};
    for (const encoding of ["br", "gzip", "identity"]) {
      const ms: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const d = await download(url, cookie, encoding);
        ms.push(d.ms);
        bytes = d.bytes;
      }
      result[encoding] = { bytes, ms };
    }
    return result;
  } finally {
    await site.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchDoor(): Promise<void> {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await verdictRun());
  console.log(`\ndoor: scan-to-verdict with ${ATTENDEES} attendees on the phone, ${SCANS} scans a run, ${RUNS} runs`);
  console.table([
    {
      "median ms": spread(
        runs.map((r) => r.median),
        3,
      ),
      "p99 ms": spread(
        runs.map((r) => r.p99),
        3,
      ),
      "list index ms (once a refresh)": spread(
        runs.map((r) => r.indexMs),
        1,
      ),
    },
  ]);
  const list = await listBench();
  console.log(`door: the list of ${ATTENDEES} attendees from the production server, ${RUNS} downloads each`);
  console.table(
    Object.entries(list).map(([encoding, r]) => ({
      encoding,
      "KB on the wire": (r.bytes / 1000).toFixed(1),
      "ms to the last byte": spread(r.ms, 1),
    })),
  );
  const p99 = median(runs.map((r) => r.p99));
  const kb = Math.max(list.br!.bytes, list.gzip!.bytes) / 1000;
  console.log(
    `goal: verdict p99 < ${GOAL.p99Ms} ms (${p99 < GOAL.p99Ms ? "met" : "NOT met"}), list < ${GOAL.listKB} KB compressed (${kb < GOAL.listKB ? "met" : "NOT met"})`,
  );
}

if (isMain(import.meta.url)) await benchDoor();
