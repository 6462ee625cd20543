/**
 * `npm run backup [-- FILE]`: a consistent copy of the database, taken while the server runs (see
 * server/db/backup.ts). The database is the server's: DATABASE_URL, else the embedded one in DATA_DIR
 * (default data/). FILE defaults to backups/tncc-<date>.jsonl.gz; it is written beside (a new file of its own,
 * never one that exists), synced, then renamed, and readable by its owner only (it holds personal data).
 */
import { once } from "node:events";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, openSync, closeSync, fsyncSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { createGzip } from "node:zlib";
import { backup } from "../server/db/backup";
import { configOrExit, REPO } from "../server/config";
import { attachDatabase } from "../server/db/client";

const { DATA_DIR: dataDir, DATABASE_URL: databaseUrl } = configOrExit();
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const file = path.resolve(process.argv[2] ?? path.join(REPO, "backups", `tncc-${stamp}.jsonl.gz`));

if (!databaseUrl && !existsSync(path.join(dataDir, "pg", "PG_VERSION"))) {
  console.error(`No database in ${dataDir} (set DATA_DIR or DATABASE_URL).`);
  process.exit(1);
}
mkdirSync(path.dirname(file), { recursive: true });
const database = await attachDatabase({
  databaseUrl: databaseUrl,
  dataDir,
  poolSize: 1,
  skipMigrations: true,
});
// A random name, created here ("wx" fails on any file or link already there): nobody else can have made it.
const partial = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(8).toString("hex")}.partial`);
const gzip = createGzip();
const out = gzip.pipe(createWriteStream("", { fd: openSync(partial, "wx", 0o600) }));
try {
  const counts = await backup(database.db, async (line) => {
    if (!gzip.write(line + "\n")) await once(gzip, "drain");
  });
  gzip.end();
  await once(out, "finish");
  const fd = openSync(partial, "r");
  fsyncSync(fd);
  closeSync(fd);
  renameSync(partial, file);
  const rows = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`Backup written: ${file} (${rows} rows in ${Object.keys(counts).length} tables)`);
} finally {
  rmSync(partial, { force: true });
  await database.close();
}
