/**
 * Build step, always the last one: `.br` (quality 11) and `.gz` (level 9) copies of every text file at
 * or over the compress threshold (server/http-policy.ts), which the server sends as they are. Then it
 * checks that no such file lacks a fresh copy, so a file written by an earlier step is never missed. A file
 * unchanged since an earlier build gets that build's copies (./compressed-cache.ts) instead of new ones.
 */
import { readFile, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { shouldPrecompress } from "../../server/http-policy";
import { cachedCompress, pruneCompressedCache } from "./compressed-cache";
import { eachLimit, kib, walk, type BuildStep } from "./files";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const isCopy = (file: string) => /\.(br|gz)$/.test(file);

/** Files under clientDir that should have `.br` and `.gz` copies, with their sizes. */
async function compressible(clientDir: string): Promise<{ file: string; size: number; mtimeMs: number }[]> {
  const out: { file: string; size: number; mtimeMs: number }[] = [];
  for (const file of await walk(clientDir)) {
    if (isCopy(file)) continue;
    const { size, mtimeMs } = await stat(file);
    if (shouldPrecompress(file, size)) out.push({ file, size, mtimeMs });
  }
  return out;
}

/** The files over the threshold that lack a `.br` or `.gz` copy at least as new as they are. */
export async function missingCompressed(clientDir: string): Promise<string[]> {
  const missing: string[] = [];
  for (const { file, mtimeMs } of await compressible(clientDir)) {
    for (const ext of [".br", ".gz"]) {
      const copy = await stat(file + ext).catch(() => null);
      if (!copy?.isFile() || copy.mtimeMs < mtimeMs) missing.push(file + ext);
    }
  }
  return missing;
}

export const precompressStep: BuildStep = {
  name: "precompress",
  async run({ clientDir }) {
    const files = await compressible(clientDir);
    let raw = 0;
    let br = 0;
    await eachLimit(files, availableParallelism(), async ({ file, size }) => {
      const data = await readFile(file);
      // An unchanged file's copies come from an earlier build (./compressed-cache.ts): same bytes, same settings.
      const [b, g] = await Promise.all([
        cachedCompress("br-11-text", data, () =>
          brotli(data, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 11,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: size,
            },
          }),
        ),
        cachedCompress("gzip-9", data, () => gzipAsync(data, { level: 9 })),
      ]);
      await writeFile(file + ".br", b);
      await writeFile(file + ".gz", g);
      raw += size;
      br += b.byteLength;
    });
    await pruneCompressedCache();
    const missing = await missingCompressed(clientDir);
    if (missing.length > 0) throw new Error(`precompress: no fresh copy for ${missing.slice(0, 5).join(", ")}`);
    return `precompress: ${files.length} files (${kib(raw)} -> ${kib(br)} br), each with .br and .gz`;
  },
};
