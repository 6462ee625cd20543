/**
 * `npm run images`, run before every build: responsive WebP derivatives of every JPEG/PNG under
 * public/images, written to public/_img/<path>-<width>.webp, and the manifest .generated/images.json
 * that the app reads (keyed by the path relative to public/images, e.g. "speakers/1.jpg").
 *
 * Derivatives newer than their source are kept, so rebuilds are fast; derivatives whose source is
 * gone are deleted. Missing placeholder artwork is generated first, so a fresh clone always builds.
 */
import type { Dirent } from "node:fs";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { generatePlaceholders, missingPlaceholders } from "./placeholders";
import { isMain } from "./is-main";

export const WIDTHS: readonly number[] = [320, 640, 960, 1280, 1920, 2400];
export const QUALITY = 72;
const CONCURRENCY = 2;
const SOURCE = /\.(jpe?g|png)$/i;

export interface ManifestEntry {
  src: string;
  width: number;
  height: number;
  srcset: string;
}
export type Manifest = Record<string, ManifestEntry>;

// ---------------------------------------------------------------------------------------------
// Pure helpers (unit-tested in images.test.ts)

/** The candidate widths not larger than the source; the source width alone if none fits. */
export function selectWidths(sourceWidth: number, candidates: readonly number[] = WIDTHS): number[] {
  if (!Number.isInteger(sourceWidth) || sourceWidth <= 0) {
    throw new RangeError(`Invalid image width: ${sourceWidth}`);
  }
  const fitting = candidates.filter((width) => width <= sourceWidth);
  return fitting.length > 0 ? fitting : [sourceWidth];
}

const stripExtension = (p: string): string => p.replace(/\.[^./]+$/, "");

/** "speakers/1.jpg", 640 -> "speakers/1-640.webp" (relative to public/_img). */
export function derivativeName(relativePath: string, width: number): string {
  return `${stripExtension(relativePath)}-${width}.webp`;
}

/** A path as a URL path: each segment percent-encoded, so spaces and commas cannot break a srcset. */
function urlPath(prefix: string, relativePath: string): string {
  return `${prefix}/${relativePath.split("/").map(encodeURIComponent).join("/")}`;
}

export function srcsetFor(relativePath: string, widths: readonly number[]): string {
  return widths.map((width) => `${urlPath("/_img", derivativeName(relativePath, width))} ${width}w`).join(", ");
}

export function manifestEntry(relativePath: string, width: number, height: number): ManifestEntry {
  return {
    src: urlPath("/images", relativePath),
    width,
    height,
    srcset: srcsetFor(relativePath, selectWidths(width)),
  };
}

// ---------------------------------------------------------------------------------------------
// File system work

const toPosix = (p: string): string => p.split(path.sep).join("/");

async function listFiles(dir: string): Promise<Dirent[]> {
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile());
}

/** Runs `task` over `items`, at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Deletes empty folders under `dir` (deepest first), keeping `dir` itself. */
async function removeEmptyDirs(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const dirs = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort((a, b) => b.length - a.length);
  for (const folder of dirs) {
    if ((await readdir(folder)).length === 0) await rmdir(folder);
  }
}

export interface MakeImagesResult {
  sources: number;
  written: number;
  upToDate: number;
  removed: number;
  placeholders: number;
}

export async function makeImages(root = fileURLToPath(new URL("..", import.meta.url))): Promise<MakeImagesResult> {
  const publicDir = path.join(root, "public");
  const imagesDir = path.join(publicDir, "images");
  const outDir = path.join(publicDir, "_img");
  const manifestFile = path.join(root, ".generated", "images.json");

  let placeholders = 0;
  if (missingPlaceholders(publicDir).length > 0) {
    placeholders = (await generatePlaceholders({ publicDir })).written.length;
  }

  const sources = (await listFiles(imagesDir))
    .map((entry) => toPosix(path.relative(imagesDir, path.join(entry.parentPath, entry.name))))
    .filter((relativePath) => SOURCE.test(relativePath))
    .sort();

  // "a.jpg" and "a.png" would share derivative names.
  const stems = new Map<string, string>();
  for (const relativePath of sources) {
    const stem = stripExtension(relativePath);
    const other = stems.get(stem);
    if (other) throw new Error(`public/images/${other} and ${relativePath} would share derivative names; rename one.`);
    stems.set(stem, relativePath);
  }

  const manifest: Manifest = {};
  const jobs: { source: string; target: string; width: number }[] = [];
  const expected = new Set<string>();
  let upToDate = 0;
  await pool(sources, CONCURRENCY, async (relativePath) => {
    const source = path.join(imagesDir, relativePath);
    const [{ autoOrient }, sourceStat] = await Promise.all([sharp(source).metadata(), stat(source)]);
    manifest[relativePath] = manifestEntry(relativePath, autoOrient.width, autoOrient.height);
    for (const width of selectWidths(autoOrient.width)) {
      const target = path.join(outDir, derivativeName(relativePath, width));
      expected.add(target);
      const targetStat = await stat(target).catch(() => undefined);
      if (targetStat && targetStat.mtimeMs > sourceStat.mtimeMs) upToDate++;
      else jobs.push({ source, target, width });
    }
  });

  await pool(jobs, CONCURRENCY, async ({ source, target, width }) => {
    await mkdir(path.dirname(target), { recursive: true });
    // Write then rename, so an interrupted build never leaves a truncated file that looks fresh.
    const partial = `${target}.partial`;
    await sharp(source).autoOrient().resize({ width }).webp({ quality: QUALITY }).toFile(partial);
    await rename(partial, target);
  });

  let removed = 0;
  for (const entry of await listFiles(outDir)) {
    const file = path.join(entry.parentPath, entry.name);
    if (!expected.has(file)) {
      await rm(file);
      removed++;
    }
  }
  await removeEmptyDirs(outDir);

  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => (a < b ? -1 : 1)));
  const json = `${JSON.stringify(sorted, null, 2)}\n`;
  const previous = await readFile(manifestFile, "utf8").catch(() => "");
  if (json !== previous) {
    await mkdir(path.dirname(manifestFile), { recursive: true });
    await writeFile(manifestFile, json);
  }

  return { sources: sources.length, written: jobs.length, upToDate, removed, placeholders };
}

if (isMain(import.meta.url)) {
  const started = performance.now();
  try {
    const r = await makeImages();
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const generated = r.placeholders > 0 ? `${r.placeholders} placeholders generated, ` : "";
    console.log(
      `images: ${generated}${r.sources} sources, ${r.written} WebP written, ${r.upToDate} up to date, ${r.removed} stale removed (${seconds}s)`,
    );
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
