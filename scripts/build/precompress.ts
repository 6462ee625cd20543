/**
 * Build step, always the last one: `.br` (quality 11) and `.gz` (level 9) copies of every text file at
 * or over the compress threshold (server/http-policy.ts), which the server sends as they are. Then it
 * checks that no such file lacks a fresh copy, so a file written by an earlier step is never missed. A file
 * unchanged since an earlier build gets that build's copies (./compressed-cache.ts) instead of new ones; in a
 * content-only publish, a file whose bytes are the live build's gets the live build's copies without being
 * hashed or compressed (issue 65: copied, or linked when the file itself is a link to the live build's). Copies
 * are written whole and renamed, never in place: one may be a link into the live build.
 */
import { copyFileSync, linkSync, rmSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { shouldPrecompress } from "../../server/http-policy";
import { cachedCompress, pruneCompressedCache } from "./compressed-cache";
import { eachLimit, kib, walk, writeWhole, type BuildStep } from "./files";
import { sameAsLive } from "./live-files";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const isCopy = (file: string) => /\.(br|gz)$/.test(file);

/** Files under clientDir that should have `.br` and `.gz` copies, with their sizes. */
async function compressible(clientDir: string): Promise<{ file: string; size: number; mtimeMs: number }[]> {
  const out: { file: string; size: number; mtimeMs: number }[] = [];
  for (const file of await walk(clientDir)) {
    if (isCopy(file)) continue;
    // Synchronous: a stat each for hundreds of files (./live-files.ts says why).
    const { size, mtimeMs } = statSync(file);
    if (shouldPrecompress(file, size)) out.push({ file, size, mtimeMs });
  }
  return out;
}

/** The files over the threshold that lack a `.br` or `.gz` copy at least as new as they are. */
export async function missingCompressed(clientDir: string): Promise<string[]> {
  const missing: string[] = [];
  for (const { file, mtimeMs } of await compressible(clientDir)) {
    for (const ext of [".br", ".gz"]) {
      const copy = statSync(file + ext, { throwIfNoEntry: false });
      if (!copy?.isFile() || copy.mtimeMs < mtimeMs) missing.push(file + ext);
    }
  }
  return missing;
}

const COPIES = [".br", ".gz"] as const;

/** A file's `.gz` copy (level 9), from the cache when a build made it of these bytes before. */
const gzipCopy = (data: Buffer): Promise<Buffer> => cachedCompress("gzip-9", data, () => gzipAsync(data, { level: 9 }));

/**
 * Starts compressing `files` (the pages, final once the hydrate step rewrote them) in the background, in a
 * content-only publish: those whose bytes are not the live build's. The steps between mostly keep one core busy
 * (the share images are drawn on the main thread); compression runs on the other, and precompress then finds
 * the copies made or being made (./compressed-cache.ts). A failure here is left to precompress to meet again.
 */
export function compressAhead(clientDir: string, live: string, files: readonly string[]): void {
  const todo = files.filter((file) => {
    const size = statSync(file, { throwIfNoEntry: false })?.size;
    return (
      size !== undefined &&
      shouldPrecompress(file, size) &&
      !sameAsLive(clientDir, live, path.relative(clientDir, file))
    );
  });
  // The largest first: the longest compressions start early.
  todo.sort((a, b) => statSync(b).size - statSync(a).size);
  void eachLimit(todo, 2, async (file) => {
    const data = await readFile(file);
    await Promise.all([brotliCopy(data), gzipCopy(data)]);
  }).catch(() => {});
}

/**
 * A file's `.br` copy (quality 11, text mode), from the cache when a build made it of these bytes before: the
 * service worker's step asks first, for the bytes its precache carries over the wire (./service-worker.ts).
 */
export const brotliCopy = (data: Buffer): Promise<Buffer> =>
  cachedCompress("br-11-text", data, () =>
    brotli(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.byteLength,
      },
    }),
  );

/**
 * The live build's copies of `file` when its bytes are the live build's and it has them: answers the size of its
 * `.br`, else null (the file is compressed as in any build). Synchronous, as ./live-files.ts says why.
 */
function fromLive(clientDir: string, live: string, file: string): number | null {
  const same = sameAsLive(clientDir, live, path.relative(clientDir, file));
  if (!same) return null;
  const copies = COPIES.map((ext) => statSync(same.file + ext, { throwIfNoEntry: false }));
  if (copies.some((copy) => !copy?.isFile())) return null;
  for (const ext of COPIES) {
    // A copy there already is replaced, never written through (it could be a link).
    rmSync(file + ext, { force: true });
    if (!same.linked) copyFileSync(same.file + ext, file + ext);
    else
      try {
        // A link keeps the copy's time, which is then no older than the file (the live build's file too).
        linkSync(same.file + ext, file + ext);
      } catch {
        copyFileSync(same.file + ext, file + ext);
      }
  }
  return copies[0]!.size;
}

export const precompressStep: BuildStep = {
  name: "precompress",
  async run({ clientDir, live }) {
    const files = await compressible(clientDir);
    let raw = 0;
    let br = 0;
    let kept = 0;
    await eachLimit(files, availableParallelism(), async ({ file, size }) => {
      const reused = live ? fromLive(clientDir, live, file) : null;
      if (reused !== null) {
        raw += size;
        br += reused;
        kept++;
        return;
      }
      const data = await readFile(file);
      // An unchanged file's copies come from an earlier build (./compressed-cache.ts): same bytes, same settings.
      const [b, g] = await Promise.all([brotliCopy(data), gzipCopy(data)]);
      await writeWhole(file + ".br", b);
      await writeWhole(file + ".gz", g);
      raw += size;
      br += b.byteLength;
    });
    await pruneCompressedCache();
    const missing = await missingCompressed(clientDir);
    if (missing.length > 0) throw new Error(`precompress: no fresh copy for ${missing.slice(0, 5).join(", ")}`);
    const fromLiveBuild = live ? `, ${kept} of them the live build's` : "";
    return `precompress: ${files.length} files (${kib(raw)} -> ${kib(br)} br), each with .br and .gz${fromLiveBuild}`;
  },
};
