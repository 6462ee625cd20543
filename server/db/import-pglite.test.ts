/**
 * The first start after issue 32 finds the PGlite files of the earlier embedded database in the data folder:
 * every row is copied into the new PostgreSQL, and the old files are moved aside, not deleted.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { afterAll, expect, it } from "vitest";
import { openDatabase } from "./client";
import { migrate, migrationFiles } from "./migrate";
import { schema } from "./schema";
import { rowsOf } from "./rows";
import { saveSubmission } from "../forms/queries";

const dir = mkdtempSync(path.join(tmpdir(), "tncc-import-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it("copies the rows of a PGlite data folder into the embedded PostgreSQL, once", async () => {
  const old = await PGlite.create({ dataDir: dir });
  const oldDb = drizzle(old, { schema });
  // PGlite's folders predate the job queue (migration 019 calls graphile-worker, which PGlite never had).
  const before = migrationFiles().filter((m) => m.version < "019");
  await migrate(oldDb, undefined, new Set(before.map((m) => m.version)));
  for (const key of ["import-aaaaaaaa", "import-bbbbbbbb"])
    await saveSubmission(
      oldDb,
      {
        kind: "contact",
        key,
        data: { name: "Ada", message: "Sent before the upgrade" },
        email: "ada@example.org",
        page: "/contact",
        consentVersion: "v1",
        ipHash: "h",
        status: "new",
      },
      { to: "org@example.org", subject: "s", body: "b" },
    );
  await old.close();
  // Something else in the data folder (the tests' data/e2e, say) stays where it is.
  mkdirSync(path.join(dir, "e2e"));

  for (let start = 0; start < 2; start++) {
    const database = await openDatabase({ dataDir: dir });
    try {
      const rows = rowsOf<{ key: string }>(
        await database.db.execute(sql`SELECT idempotency_key AS key FROM submissions ORDER BY id`),
      );
      expect(rows.map((r) => r.key)).toEqual(["import-aaaaaaaa", "import-bbbbbbbb"]);
      const mails = rowsOf(await database.db.execute(sql`SELECT 1 FROM mail_queue`));
      expect(mails).toHaveLength(2);
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(dir, "PG_VERSION"))).toBe(false);
    expect(existsSync(path.join(dir, "pglite-imported", "PG_VERSION"))).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(["e2e", "pg", "pglite-imported"]);
  }
}, 60_000);
