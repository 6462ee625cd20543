/**
 * Versioned migrations: `migrations/NNN-name.sql`, applied in order, each once, inside a transaction,
 * recorded in `schema_migrations`. Several servers starting at once on one PostgreSQL take turns
 * (an advisory lock), so a migration never runs twice.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "./types";
import { rowsOf } from "./rows";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");
/** Any constant: the key of the advisory lock the migrating server holds. */
const LOCK_KEY = 170017;

export function migrationFiles(dir = DIR): { version: string; text: string }[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ""), text: readFileSync(path.join(dir, f), "utf8") }));
}

/** Applies the migrations not applied yet (of `only`, when given: a restore stops at the backup's); returns their versions. */
export async function migrate(db: Db, dir = DIR, only?: Set<string>): Promise<string[]> {
  const files = migrationFiles(dir).filter((m) => !only || only.has(m.version));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    await tx.execute(
      sql`CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = await tx.execute<{ version: string }>(sql`SELECT version FROM schema_migrations`);
    const applied = new Set(rowsOf<{ version: string }>(done).map((r) => r.version));
    const added: string[] = [];
    for (const { version, text } of files) {
      if (applied.has(version)) continue;
      // One statement per call, so that an error names the statement that failed.
      for (const statement of splitStatements(text)) await tx.execute(sql.raw(statement));
      await tx.execute(sql`INSERT INTO schema_migrations (version) VALUES (${version})`);
      added.push(version);
    }
    return added;
  });
}

/** Splits a migration at semicolons that end a line (migrations keep that form), dropping comments. */
export function splitStatements(text: string): string[] {
  return text
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, "").trim())
    .filter(Boolean);
}
