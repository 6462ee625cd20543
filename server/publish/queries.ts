/**
 * Where builds are kept (issue 31): each in a folder of its own under BUILDS_DIR (`<id>/client`, headers.json,
 * build.json…), never changed once written, and recorded in the database's schema "site". With a shared
 * database (DATABASE_URL) a build's files are stored there too, each file's bytes once by SHA-256, so every
 * other server can fetch a build it has not made. The live build is one row (site.live).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, desc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { buildIdSchema, type BuildInfo } from "../../app/lib/admin/publish";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { outputFile } from "./outputs";
import type { Db } from "../db/client";
import { addJob } from "../jobs/queries";
import { blobs, buildFiles, builds, liveBuild, publishJobs } from "../db/schema";

/** Builds kept (the live one always, and the newest ones for a roll back). */
export const KEEP_BUILDS = 3;
/** Blobs sent or fetched per statement. */
const BATCH_BYTES = 8 * 1024 * 1024;

export interface BuildStore {
  db: Db;
  /** BUILDS_DIR: this server's build folders. */
  dir: string;
  /** Store each build's files in the database (a database other servers share). */
  shared: boolean;
}

/** The folder of a build; the id is checked first, so it can never name another path. */
export function buildFolder(store: BuildStore, id: string): string {
  return path.join(store.dir, buildIdSchema.parse(id));
}

/** build.json of a folder, or null when it has none (an incomplete build) or it is not valid. */
export function readBuildInfo(folder: string): BuildInfo | null {
  try {
    const { schema } = BUILD_OUTPUTS.buildInfo;
    const parsed = schema.safeParse(JSON.parse(readFileSync(outputFile(folder, BUILD_OUTPUTS.buildInfo), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Regular files under dir, relative with "/", dotfiles left out. */
async function filesOf(dir: string, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await filesOf(dir, child)));
    else if (entry.isFile()) out.push(child);
  }
  return out;
}

/**
 * Records a complete build folder (moving it under BUILDS_DIR when it is elsewhere: `move`, or a copy when
 * the folder must stay, as build/ does) and, on a shared database, stores its files. Answers its build.json,
 * and whether the database did not know it yet.
 */
export async function addBuild(
  store: BuildStore,
  source: string,
  how: "move" | "copy",
): Promise<BuildInfo & { added: boolean }> {
  const info = readBuildInfo(source);
  if (!info) throw new Error(`${source} is not a complete build (no valid build.json): run npm run build.`);
  const folder = buildFolder(store, info.id);
  if (path.resolve(source) !== folder && !readBuildInfo(folder)) {
    await mkdir(store.dir, { recursive: true });
    await rm(folder, { recursive: true, force: true });
    const moved = how === "move" && (await rename(source, folder).then(() => true, crossDevice));
    if (!moved) {
      const temporary = `${path.join(store.dir, ".copy-")}${info.id}`;
      await rm(temporary, { recursive: true, force: true });
      await cp(source, temporary, { recursive: true, preserveTimestamps: true });
      await rename(temporary, folder);
      if (how === "move") await rm(source, { recursive: true, force: true });
    }
  }
  const added = await store.db
    .insert(builds)
    .values({ id: info.id, builtAt: new Date(info.builtAt), commit: info.commit })
    .onConflictDoNothing()
    .returning({ id: builds.id });
  if (store.shared) await storeFiles(store, info.id, folder);
  return { ...info, added: added.length > 0 };
}

/** false for a rename across file systems (then the folder is copied); any other error is thrown. */
function crossDevice(error: NodeJS.ErrnoException): false {
  if (error.code === "EXDEV") return false;
  throw error;
}

/** Stores a build's files in the database (once; in one transaction, so a build is stored whole or not). */
async function storeFiles(store: BuildStore, id: string, folder: string): Promise<void> {
  const [row] = await store.db.select({ stored: builds.stored }).from(builds).where(eq(builds.id, id));
  if (row?.stored) return;
  const files = await Promise.all(
    (await filesOf(folder)).map(async (rel) => {
      const file = path.join(folder, ...rel.split("/"));
      const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
      const hash = createHash("sha256").update(bytes).digest("hex");
      return { rel, bytes, mtimeMs: Math.round(info.mtimeMs), hash };
    }),
  );
  await store.db.transaction(async (tx) => {
    const hashes = [...new Set(files.map((f) => f.hash))];
    const known = new Set<string>();
    for (let i = 0; i < hashes.length; i += 1000) {
      const rows = await tx
        .select({ hash: blobs.hash })
        .from(blobs)
        .where(inArray(blobs.hash, hashes.slice(i, i + 1000)));
      rows.forEach((r) => known.add(r.hash));
    }
    let batch: { hash: string; bytes: Buffer }[] = [];
    let size = 0;
    const flush = async () => {
      if (batch.length) await tx.insert(blobs).values(batch).onConflictDoNothing();
      batch = [];
      size = 0;
    };
    for (const f of files) {
      if (known.has(f.hash)) continue;
      known.add(f.hash);
      batch.push({ hash: f.hash, bytes: f.bytes });
      size += f.bytes.byteLength;
      if (size >= BATCH_BYTES) await flush();
    }
    await flush();
    for (let i = 0; i < files.length; i += 500)
      await tx
        .insert(buildFiles)
        .values(files.slice(i, i + 500).map((f) => ({ buildId: id, path: f.rel, hash: f.hash, mtimeMs: f.mtimeMs })))
        .onConflictDoNothing();
    await tx.update(builds).set({ stored: true }).where(eq(builds.id, id));
  });
}

/** The build's folder, fetched from the database first when this server does not have it. */
export async function ensureLocal(store: BuildStore, id: string): Promise<string> {
  const folder = buildFolder(store, id);
  if (readBuildInfo(folder)) return folder;
  const rows = await store.db
    .select({ path: buildFiles.path, hash: buildFiles.hash, mtimeMs: buildFiles.mtimeMs })
    .from(buildFiles)
    .where(eq(buildFiles.buildId, id));
  if (rows.length === 0) throw new Error(`Build ${id} is neither on this server nor in the database.`);
  const temporary = `${path.join(store.dir, ".fetch-")}${id}`;
  await rm(temporary, { recursive: true, force: true });
  const byHash = new Map<string, typeof rows>();
  for (const row of rows) byHash.set(row.hash, [...(byHash.get(row.hash) ?? []), row]);
  const hashes = [...byHash.keys()];
  // A few hundred small files, or fewer large ones, per statement.
  for (let i = 0; i < hashes.length; i += 200) {
    const found = await store.db
      .select({ hash: blobs.hash, bytes: blobs.bytes })
      .from(blobs)
      .where(inArray(blobs.hash, hashes.slice(i, i + 200)));
    for (const { hash, bytes } of found)
      for (const row of byHash.get(hash) ?? []) {
        const file = path.join(temporary, ...row.path.split("/").filter((s) => s !== ".." && s !== ""));
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, bytes);
        await utimes(file, row.mtimeMs / 1000, row.mtimeMs / 1000);
      }
  }
  if (!readBuildInfo(temporary)) throw new Error(`Build ${id} in the database is incomplete.`);
  await rm(folder, { recursive: true, force: true });
  await rename(temporary, folder);
  return folder;
}

export interface LiveRow {
  info: BuildInfo;
  switchedAt: Date;
  switchedBy: string | null;
}

const infoOf = (row: { id: string; builtAt: Date; commit: string | null }): BuildInfo => ({
  id: row.id,
  builtAt: row.builtAt.toISOString(),
  commit: row.commit,
});

/** The build every server should serve, or null before the first one. */
export async function liveRow(db: Db): Promise<LiveRow | null> {
  const [row] = await db
    .select({
      id: builds.id,
      builtAt: builds.builtAt,
      commit: builds.commit,
      switchedAt: liveBuild.switchedAt,
      switchedBy: liveBuild.switchedBy,
    })
    .from(liveBuild)
    .innerJoin(builds, eq(builds.id, liveBuild.buildId));
  return row ? { info: infoOf(row), switchedAt: row.switchedAt, switchedBy: row.switchedBy } : null;
}

export async function setLive(db: Db, id: string, by: string | null): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(liveBuild)
      .values({ onlyRow: true, buildId: id, switchedBy: by })
      .onConflictDoUpdate({ target: liveBuild.onlyRow, set: { buildId: id, switchedBy: by, switchedAt: sql`now()` } });
    // A publish's alerts (issue 54): owed from the switch on, their job committed with it, run by any server.
    if (await owedAlerts(tx, id)) await addJob(tx, "alerts", { key: `alerts-${id}`, payload: { buildId: id } });
  });
}

/** The newest builds, newest first. */
export async function recentBuilds(db: Db, limit = KEEP_BUILDS): Promise<BuildInfo[]> {
  const rows = await db
    .select({ id: builds.id, builtAt: builds.builtAt, commit: builds.commit })
    .from(builds)
    .orderBy(desc(builds.builtAt))
    .limit(limit);
  return rows.map(infoOf);
}

/**
 * Forgets builds older than the newest KEEP_BUILDS (never the live one): their rows and files in the
 * database, then this server's folders of builds it no longer needs (`inUse`: the one it serves) and leftovers
 * of interrupted copies.
 */
export async function prune(store: BuildStore, inUse: string[]): Promise<void> {
  const live = await liveRow(store.db);
  // A build whose publish's alerts are still owed is compared with the one it replaced: both are kept till then.
  const owed = await store.db
    .select({ replaced: builds.replaced })
    .from(builds)
    .where(and(isNotNull(builds.replaced), isNull(builds.alertedAt)));
  const keep = new Set([
    ...(await recentBuilds(store.db)).map((b) => b.id),
    ...(live ? [live.info.id] : []),
    ...owed.map((b) => b.replaced!),
    ...inUse,
  ]);
  await store.db.transaction(async (tx) => {
    const all = await tx.select({ id: builds.id }).from(builds);
    const old = all.map((b) => b.id).filter((id) => !keep.has(id));
    if (old.length === 0) return;
    await tx.delete(builds).where(inArray(builds.id, old));
    await tx.execute(
      sql`DELETE FROM site.blobs b WHERE NOT EXISTS (SELECT 1 FROM site.build_files f WHERE f.hash = b.hash)`,
    );
  });
  if (!existsSync(store.dir)) return;
  for (const name of await readdir(store.dir))
    if (!keep.has(name)) await rm(path.join(store.dir, name), { recursive: true, force: true });
}

// Publish jobs (server/publish/publisher.ts): one queued or running at a time across every server (a unique index).

export type JobRow = typeof publishJobs.$inferSelect;
const ACTIVE = ["queued", "running"] as const;

/** Marks failed the active jobs whose heartbeat is older than `before` (their server stopped). */
export async function failStaleJobs(db: Db, before: Date): Promise<void> {
  await db
    .update(publishJobs)
    .set({
      state: "failed",
      error: "The server running this publish stopped before it finished.",
      finishedAt: new Date(),
    })
    .where(and(inArray(publishJobs.state, [...ACTIVE]), lt(publishJobs.heartbeatAt, before)));
}

/** A new queued job, or undefined when another is queued or running. */
export async function insertJob(db: Db, requestedBy: string): Promise<JobRow | undefined> {
  const [row] = await db.insert(publishJobs).values({ state: "queued", requestedBy }).onConflictDoNothing().returning();
  return row;
}

export async function activeJob(db: Db): Promise<JobRow | undefined> {
  const [row] = await db
    .select()
    .from(publishJobs)
    .where(inArray(publishJobs.state, [...ACTIVE]));
  return row;
}

export async function jobById(db: Db, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(publishJobs).where(eq(publishJobs.id, id));
  return row;
}

export function recentJobs(db: Db, limit: number): Promise<JobRow[]> {
  return db.select().from(publishJobs).orderBy(desc(publishJobs.id)).limit(limit);
}

export async function updateJob(db: Db, id: number, values: Partial<JobRow>): Promise<void> {
  await db.update(publishJobs).set(values).where(eq(publishJobs.id, id));
}

/** A publish is about to make `id` live in place of `replaced`: its alerts are owed until markAlerted. */
export async function markReplacing(db: Db, id: string, replaced: string | null): Promise<void> {
  await db.update(builds).set({ replaced, alertedAt: null }).where(eq(builds.id, id));
}

export async function markAlerted(db: Db, id: string, at: Date): Promise<void> {
  await db.update(builds).set({ alertedAt: at }).where(eq(builds.id, id));
}

/** The build a publish made live and whose alerts were not queued yet (a server stopped between the two). */
export async function owedAlerts(db: Db, liveId: string): Promise<{ replaced: string } | null> {
  const [row] = await db
    .select({ replaced: builds.replaced, alertedAt: builds.alertedAt })
    .from(builds)
    .where(eq(builds.id, liveId));
  return row?.replaced && !row.alertedAt ? { replaced: row.replaced } : null;
}
