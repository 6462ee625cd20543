/**
 * Issue 44, part 3, the fault case: an announcement to 2,000 newsletter subscribers, the server killed
 * (SIGKILL) halfway through and started again: the sending resumes from the recipients' table, and each address
 * gets the announcement once. On the embedded database and on a PostgreSQL of its own (scripts/test-pg.ts),
 * through a fake mail server; the server is the production one (server/index.ts), paced at 3,000 a minute.
 *
 * SMTP cannot be made exactly-once: a mail the mail server accepted in the instant before the kill, not yet
 * marked sent, goes again after the restart with the same Message-ID (server/mail/mailer.ts), which a receiver
 * recognises. So "once" is counted as a receiver sees it: one Message-ID per address, one mail row per address,
 * and at most the mails in flight at the kill (one per SMTP connection, 5) delivered a second time.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { listAnnouncements } from "../../app/api/admin/announcements";
import type { AnswerOf } from "../../app/lib/admin/route";
import { upsertAdmin } from "../../server/admin/accounts/queries";
import { openDatabase, type Database } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { startPostgres, type TestPostgres } from "../../scripts/test-pg";
import { ORGANISER } from "./admin-accounts";
import { expect as baseExpect, test } from "./fixtures";
import { FakeSmtp, startSite, type SiteServer } from "./forms-delivery.helpers";

test.describe.configure({ mode: "serial" });
// Paced at 3,000 a minute, 2,000 mails take most of a minute, more on a busy machine (a limit on waiting, not a
// timing goal).
test.setTimeout(900_000);
const expect = baseExpect.configure({ timeout: 120_000 });

const PORT = Number(process.env.E2E_PORT ?? 4174) + 212;
const SMTP_PORT = PORT + 1;
const PG_PORT = PORT + 2;
const COUNT = 2000;
const SUBJECT = "TNCC: Doors open at 9:30";

/** Each address's mails of the announcement (complete ones), by Message-ID. */
function deliveries(smtp: FakeSmtp) {
  const byAddress = new Map<string, string[]>();
  for (const m of smtp.mails) {
    if (!m.raw.includes(`Subject: ${SUBJECT}`) || !m.raw.includes("Unsubscribe:")) continue;
    const id = /^Message-ID: (.+)$/im.exec(m.raw)?.[1]?.trim() ?? "";
    for (const to of m.to) byAddress.set(to, [...(byAddress.get(to) ?? []), id]);
  }
  return byAddress;
}

async function seed(database: Database) {
  await database.db.execute(sql`
    INSERT INTO newsletter_subscribers (email, token, status, kind, consent_version, ip_hash, confirmed_at)
    SELECT 'reader' || n || '@example.org', 'token-' || n, 'confirmed', 'newsletter', 'v1', 'h', now()
    FROM generate_series(1, ${COUNT}) AS n`);
  // Unsubscribed and unconfirmed addresses are never mailed.
  await database.db.execute(sql`
    INSERT INTO newsletter_subscribers (email, token, status, kind, consent_version, ip_hash)
    VALUES ('left@example.org', 'token-left', 'unsubscribed', 'newsletter', 'v1', 'h'),
           ('maybe@example.org', 'token-maybe', 'unconfirmed', 'newsletter', 'v1', 'h')`);
  await upsertAdmin(database.db, ORGANISER.email, ORGANISER.password, false);
}

for (const backend of ["embedded", "PostgreSQL"] as const) {
  test(`an announcement to ${COUNT} people survives a SIGKILL mid-send on ${backend}: each gets it once`, async () => {
    let pg: TestPostgres | null = null;
    let dataDir: string | null = null;
    let site: SiteServer | null = null;
    const smtp = new FakeSmtp(SMTP_PORT);
    try {
      const open = async () => {
        if (backend === "PostgreSQL") return openDatabase({ databaseUrl: pg!.url });
        return openDatabase({ dataDir: dataDir! });
      };
      if (backend === "PostgreSQL") pg = startPostgres(PG_PORT);
      else dataDir = mkdtempSync(path.join(tmpdir(), "tncc-e2e-announce-"));
      const first = await open();
      await seed(first);
      await first.close();

      await smtp.start();
      const env = {
        ...(pg ? { DATABASE_URL: pg.url } : { DATA_DIR: dataDir! }),
        SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
        MAIL_POLL_MS: "200",
        MAIL_BACKOFF_MS: "200",
        // A mail claimed by the killed server is taken again 2 s after its claim, not 2 minutes.
        MAIL_LEASE_MS: "2000",
        ANNOUNCE_PER_MINUTE: "3000",
      };
      site = await startSite(PORT, env);
      const call = (url: string, init: { method?: string; body?: unknown; cookie?: string } = {}) =>
        fetch(`${site!.url}${url}`, {
          method: init.method ?? "GET",
          headers: {
            "content-type": "application/json",
            origin: site!.url,
            ...(init.cookie ? { cookie: init.cookie } : {}),
          },
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
        });
      const signIn = async () => {
        const res = await call("/api/admin/session", { method: "POST", body: ORGANISER });
        expect(res.status).toBe(200);
        return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
      };
      const cookie = await signIn();
      const sent = await call("/api/admin/announcements", {
        method: "POST",
        cookie,
        body: {
          title: "Doors open at 9:30",
          body: "The hall opens 30 minutes late on Saturday.",
          showsUntil: new Date(Date.now() + 3_600_000).toISOString(),
          audience: "newsletter",
        },
      });
      expect(sent.status).toBe(201);
      expect(await sent.json()).toMatchObject({ recipients: COUNT });

      // Halfway: some mails delivered, most not queued yet (the pacer queues 100 every 2 s).
      await expect.poll(() => deliveries(smtp).size).toBeGreaterThanOrEqual(300);
      site.kill();
      await new Promise((resolve) => site!.process.once("exit", resolve));
      const atKill = deliveries(smtp).size;
      expect(atKill).toBeLessThan(COUNT);
      console.log(`${backend}: killed with ${atKill} of ${COUNT} delivered`);

      site = await startSite(PORT, env);
      await expect.poll(() => deliveries(smtp).size, { timeout: 600_000 }).toBe(COUNT);
      // The organiser's progress says the same (a new session: the old one is still valid, but sign in again).
      const again = await signIn();
      await expect
        .poll(async () => {
          const list = (await (await call("/api/admin/announcements", { cookie: again })).json()) as AnswerOf<
            typeof listAnnouncements
          >;
          const a = list.announcements[0]!;
          return [a.recipients, a.queued, a.sent];
        })
        .toEqual([COUNT, COUNT, COUNT]);
      await site.stop();
      site = null;

      const byAddress = deliveries(smtp);
      expect([...byAddress.keys()].filter((a) => !/^reader\d+@example\.org$/.test(a))).toEqual([]);
      // One Message-ID per address; a second copy only of the mails in flight at the kill, one per connection.
      expect([...byAddress.values()].filter((ids) => new Set(ids).size !== 1)).toEqual([]);
      const twice = [...byAddress.values()].filter((ids) => ids.length > 1).length;
      expect(twice).toBeLessThanOrEqual(5);
      console.log(`${backend}: ${byAddress.size} addresses, ${twice} delivered again after the kill`);

      const last = await open();
      try {
        const rows = rowsOf<{ n: number; addresses: number }>(
          await last.db.execute(
            sql`SELECT count(*)::int AS n, count(DISTINCT to_addr)::int AS addresses FROM mail_queue WHERE subject = ${SUBJECT}`,
          ),
        );
        expect(rows[0]).toEqual({ n: COUNT, addresses: COUNT });
      } finally {
        await last.close();
      }
    } finally {
      site?.kill();
      await smtp.stop();
      pg?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }
  });
}
