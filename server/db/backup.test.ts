/**
 * `npm run backup` and `npm run restore` (issue 32): every table round-trips, on the embedded PostgreSQL
 * (backed up while a "server", this test, holds it open) and on a PostgreSQL of your own when
 * TEST_DATABASE_URL is set (`npm run test:pg`). The scripts are run as a person would run them.
 */
import { execFile } from "node:child_process";
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./client";
import { migrationFiles } from "./migrate";
import { rowsOf } from "./rows";

const run = promisify(execFile);
const script = (name: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], {
    env: { ...process.env, DATA_DIR: "", DATABASE_URL: "", ...env },
  });
const tmp = mkdtempSync(path.join(tmpdir(), "tncc-backup-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A row in every table, with the awkward values: accents, JSON, NULLs, microseconds, booleans. */
async function fill(db: Database["db"]) {
  await db.execute(sql`
    INSERT INTO submissions (kind, idempotency_key, data, email, page, consent_version, ip_hash, status, created_at)
    VALUES ('contact', 'key-backup-1', '{"name":"Zoë \\"Z\\" O''Neil","list":[1,2]}', 'zoe@example.org', '/contact', 'v1', 'h', 'new', '2026-10-24 09:30:00.123456+00'),
           ('comment', NULL, '{"text":"Amen 🙏"}', NULL, NULL, 'v1', 'h', 'approved', now())`);
  await db.execute(sql`
    INSERT INTO mail_queue (submission_id, to_addr, subject, body, attempts)
    SELECT id, 'org@example.org', 'New message', 'Line one
line two', 2 FROM submissions WHERE idempotency_key = 'key-backup-1'`);
  await db.execute(sql`
    INSERT INTO newsletter_subscribers (email, token, status, kind, consent_version, ip_hash, confirmed_at)
    VALUES ('sub@example.org', 'tok', 'confirmed', 'newsletter', 'v1', 'h', now())`);
  await db.execute(sql`INSERT INTO rate_limits (key, window_start, count) VALUES ('ip:1', now(), 3)`);
  await db.execute(sql`INSERT INTO settings (name, value) VALUES ('session_secret', 'abc')`);
  await db.execute(sql`
    INSERT INTO orders (stripe_event_id, stripe_session_id, token_id, amount_minor, currency, email, name)
    VALUES ('evt_1', 'cs_1', 'seed', 2500, 'usd', 'buyer@example.org', 'Åsa')`);
  await db.execute(sql`
    INSERT INTO admins (email, password_hash, must_change_password, locked_until)
    VALUES ('org@example.org', 'scrypt$x', true, NULL)`);
  await db.execute(sql`
    INSERT INTO admin_sessions (token_hash, admin_id, created_at, last_seen_at, expires_at)
    SELECT 'th', id, now(), now(), now() + interval '1 hour' FROM admins`);
  await db.execute(sql`
    INSERT INTO sign_in_failures (admin_id, client, failures, locked_until)
    SELECT id, 'ip:abc', 5, now() + interval '15 minutes' FROM admins`);
  await db.execute(sql`
    INSERT INTO admin_devices (token_hash, admin_id, created_at, last_used_at) SELECT 'dh', id, now(), now() FROM admins`);
  await db.execute(sql`
    INSERT INTO audit_log (admin_id, actor, action, target, detail)
    SELECT id, 'org@example.org', 'sign-in', NULL, '{"ok":true}' FROM admins`);
  await db.execute(sql`
    INSERT INTO admin_invites (token_hash, email, invited_by, expires_at)
    SELECT 'ih', 'new@example.org', id, now() + interval '48 hours' FROM admins`);
  // The box office (issue 42): the signing key travels with the backup.
  await db.execute(sql`INSERT INTO signing_keys (name, private_pem) VALUES ('tickets', '-----BEGIN PRIVATE KEY-----')`);
  await db.execute(sql`INSERT INTO ticket_stock (plan_id, capacity, sold, held) VALUES ('family', 200, 5, 0)`);
  await db.execute(sql`INSERT INTO ticket_address_mails (address_hash, mailed_at) VALUES ('address-hash', now())`);
  await db.execute(sql`
    INSERT INTO ticket_waitlist (plan_id, email, quantity, token_hash, status, confirmed_at)
    VALUES ('family', 'wait@example.org', 1, 'wtok-hash', 'waiting', now())`);
  await db.execute(sql`
    INSERT INTO ticket_holds (plan_id, quantity, seats, email, name, amount_minor, currency, status, expires_at)
    VALUES ('family', 1, 5, 'buyer@example.org', 'Åsa', 5900, 'usd', 'sold', now())`);
  await db.execute(sql`
    INSERT INTO ticket_orders (hold_id, plan_id, email, name, amount_minor, currency)
    SELECT id, 'family', 'buyer@example.org', 'Åsa', 5900, 'usd' FROM ticket_holds`);
  // Issue 50: an order's link (its hash) and a ticket sent on.
  await db.execute(
    sql`INSERT INTO ticket_order_links (token_hash, order_id) SELECT 'order-hash', id FROM ticket_orders`,
  );
  await db.execute(sql`INSERT INTO ticket_forwards (order_id, code) SELECT id, 'code-1' FROM ticket_orders`);
  // Issue 53: a step of an order's timeline.
  await db.execute(
    sql`INSERT INTO ticket_order_events (order_id, kind, detail) SELECT id, 'created', '{"method":"later"}'::jsonb FROM ticket_orders`,
  );
  await db.execute(sql`
    INSERT INTO tickets (code, order_id, plan_id, position, payload, short_code)
    SELECT 'code-1', id, 'family', 1, 'TNCC1.x', '7KX4QM2P' FROM ticket_orders`);
  await db.execute(sql`
    INSERT INTO check_ins (scan_id, code, device, door, admin_id, scanned_at, kind)
    SELECT 'scan-0001', 'code-1', 'phone-1', 'Door 1', id, now(), 'admission' FROM admins`);
  // A kept agenda with a star, an alert subscription, a change it was told about (issue 44) and a mail's link (50).
  await db.execute(sql`INSERT INTO agendas (secret_hash) VALUES ('backup-agenda')`);
  await db.execute(
    sql`INSERT INTO agenda_stars (agenda_id, session_number, starred, changed_at) SELECT id, 3, true, now() FROM agendas`,
  );
  await db.execute(
    sql`INSERT INTO alert_subscriptions (agenda_id, email, token_hash, status) SELECT id, 'ann@example.org', 'alert-hash', 'confirmed' FROM agendas`,
  );
  await db.execute(
    sql`INSERT INTO alert_links (token_hash, subscription_id) SELECT 'link-hash', id FROM alert_subscriptions`,
  );
  await db.execute(
    sql`INSERT INTO alerts_sent (subscription_id, session_number, sequence) SELECT id, 3, 1 FROM alert_subscriptions`,
  );
  // An announcement and one of its recipients (issue 44).
  await db.execute(sql`
    INSERT INTO announcements (title, body, audience, audience_label, site_url, shows_until)
    VALUES ('Doors', 'Doors open at 6', 'newsletter', 'Newsletter subscribers', 'https://tncc.example.org', now())`);
  await db.execute(sql`
    INSERT INTO announcement_recipients (announcement_id, email, queued_at)
    SELECT id, 'ann@example.org', now() FROM announcements`);
  // A programme change published quietly (issue 62).
  await db.execute(sql`
    INSERT INTO quiet_changes (session_number, change, decided_by)
    VALUES (3, 'moved:2024-10-25T09:15:00-05:00/:', 'grace@example.org')`);
  // A speaker invited, their link, a rating and a session's feedback switches (issue 63).
  await db.execute(sql`
    INSERT INTO speaker_contacts (speaker_id, email, invited_by) VALUES (1, 'ruth@example.org', 'grace@example.org')`);
  await db.execute(sql`INSERT INTO speaker_links (speaker_id, secret_hash) VALUES (1, 'speaker-hash')`);
  await db.execute(sql`
    INSERT INTO speaker_edits (speaker_id, profile, sessions, bases, photo, photo_ext)
    VALUES (1, '{"bio":"Åh, new"}', '[{"number":3,"text":"New"}]', '{}', 'aGVsbG8=', 'jpg')`);
  await db.execute(sql`
    INSERT INTO session_ratings (session_number, rater_hash, stars, comment) VALUES (3, 'rater-hash', 5, 'Åh, good')`);
  await db.execute(sql`
    INSERT INTO session_feedback (session_number, comments_to_speaker, changed_by) VALUES (3, true, 'grace@example.org')`);
  // A change a speaker was mailed about (issue 63, migration 028).
  await db.execute(sql`INSERT INTO speaker_alerts_sent (speaker_id, session_number, sequence) VALUES (1, 3, 1)`);
  // A role, a place, a shift with a volunteer on it, their role, blockout, feed and a reminder sent (issue 66).
  await db.execute(sql`INSERT INTO volunteer_roles (name, description) VALUES ('Door', 'Checks tickets in')`);
  await db.execute(sql`INSERT INTO volunteer_places (name, door) VALUES ('Door 1', 'Door 1')`);
  await db.execute(sql`
    INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
    SELECT p.id, r.id, '2024-10-24T08:00:00-05:00', '2024-10-24T12:00:00-05:00', 2
    FROM volunteer_places p, volunteer_roles r`);
  await db.execute(sql`INSERT INTO shift_signups (shift_id, admin_id) SELECT s.id, a.id FROM shifts s, admins a`);
  await db.execute(
    sql`INSERT INTO volunteer_role_choices (admin_id, role_id) SELECT a.id, r.id FROM admins a, volunteer_roles r`,
  );
  await db.execute(sql`
    INSERT INTO volunteer_blockouts (admin_id, starts_at, ends_at, note)
    SELECT id, '2024-10-25T08:00:00-05:00', '2024-10-25T12:00:00-05:00', 'Åh, away' FROM admins`);
  await db.execute(sql`INSERT INTO volunteer_feeds (admin_id, secret_hash) SELECT id, 'feed-hash' FROM admins`);
  await db.execute(sql`
    INSERT INTO shift_notices_sent (shift_id, admin_id, kind, starts_at)
    SELECT shift_id, admin_id, 'evening', '2024-10-24T08:00:00-05:00' FROM shift_signups`);
}

/** Every table's rows as text, in a stable order: what must come back unchanged. */
async function contents(db: Database["db"]): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`),
  );
  const out: Record<string, string[]> = {};
  for (const { name } of tables)
    out[name] = rowsOf<{ row: string }>(
      await db.execute(sql`SELECT row_to_json(t)::text AS row FROM ${sql.identifier(name)} t ORDER BY 1`),
    ).map((r) => r.row.replace(/"applied_at":"[^"]*"/, ""));
  return out;
}

const pgUrl = process.env.TEST_DATABASE_URL;
async function freshPgDatabase(name: string): Promise<string> {
  const admin = await openDatabase({ databaseUrl: pgUrl!, skipMigrations: true, poolSize: 1 });
  await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  await admin.db.execute(sql.raw(`CREATE DATABASE ${name}`));
  await admin.close();
  return pgUrl!.replace(/\/[^/]*$/, `/${name}`);
}

/** Each test's empty folders are new ones. */
let folders = 0;
type Target = { env: Record<string, string>; open: () => Promise<Database> };
const backends: [string, () => Promise<{ source: Target; empty: () => Promise<Target> }>][] = [
  [
    "the embedded database",
    async () => {
      const folder = (name: string): Target => {
        const dataDir = path.join(tmp, name);
        return { env: { DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) };
      };
      return { source: folder("source"), empty: async () => folder(`restored-${++folders}`) };
    },
  ],
];
if (pgUrl)
  backends.push([
    "PostgreSQL",
    async () => {
      const target = (url: string): Target => ({
        env: { DATABASE_URL: url },
        open: () => openDatabase({ databaseUrl: url }),
      });
      let n = 0;
      return {
        source: target(await freshPgDatabase("backup_source")),
        empty: async () => target(await freshPgDatabase(`backup_restored_${++n}`)),
      };
    },
  ]);

describe.each(backends)("backup and restore on %s", (name, setup) => {
  it("round-trips every table while the source stays open, and ids continue after the restored ones", async () => {
    const { source, empty } = await setup();
    const live = await source.open();
    let before: Record<string, string[]>;
    const file = path.join(tmp, `${name}.jsonl.gz`);
    try {
      await fill(live.db);
      before = await contents(live.db);
      // Every table has a row, so a table added later without a row here fails this test.
      for (const [table, rows] of Object.entries(before)) expect(rows.length, table).toBeGreaterThan(0);
      // The "server" (this test) still holds the database while the backup runs.
      const { stdout } = await script("backup", [file], source.env);
      // Every table but schema_migrations (the backup's header names the migrations).
      const tables = Object.keys(before).length - 1;
      expect(stdout).toMatch(new RegExp(`Backup written: .* \\(\\d+ rows in ${tables} tables\\)`));
    } finally {
      await live.close();
    }

    const target = await empty();
    await script("restore", [file], target.env);
    const restored = await target.open();
    try {
      expect(await contents(restored.db)).toEqual(before);
      const next = rowsOf<{ id: string }>(
        await restored.db.execute(
          sql`INSERT INTO submissions (kind, data, consent_version, ip_hash) VALUES ('contact', '{}', 'v1', 'h') RETURNING id`,
        ),
      );
      const max = Math.max(...before.submissions!.map((r) => Number((JSON.parse(r) as { id: number }).id)));
      expect(Number(next[0]!.id)).toBeGreaterThan(max);
    } finally {
      await restored.close();
    }

    // A file cut short restores nothing; a database that is not empty is refused.
    const lines = gunzipSync(readFileSync(file)).toString("utf8").trim().split("\n");
    const cut = path.join(tmp, `${name}-cut.jsonl.gz`);
    writeFileSync(cut, gzipSync(lines.slice(0, -2).join("\n")));
    const other = await empty();
    await expect(script("restore", [cut], other.env)).rejects.toMatchObject({
      stderr: expect.stringContaining("cut short"),
    });
    const untouched = await other.open();
    try {
      expect(
        Object.values(await contents(untouched.db))
          .flat()
          .filter((r) => !r.includes("version")),
      ).toEqual([]);
    } finally {
      await untouched.close();
    }
    await expect(script("restore", [file], other.env)).rejects.toMatchObject({
      stderr: expect.stringMatching(/already holds a database|not empty/),
    });
  }, 120_000);

  it("writes a backup to a new file of its own, owner-only, never into a .partial file someone made first", async () => {
    const { source } = await setup();
    await (await source.open()).close();
    const file = path.join(tmp, `${name}-own.jsonl.gz`);
    const planted = `${file}.partial`;
    writeFileSync(planted, "");
    chmodSync(planted, 0o666);
    if (process.getuid?.() === 0) chownSync(planted, 65534, 65534);
    await script("backup", [file], source.env);
    const written = statSync(file);
    expect(written.mode & 0o777).toBe(0o600);
    expect(written.uid).toBe(process.getuid?.());
    expect(statSync(planted).size).toBe(0);
    expect(gunzipSync(readFileSync(file)).toString("utf8")).toContain('"end":true');
  }, 120_000);

  it("refuses a backup naming a table that is not one of the site's, and writes nothing", async () => {
    const { empty } = await setup();
    const file = path.join(tmp, `${name}-catalog.jsonl.gz`);
    const header = { format: "tncc-backup", version: 1, createdAt: new Date().toISOString() };
    const migrations = migrationFiles().map((m) => m.version);
    const row = { objoid: 1, classoid: 1259, objsubid: 0, description: "written by a backup" };
    const lines = [
      { ...header, migrations },
      { table: "pg_description", row },
      { end: true, counts: { pg_description: 1 } },
    ];
    writeFileSync(file, gzipSync(lines.map((l) => JSON.stringify(l)).join("\n")));
    const target = await empty();
    await expect(script("restore", [file], target.env)).rejects.toMatchObject({
      stderr: expect.stringMatching(/Nothing restored: .*pg_description/),
    });
    const untouched = await target.open();
    try {
      const planted = await untouched.db.execute(
        sql`SELECT 1 FROM pg_description WHERE description = ${row.description}`,
      );
      expect(rowsOf(planted)).toEqual([]);
      const rows = Object.values(await contents(untouched.db)).flat();
      expect(rows.filter((r) => !r.includes("version"))).toEqual([]);
    } finally {
      await untouched.close();
    }
  }, 120_000);
});
