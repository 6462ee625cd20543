/**
 * Migration 015 (issue 50): the alert subscriptions' and the waiting list's links were stored in clear; the
 * migration keeps only their SHA-256, the same as the server's, so a link in a mail sent before still works.
 * On the embedded PostgreSQL and, with TEST_DATABASE_URL (`npm run test:pg`), on a database of its own: rows
 * are written in the shape before 015, then 015 runs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { freshPostgres } from "../../tests/fixtures/fresh-postgres";
import { secretHash } from "../secret";
import { openDatabase } from "../db/client";
import { migrate, migrationFiles } from "../db/migrate";
import { rowsOf } from "../db/rows";
import { entryByToken } from "../tickets/waitlist/queries";
import { confirmAlerts, unsubscribeAlerts } from "./queries";

const OLD_ALERT = "Old_alert-token-0123456789abcdef";
const OLD_WAITLIST = "Old_waitlist-token-0123456789abc";

const backends: [string, () => Promise<{ url?: string; dir?: string }>][] = [
  ["embedded", async () => ({ dir: mkdtempSync(path.join(tmpdir(), "tncc-hashed-links-")) })],
];
if (process.env.TEST_DATABASE_URL) backends.push(["PostgreSQL", async () => ({ url: await freshPostgres("links") })]);

describe.each(backends)("the links migration on %s", (_name, where) => {
  it("hashes the stored links as the server does: a link mailed before still confirms, unsubscribes and opens", async () => {
    const { url, dir } = await where();
    const database = await openDatabase({ databaseUrl: url, dataDir: dir, skipMigrations: true });
    try {
      const { db } = database;
      const before = migrationFiles().filter((m) => m.version < "015");
      await migrate(db, undefined, new Set(before.map((m) => m.version)));
      await db.execute(sql`INSERT INTO agendas (secret_hash) VALUES ('agenda')`);
      await db.execute(sql`
        INSERT INTO alert_subscriptions (agenda_id, email, token, status)
        SELECT id, 'ann@example.org', ${OLD_ALERT}, 'unconfirmed' FROM agendas`);
      await db.execute(sql`
        INSERT INTO ticket_waitlist (plan_id, email, quantity, token, status)
        VALUES ('solo', 'wait@example.org', 1, ${OLD_WAITLIST}, 'waiting')`);

      expect(await migrate(db)).toContain("015-hashed-links");
      const stored = rowsOf<{ row: string }>(
        await db.execute(sql`
          SELECT row_to_json(s)::text AS row FROM alert_subscriptions s
          UNION ALL SELECT row_to_json(w)::text FROM ticket_waitlist w`),
      ).map((r) => r.row);
      expect(stored.join()).not.toContain(OLD_ALERT);
      expect(stored.join()).not.toContain(OLD_WAITLIST);
      expect(stored.join()).toContain(secretHash(OLD_ALERT));

      expect((await entryByToken(db, OLD_WAITLIST))?.email).toBe("wait@example.org");
      expect(await confirmAlerts(db, OLD_ALERT)).toEqual({ email: "ann@example.org" });
      expect(await unsubscribeAlerts(db, OLD_ALERT)).toEqual({ email: "ann@example.org" });
      expect(await unsubscribeAlerts(db, secretHash(OLD_ALERT))).toBeUndefined();
    } finally {
      await database.close();
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
