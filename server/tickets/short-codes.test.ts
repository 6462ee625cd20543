/**
 * Migration 022 (issue 61): tickets made before it get a short code each, all different, of Crockford's base32,
 * and the unique index refuses a second ticket with one; on PGlite (the earlier embedded database) and, with
 * TEST_DATABASE_URL, on a database of its own on that server.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as pgliteDrizzle } from "drizzle-orm/pglite";
import { describe, expect, it } from "vitest";
import { freshPostgres } from "../../tests/fixtures/fresh-postgres";
import type { Db } from "../db/client";
import { migrate, migrationFiles } from "../db/migrate";
import { rowsOf } from "../db/rows";
import { schema } from "../db/schema";

type Open = () => Promise<{ db: Db; close: () => Promise<void> }>;
const backends: [string, Open][] = [
  [
    "PGlite",
    async () => {
      const pg = await PGlite.create();
      return { db: pgliteDrizzle(pg, { schema }), close: () => pg.close() };
    },
  ],
];
if (process.env.TEST_DATABASE_URL)
  backends.push([
    "PostgreSQL",
    async () => {
      const { default: pg } = await import("pg");
      const { drizzle } = await import("drizzle-orm/node-postgres");
      const pool = new pg.Pool({ connectionString: (await freshPostgres("shortcodes"))! });
      return { db: drizzle(pool, { schema }), close: () => pool.end() };
    },
  ]);

describe.each(backends)("migration 022 on %s", { timeout: 120_000 }, (_name, open) => {
  it("gives every ticket made before it its own short code, and refuses a second ticket with one", async () => {
    const { db, close } = await open();
    try {
      const before = new Set(
        migrationFiles()
          .filter((m) => m.version < "022")
          .map((m) => m.version),
      );
      await migrate(db, undefined, before);
      await db.execute(sql`
        INSERT INTO ticket_holds (plan_id, quantity, seats, email, name, amount_minor, currency, status, expires_at)
        VALUES ('family', 1, 300, 'buyer@example.org', 'Ruth Mensah', 0, 'usd', 'sold', now())`);
      await db.execute(sql`
        INSERT INTO ticket_orders (hold_id, plan_id, email, name, amount_minor, currency)
        SELECT id, 'family', 'buyer@example.org', 'Ruth Mensah', 0, 'usd' FROM ticket_holds`);
      await db.execute(sql`
        INSERT INTO tickets (code, order_id, plan_id, position, payload)
        SELECT 'code-' || i, o.id, 'family', i, 'TNCC1.x' FROM ticket_orders o, generate_series(1, 300) AS i`);
      expect(await migrate(db)).toContain("022-short-ticket-codes");
      const shorts = rowsOf<{ short_code: string }>(await db.execute(sql`SELECT short_code FROM tickets`)).map(
        (r) => r.short_code,
      );
      expect(shorts).toHaveLength(300);
      expect(new Set(shorts).size).toBe(300);
      for (const s of shorts) expect(s).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      await expect(
        db.execute(sql`
          INSERT INTO tickets (code, order_id, plan_id, position, payload, short_code)
          SELECT 'code-again', order_id, 'family', 301, 'TNCC1.x', short_code FROM tickets LIMIT 1`),
      ).rejects.toThrow();
    } finally {
      await close();
    }
  });
});
