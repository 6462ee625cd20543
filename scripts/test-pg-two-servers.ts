/**
 * Two server processes on one PostgreSQL take a few hundred submissions between them; the fake SMTP
 * server must receive exactly that many mails, each once (mail rows are claimed with SKIP LOCKED).
 *
 *   node --import tsx scripts/test-pg-two-servers.ts [count]     (needs npm run build first)
 */
import pg from "pg";
import { FakeSmtp, startSite } from "../tests/e2e/forms-delivery.helpers";
import { startPostgres } from "./test-pg";

const COUNT = Number(process.argv[2] ?? 300);
const base = Number(process.env.PORT ?? 4213);
const database = startPostgres(Number(process.env.PG_TEST_PORT ?? 5433));
const smtp = new FakeSmtp(base + 30);
let ok = false;
try {
  await smtp.start();
  const env = {
    DATABASE_URL: database.url,
    SMTP_URL: `smtp://127.0.0.1:${base + 30}`,
    NOTIFY_EMAIL: "organisers@example.org",
    FORM_RATE_LIMIT: "1000000/600",
    MAIL_POLL_MS: "200",
  };
  const first = await startSite(base + 1, env);
  const second = await startSite(base + 2, env);
  const started = Date.now();
  let next = 0;
  let accepted = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < COUNT) {
        const i = next++;
        const site = i % 2 ? first : second;
        const res = await fetch(`${site.url}/api/forms/faq`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": `two-${i}-servers` },
          body: JSON.stringify({ name: "Two", email: `two.${i}@example.org`, subject: `S ${i}`, question: "Q" }),
        });
        if (res.status === 201) accepted++;
      }
    }),
  );
  console.log(`${accepted} of ${COUNT} submissions accepted by 2 servers in ${Date.now() - started} ms`);
  const deadline = Date.now() + 60_000;
  while (smtp.mails.length < COUNT && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  await new Promise((r) => setTimeout(r, 2000));
  const perAddress = new Map<string, number>();
  for (const mail of smtp.mails) {
    const match = /two\.(\d+)@example\.org/.exec(mail.raw);
    if (match) perAddress.set(match[1]!, (perAddress.get(match[1]!) ?? 0) + 1);
  }
  const twice = [...perAddress.values()].filter((n) => n > 1).length;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const rows = Number((await client.query("SELECT count(*) AS n FROM submissions")).rows[0].n);
  await client.end();
  console.log(
    `${rows} rows stored, ${smtp.mails.length} mails received, ${perAddress.size} distinct submissions mailed, ${twice} mailed twice`,
  );
  ok = accepted === COUNT && rows === COUNT && smtp.mails.length === COUNT && perAddress.size === COUNT && twice === 0;
  console.log(ok ? "PASS: exactly one mail per submission" : "FAIL");
  await first.stop();
  await second.stop();
} finally {
  await smtp.stop();
  database.stop();
}
process.exit(ok ? 0 : 1);
