/**
 * Part of `npm run bench` (issue 54), "mail": BENCH_MAIL_COUNT (default 2,000) announcement mails in the queue,
 * to all sent through a fake SMTP server on loopback (smtp-server), on the embedded database (a throwaway
 * DATA_DIR). The pooled sender (server/mail/mailer.ts, its default connections) against one connection, the
 * sender as it was, in the same run (on a tenth of the mails, scaled). Medians of BENCH_MAIL_RUNS (default 3)
 * with their spread. Goal: under 20 s for 2,000.
 *
 *   node --import tsx scripts/bench/mail.ts
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { openDatabase, type Database } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { mailQueue } from "../../server/db/schema";
import { startMailer } from "../../server/mail/mailer";
import { mailRow } from "../../server/mail/queries";
import { isMain } from "../is-main";

const RUNS = Number(process.env.BENCH_MAIL_RUNS ?? 3);
const COUNT = Number(process.env.BENCH_MAIL_COUNT ?? 2000);
const GOAL_MS = 20_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const summary = (xs: number[]) =>
  `median ${seconds(median(xs))} (${seconds(Math.min(...xs))}-${seconds(Math.max(...xs))})`;

/** Queues `count` mails, starts a sender, answers the ms until every one is marked sent. */
async function sendAll(database: Database, port: number, count: number, connections?: number): Promise<number> {
  await database.db.execute(sql`DELETE FROM mail_queue`);
  const rows = Array.from({ length: count }, (_, i) =>
    mailRow({ to: `reader${i}@example.org`, subject: "The programme changed", body: "Session 3 moves to 12:15.\n" }),
  );
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(mailQueue).values(rows.slice(i, i + 500));
  const started = performance.now();
  const mailer = await startMailer({
    db: database.db,
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: "site@example.org",
    pollMs: 60_000,
    connections,
    log: () => {},
  });
  try {
    for (;;) {
      const [row] = rowsOf<{ n: string }>(
        await database.db.execute(sql`SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NULL`),
      );
      if (Number(row?.n) === 0) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await mailer.stop();
  }
}

export async function benchMail(): Promise<void> {
  const tmp = mkdtempSync(path.join(tmpdir(), "tncc-bench-mail-"));
  const database = await openDatabase({ dataDir: path.join(tmp, "data") });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on("end", () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  try {
    const pooled: number[] = [];
    const single: number[] = [];
    const tenth = Math.max(1, Math.round(COUNT / 10));
    for (let i = 0; i < RUNS; i++) {
      pooled.push(await sendAll(database, port, COUNT));
      single.push((await sendAll(database, port, tenth, 1)) * (COUNT / tenth));
      console.log(
        `mail run ${i + 1}: pooled ${seconds(pooled.at(-1)!)}, one connection ${seconds(single.at(-1)!)} (scaled)`,
      );
    }
    console.log(`Mail, ${COUNT} queued to sent, pooled:         ${summary(pooled)} (goal under ${seconds(GOAL_MS)})`);
    console.log(`Mail, ${COUNT}, one connection (${tenth} scaled): ${summary(single)}`);
    if (median(pooled) >= GOAL_MS) {
      console.error(`Sending ${COUNT} mails takes ${seconds(median(pooled))}: over the ${seconds(GOAL_MS)} goal.`);
      process.exitCode = 1;
    }
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await database.close();
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchMail();
