/**
 * The database: PostgreSQL everywhere. By default an embedded server this process starts in DATA_DIR
 * (default `data/`, see ./embedded.ts); with DATABASE_URL, a PostgreSQL server of your own. Both go through
 * node-postgres and the same Drizzle schema; see docs/decisions/010-storage.md and 021.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Pool, PoolConfig } from "pg";
import { sql } from "drizzle-orm";
import { backup, restore } from "./backup";
import { schema } from "./schema";
import { rowsOf } from "./rows";
import { migrate } from "./migrate";
import type { Database, Db } from "./types";
import { EMBEDDED_USER, isAlive, ROUTINE_LOG, runningPostmaster, startEmbedded } from "./embedded";

export type { Database, Db } from "./types";

export interface OpenOptions {
  /** postgres://… ; when set, dataDir is not used. */
  databaseUrl?: string;
  /** The embedded database's folder (created when missing). */
  dataDir?: string;
  /** Connections in the node-postgres pool. */
  poolSize?: number;
  /** Where the embedded server's messages go. */
  log?: (line: string) => void;
  /** Leave the schema as it is (a restore applies the migrations itself). */
  skipMigrations?: boolean;
}

/** Opens the database and applies the migrations not applied yet. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const max = options.poolSize ?? 10;
  const database = options.databaseUrl
    ? await poolDatabase({ connectionString: options.databaseUrl, max }, "postgres")
    : await openEmbedded(options.dataDir ?? "data", max, options.log ?? quietLog);
  try {
    if (!options.databaseUrl) await importPglite(path.resolve(options.dataDir ?? "data"), database);
    // The job queue's own tables (graphile-worker, server/jobs/), before ours: migration 019's triggers add jobs.
    await installJobQueue(database.db);
    if (!options.skipMigrations) await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

/** Creates or updates graphile-worker's schema (`graphile_worker`); several servers starting at once take turns. */
async function installJobQueue(db: Db): Promise<void> {
  const { runMigrations, Logger } = await import("graphile-worker");
  const quiet = new Logger(() => (level, message) => {
    if (level === "error") console.error(`jobs: ${message}`);
  });
  await runMigrations({ pgPool: (db as unknown as { $client: Pool }).$client, logger: quiet });
}

/**
 * For maintenance while the server runs (backups): connects to the embedded PostgreSQL that a running
 * server started in `dataDir` (that server applied the migrations), or opens the folder itself when no server
 * runs there.
 */
export async function attachDatabase(options: OpenOptions): Promise<Database> {
  const running = options.databaseUrl
    ? null
    : runningPostmaster(path.join(path.resolve(options.dataDir ?? "data"), "pg"));
  if (!running) return openDatabase(options);
  return poolDatabase(
    { host: running.socketDir, user: EMBEDDED_USER, database: "postgres", max: options.poolSize ?? 1 },
    "embedded",
  );
}

/**
 * Until issue 32 the embedded database was PGlite, with its files right in the data folder. The first start
 * of this version copies them into the new PostgreSQL (one transaction, with the backup code), then moves
 * them aside to `pglite-imported/`, kept until someone deletes them.
 */
async function importPglite(dir: string, database: Database): Promise<void> {
  if (!existsSync(path.join(dir, "PG_VERSION"))) return;
  const tables = rowsOf(await database.db.execute(sql`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`));
  if (tables.length === 0) {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const old = await PGlite.create({ dataDir: dir });
    const lines: string[] = [];
    try {
      await backup(drizzle(old, { schema }), async (line) => void lines.push(line));
    } finally {
      await old.close();
    }
    const counts = await restore(database.db, lines);
    console.log(
      `Database: copied ${Object.values(counts).reduce((a, b) => a + b, 0)} rows from the PGlite files in ${dir}`,
    );
  }
  const aside = path.join(dir, "pglite-imported");
  mkdirSync(aside, { recursive: true });
  // PostgreSQL's own files only: a data folder may hold other things (the tests' data/e2e, say).
  for (const entry of readdirSync(dir))
    if (/^(PG_VERSION|base|global|pg_[\w.]+|postgresql(\.auto)?\.conf|postmaster\.\w+)$/.test(entry))
      renameSync(path.join(dir, entry), path.join(aside, entry));
  console.log(`Database: the PGlite files are now in ${aside} (delete them once you have checked the inbox)`);
}

const quietLog = (line: string) => {
  if (!ROUTINE_LOG.test(line.replace(/^PostgreSQL: /, ""))) console.log(line);
};

async function poolDatabase(config: PoolConfig, driver: Database["driver"]): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool(config);
  // An idle connection that the server drops must not crash the process.
  pool.on("error", (error) => console.error(`PostgreSQL: ${error.message}`));
  const db = drizzle(pool, { schema });
  return { db, driver, close: () => pool.end() };
}

async function openEmbedded(dataDir: string, max: number, log: (line: string) => void): Promise<Database> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const unlock = lockFolder(dir);
  try {
    const server = await startEmbedded(path.join(dir, "pg"), log);
    const database = await poolDatabase(
      { host: server.socketDir, user: server.user, database: "postgres", max },
      "embedded",
    );
    return {
      ...database,
      close: async () => {
        await database.close();
        await server.stop();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * One server process per data folder: a pid file refuses a second process while the first is alive, and is
 * taken over when its owner died (kill -9).
 */
function lockFolder(dir: string): () => void {
  const file = path.join(dir, "server.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(file, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner))
      throw new Error(
        `${dir} is in use by process ${owner}: one server per data folder. Stop it, set DATA_DIR, or use DATABASE_URL.`,
      );
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}
