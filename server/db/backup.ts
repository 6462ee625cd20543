/**
 * Backups of the database, taken while the server runs: one REPEATABLE READ transaction reads every table,
 * so the copy is consistent (an order and its audit row are both in it or both not). The same code for the
 * embedded PostgreSQL and a server of your own; no pg_dump needed (the embedded binaries have none).
 *
 * File: gzipped JSON lines. First a header (format, the migrations applied), then one line per row
 * (`{ "table", "row" }`, the row as PostgreSQL's row_to_json writes it), then an end line with the counts,
 * so that a cut-off file is refused rather than half restored.
 */
import { sql } from "drizzle-orm";
import type { Db } from "./types";
import { migrate, migrationFiles } from "./migrate";
import { PROVIDER_KEY_PREFIX } from "./settings";
import { rowsOf } from "./rows";

export const BACKUP_FORMAT = "tncc-backup";

interface Header {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  migrations: string[];
}
type Line = Header | { table: string; row: Record<string, unknown> } | { end: true; counts: Record<string, number> };

const MIGRATIONS_TABLE = "schema_migrations";

/** The tables of the public schema, parents before the tables that refer to them. */
async function tablesInOrder(db: Db): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  ).map((r) => r.name);
  const links = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      SELECT c.relname AS child, p.relname AS parent
      FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = 'public'::regnamespace`),
  );
  const ordered: string[] = [];
  const visit = (table: string, path: string[] = []) => {
    if (ordered.includes(table) || path.includes(table)) return;
    for (const link of links) if (link.child === table && link.parent !== table) visit(link.parent, [...path, table]);
    ordered.push(table);
  };
  tables.forEach((t) => visit(t));
  return ordered.filter((t) => t !== MIGRATIONS_TABLE);
}

/** Writes the backup line by line; answers the rows per table. */
export async function backup(db: Db, write: (line: string) => Promise<void>): Promise<Record<string, number>> {
  return db.transaction(
    async (tx) => {
      const migrations = rowsOf<{ version: string }>(
        await tx.execute(sql`SELECT version FROM schema_migrations ORDER BY version`),
      ).map((r) => r.version);
      const header: Header = { format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString(), migrations };
      await write(JSON.stringify(header));
      const counts: Record<string, number> = {};
      for (const table of await tablesInOrder(tx)) {
        const rows = rowsOf<{ row: Record<string, unknown> }>(
          await tx.execute(sql`SELECT row_to_json(t) AS row FROM ${sql.identifier(table)} t`),
        );
        for (const { row } of rows) await write(JSON.stringify({ table, row }));
        counts[table] = rows.length;
      }
      await write(JSON.stringify({ end: true, counts }));
      return counts;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/**
 * Restores a backup into an empty database: the backup's migrations, its rows, the id sequences moved past
 * the restored ids, then the newer migrations of this code. All or nothing.
 */
export async function restore(
  db: Db,
  lines: AsyncIterable<string> | Iterable<string>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  await db.transaction(async (tx) => {
    const existing = rowsOf<{ name: string }>(
      await tx.execute(sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`),
    );
    if (existing.length > 0)
      throw new Error(`The database is not empty (${existing.map((t) => t.name).join(", ")}): restore into a new one.`);

    let header: Header | null = null;
    /** The tables the backup's migrations made: the only ones a backup may write into. */
    let tables = new Set<string>();
    let ended = false;
    const batch: { table: string; rows: unknown[] } = { table: "", rows: [] };
    const flush = async () => {
      if (batch.rows.length === 0) return;
      await tx.execute(
        sql`INSERT INTO ${sql.identifier(batch.table)} SELECT * FROM json_populate_recordset(NULL::${sql.identifier(batch.table)}, ${JSON.stringify(batch.rows)}::json)`,
      );
      counts[batch.table] = (counts[batch.table] ?? 0) + batch.rows.length;
      batch.rows = [];
    };
    for await (const text of lines) {
      if (!text.trim()) continue;
      const line = JSON.parse(text) as Line;
      if (!header) {
        if (!("format" in line) || line.format !== BACKUP_FORMAT) throw new Error("Not a backup of this site.");
        header = line;
        const known = new Set(migrationFiles().map((m) => m.version));
        const unknown = header.migrations.filter((m) => !known.has(m));
        if (unknown.length) throw new Error(`The backup comes from a newer version (${unknown.join(", ")}).`);
        await migrate(tx, undefined, new Set(header.migrations));
        tables = new Set(await tablesInOrder(tx));
      } else if ("table" in line) {
        if (!tables.has(line.table))
          throw new Error(
            `The backup names the table ${JSON.stringify(line.table)}, which is not one of this site's tables.`,
          );
        if (line.table !== batch.table || batch.rows.length >= 500) await flush();
        batch.table = line.table;
        batch.rows.push(line.row);
      } else if ("end" in line) {
        await flush();
        for (const [table, n] of Object.entries(line.counts))
          if ((counts[table] ?? 0) !== n) throw new Error(`The backup's ${table} should have ${n} rows.`);
        ended = true;
      }
    }
    if (!ended) throw new Error("The backup file is cut short (no end line): nothing was restored.");
    await moveSequences(tx);
    // The restored database sends the card provider keys of its own: its holds' ids start again where the backup
    // stopped, and the provider saw the next ones already (issue 50). A new prefix is made at the first payment.
    await tx.execute(sql`DELETE FROM settings WHERE name = ${PROVIDER_KEY_PREFIX}`);
  });
  await migrate(db);
  return counts;
}

/** Each id sequence continues after the largest restored id. */
async function moveSequences(db: Db): Promise<void> {
  const serials = rowsOf<{ table: string; column: string }>(
    await db.execute(sql`
      SELECT table_name AS table, column_name AS column FROM information_schema.columns
      WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`),
  );
  for (const { table, column } of serials)
    await db.execute(
      sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), COALESCE(max(${sql.identifier(column)}), 0) + 1, false) FROM ${sql.identifier(table)}`,
    );
}
