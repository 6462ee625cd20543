/** What /healthz asks the database: the migrations applied (against the files) and the mails waiting. */
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { migrationFiles } from "../db/migrate";
import { rowsOf } from "../db/rows";

export async function databaseHealth(database: Database) {
  const applied = new Set(
    rowsOf<{ version: string }>(await database.db.execute(sql`SELECT version FROM schema_migrations`)).map(
      (r) => r.version,
    ),
  );
  const pending = migrationFiles()
    .map((f) => f.version)
    .filter((v) => !applied.has(v));
  const [waiting] = rowsOf<{ n: string }>(
    await database.db.execute(sql`SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NULL AND failed_at IS NULL`),
  );
  return {
    reachable: true,
    driver: database.driver,
    migrations: pending.length === 0 ? "current" : `pending: ${pending.join(", ")}`,
    mailsWaiting: Number(waiting?.n ?? 0),
  };
}
