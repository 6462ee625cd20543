/**
 * Compressed copies kept between builds under .generated/compressed/, by what was compressed (a SHA-256 of
 * the bytes) and how (`kind`: the method and its settings), so a file that did not change since the last
 * build (the scripts, styles, fonts and most pages after a one-field publish) is not compressed again
 * (issue 41). Same bytes in, same settings: the same copy out. Entries unused for CACHE_DAYS are removed.
 */
import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { writeWhole } from "./files";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const COMPRESSED_CACHE_DIR = path.join(repo, ".generated/compressed");
const CACHE_DAYS = 14;

/** The copies being made in this process, by cache file: a second ask for one waits for it (issue 65). */
const making = new Map<string, Promise<Buffer>>();

/**
 * `make(data)`'s answer for these bytes and this kind, from the cache when an earlier build made it, or from the
 * same ask made earlier in this process and not finished yet (a content-only publish compresses its new pages
 * ahead, while other steps run: ./precompress.ts compressAhead).
 */
export function cachedCompress(
  kind: string,
  data: Buffer,
  make: (data: Buffer) => Promise<Buffer> | Buffer,
  cacheDir = COMPRESSED_CACHE_DIR,
): Promise<Buffer> {
  const key = createHash("sha256").update(kind).update("\0").update(data).digest("hex");
  const file = path.join(cacheDir, key.slice(0, 2), key);
  const pending = making.get(file);
  if (pending) return pending;
  const made = readOrMake(file, data, make);
  making.set(file, made);
  const done = () => void making.delete(file);
  made.then(done, done);
  return made;
}

async function readOrMake(
  file: string,
  data: Buffer,
  make: (data: Buffer) => Promise<Buffer> | Buffer,
): Promise<Buffer> {
  const cached = await readFile(file).catch(() => null);
  if (cached) {
    // Used now: kept by the clean-up.
    const now = new Date();
    await utimes(file, now, now).catch(() => {});
    return cached;
  }
  const made = await make(data);
  await mkdir(path.dirname(file), { recursive: true });
  await writeWhole(file, made);
  return made;
}

/** The file whose time says when the cache was last pruned. */
const PRUNED = ".pruned";

/**
 * Removes the entries no build used for CACHE_DAYS, at most once a day: looking at every entry takes most of a
 * second once the cache holds thousands, which a publish would wait for each time.
 */
export async function pruneCompressedCache(cacheDir = COMPRESSED_CACHE_DIR, now = Date.now()): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const marker = path.join(cacheDir, PRUNED);
  const last = await stat(marker).catch(() => null);
  if (last && now - last.mtimeMs < day && last.mtimeMs <= now) return;
  await mkdir(cacheDir, { recursive: true });
  await writeFile(marker, "");
  await utimes(marker, new Date(now), new Date(now));
  const limit = now - CACHE_DAYS * day;
  for (const folder of await readdir(cacheDir).catch(() => [])) {
    const dir = path.join(cacheDir, folder);
    for (const name of await readdir(dir).catch(() => [])) {
      const file = path.join(dir, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtimeMs < limit) await rm(file, { force: true });
    }
  }
}
