/**
 * The storage layer on both databases: the embedded PostgreSQL always, and a real PostgreSQL when
 * TEST_DATABASE_URL is set (`npm run test:pg` starts a throwaway cluster and sets it). Same tests on both.
 */
import { sql } from "drizzle-orm";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { migrate } from "../db/migrate";
import { claimMails, markFailed, markSent } from "../mail/queries";
import { countRequest } from "../limits/queries";
import { confirmSubscriber, saveSubmission, subscribe, unsubscribe, type NewSubmission } from "./queries";
import { purge } from "../retention/queries";
import { rowsOf } from "../db/rows";

const backends = databaseBackends("forms");

const row = (key: string | null, kind = "contact"): NewSubmission => ({
  kind,
  key,
  data: { name: "Ada", email: "ada@example.org", message: "Hello" },
  email: "ada@example.org",
  page: "/contact",
  consentVersion: "v1",
  ipHash: "hash",
  status: "new",
});
const mail = { to: "org@example.org", subject: "s", body: "b" };

describe.each(backends)("storage on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  const count = async (table: string) =>
    Number(rowsOf<{ n: string }>(await database.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]?.n);

  beforeAll(async () => {
    ({ database, cleanup } = await open());
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
  });

  it("applies each migration once", async () => {
    expect(await migrate(database.db)).toEqual([]);
    expect(await count("schema_migrations")).toBeGreaterThan(0);
  });

  it("stores a submission and its mail once per Idempotency-Key", async () => {
    const first = await saveSubmission(database.db, row("key-aaaaaaaa"), mail);
    const again = await saveSubmission(database.db, row("key-aaaaaaaa"), mail);
    expect(first.duplicate).toBe(false);
    expect(again).toEqual({ id: first.id, duplicate: true, conflict: false });
    await saveSubmission(database.db, row(null), mail);
    await saveSubmission(database.db, row(null), mail);
    expect(await count("submissions")).toBe(3);
    expect(await count("mail_queue")).toBe(3);
  });

  it("keeps one row per newsletter address, re-subscribes after unsubscribe", async () => {
    const sub = { email: "Sub@Example.org", kind: "newsletter", consentVersion: "v1", ipHash: "h", token: "tok-1" };
    const confirm = (token: string) => ({ ...mail, to: "sub@example.org", body: token });
    expect(await subscribe(database.db, sub, confirm)).toEqual({ created: true });
    expect(await subscribe(database.db, { ...sub, email: "sub@example.org", token: "tok-2" }, confirm)).toEqual({
      created: false,
    });
    expect(await count("newsletter_subscribers")).toBe(1);
    expect(await confirmSubscriber(database.db, "tok-1")).toBe(true);
    expect(await confirmSubscriber(database.db, "nope")).toBe(false);
    expect(await unsubscribe(database.db, "tok-1")).toBe(true);
    expect(await subscribe(database.db, { ...sub, token: "tok-3" }, confirm)).toEqual({ created: true });
    expect(await count("newsletter_subscribers")).toBe(1);
  });

  it("counts requests per key and window", async () => {
    const now = Date.UTC(2026, 0, 1, 10, 0, 30);
    for (let i = 0; i < 3; i++) expect((await countRequest(database.db, "k", 3, 60_000, now)).allowed).toBe(true);
    const over = await countRequest(database.db, "k", 3, 60_000, now);
    expect(over).toEqual({ allowed: false, retryAfter: 30 });
    expect((await countRequest(database.db, "other", 3, 60_000, now)).allowed).toBe(true);
    expect((await countRequest(database.db, "k", 3, 60_000, now + 60_000)).allowed).toBe(true);
  });

  it("hands each due mail to one claimer, and a failed one back only after its backoff", async () => {
    for (let i = 0; i < 20; i++) await saveSubmission(database.db, row(`claim-${i}-xxxxxx`), mail);
    const claims = await Promise.all([1, 2, 3, 4].map(() => claimMails(database.db, 8, 60_000)));
    const ids = claims.flat().map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await claimMails(database.db, 50, 60_000)).toEqual(ids.length >= 23 ? [] : expect.any(Array));
    const [one] = claims.flat();
    await markFailed(database.db, one!.id, "smtp down", new Date(Date.now() + 60_000), false);
    const two = claims.flat()[1]!;
    expect(await markSent(database.db, [two])).toEqual([two.id]);
    const later = await claimMails(database.db, 100, 60_000);
    expect(later.map((m) => m.id)).not.toContain(one!.id);
  });

  it("marks a mail sent only for the sender that still holds its claim (issue 32)", async () => {
    await saveSubmission(database.db, row("lapse-xxxxxxxx"), mail);
    const [first] = await claimMails(database.db, 100, 1);
    expect(first).toBeDefined();
    // The claim lapses while the first sender still talks to a slow SMTP server; another sender claims it.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = (await claimMails(database.db, 100, 60_000)).find((m) => m.id === first!.id);
    expect(second?.attempts).toBe(first!.attempts + 1);
    expect(await markSent(database.db, [first!])).toEqual([]);
    expect(await count(`mail_queue WHERE id = ${first!.id} AND sent_at IS NOT NULL`)).toBe(0);
    // Marked with another mail in the same write (issue 54: a pooled sender marks what it sent at once).
    await saveSubmission(database.db, row("lapse-other-xx"), mail);
    const [other] = await claimMails(database.db, 100, 60_000);
    expect(await markSent(database.db, [second!, other!])).toEqual(expect.arrayContaining([first!.id, other!.id]));
    // Sent once: a late duplicate mark changes nothing.
    expect(await markSent(database.db, [second!])).toEqual([]);
  });

  it("purges handled submissions older than the retention period", async () => {
    await database.db.execute(
      sql`UPDATE submissions SET status = 'handled', handled_at = now() - interval '400 days' WHERE idempotency_key = 'key-aaaaaaaa'`,
    );
    const before = await count("submissions");
    expect(await purge(database.db, 365)).toBe(1);
    expect(await count("submissions")).toBe(before - 1);
  });
});
