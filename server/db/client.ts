/**
 * The database: embedded PGlite (PostgreSQL in WebAssembly) in DATA_DIR (default `data/`) unless
 * DATABASE_URL names a PostgreSQL server. Both speak PostgreSQL's SQL and go through the same Drizzle
 * schema; see docs/decisions/010-storage.md.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { schema } from "./schema";
import { migrate } from "./migrate";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  /** "pglite": one process owns the folder; "postgres": shared by any number of server instances. */
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenOptions {
  /** postgres://… ; when set, dataDir is not used. */
  databaseUrl?: string;
  /** PGlite's folder (created when missing). */
  dataDir?: string;
  /** Connections in the node-postgres pool. */
  poolSize?: number;
}

/** Opens the database and applies the migrations not applied yet. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir ?? "data");
  try {
    await migrate(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection that the server drops must not crash the process.
  pool.on("error", (error) => console.error(`PostgreSQL: ${error.message}`));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, driver: "postgres", close: () => pool.end() };
}

async function openPglite(dataDir: string): Promise<Database> {
  const dir = path.resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const unlock = lockFolder(dir);
  try {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    // relaxedDurability stays false (the default): a query resolves only after its writes reached the files.
    const client = await PGlite.create({ dataDir: dir, relaxedDurability: false });
    const db = drizzle(client, { schema }) as unknown as Db;
    return {
      db,
      driver: "pglite",
      close: async () => {
        await client.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

/**
 * PGlite allows one process per folder; a second one would corrupt it. A pid file refuses the second
 * process while the first is alive, and is taken over when its owner died (kill -9).
 */
function lockFolder(dir: string): () => void {
  const file = path.join(dir, "server.pid");
  try {
    writeFileSync(file, String(process.pid), { flag: "wx" });
  } catch {
    const owner = Number(readFileSync(file, "utf8"));
    if (owner && owner !== process.pid && isAlive(owner))
      throw new Error(
        `${dir} is in use by process ${owner}: PGlite allows one process per folder. Stop it, set DATA_DIR, or use DATABASE_URL.`,
      );
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
