/**
 * `npm run restore -- FILE`: restores a backup of `npm run backup` into an empty database: DATABASE_URL
 * (an empty database), else the embedded one in DATA_DIR (default data/), which must hold no database
 * yet. All or nothing: a file cut short or from a newer version leaves the database empty.
 */
import { createReadStream, existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { createGunzip } from "node:zlib";
import { restore } from "../server/db/backup";
import { configOrExit } from "../server/config";
import { openDatabase } from "../server/db/client";

const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = configOrExit();
const file = process.argv[2];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}
if (!file) fail("Usage: npm run restore -- FILE (a backup written by npm run backup)");
if (!existsSync(file)) fail(`No such file: ${file}`);
if (!databaseUrl && existsSync(path.join(dataDir, "pg", "PG_VERSION")))
  fail(`${dataDir} already holds a database: restore into an empty folder (set DATA_DIR) or move it away first.`);

const database = await openDatabase({
  databaseUrl: databaseUrl,
  dataDir,
  poolSize: 1,
  skipMigrations: true,
});
try {
  const input = createReadStream(file).pipe(createGunzip());
  // The iterator is taken at once: one taken after readline has closed (a small file) would wait forever.
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const counts = await restore(database.db, lines);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Restored ${rows} rows from ${file}.`);
} catch (error) {
  console.error(`Nothing restored: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
