/**
 * `npm run images`, run before every build: responsive derivatives of every JPEG/PNG under public/images,
 * in three formats (AVIF, WebP, and a fallback in the source's family: JPEG, or PNG when the source has
 * transparency), written to public/_img/<path>-<width>.<ext>, and the manifest .generated/images.json that
 * the app reads (keyed by the path relative to public/images, e.g. "speakers/1.jpg") with each source's
 * intrinsic width and height (layout and the lightbox need them).
 *
 * Derivatives newer than their source and made with the current encoder settings are kept, so rebuilds
 * are fast; derivatives whose source is gone are deleted. Each source's size, width, height and transparency are
 * kept in .generated/images-sources.json with its size and modification time: a source whose size and time are
 * the record's is not opened at all (issue 65: a publish with no new picture checks 80 of them in a few
 * milliseconds), and sharp itself is loaded only when a source must be read or encoded. Each width is decoded and resized once, then
 * encoded to every missing format. AVIF uses a low encoder effort: CI builds from scratch on 2 cores.
 * Missing placeholder artwork is generated first, so a fresh clone always builds.
 */
import type { Dirent } from "node:fs";
import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type sharpModule from "sharp";
import type { Metadata, Sharp } from "sharp";
import { MAX_IMAGE_PIXELS } from "../app/lib/admin/content";
import { IMAGE_MANIFEST } from "../app/lib/build-outputs";
import { isMain } from "./is-main";

/**
 * 800 w is there for phones of screen density 1.75 to 2 (Lighthouse's phone among them): a picture across a
 * phone's column (about 372 px) asks for 651 px or more there, just over 640 w, and without 800 w got the 960 w
 * copy, 1.4 times the bytes, on the way to the largest paint (issue 52).
 */
export const WIDTHS: readonly number[] = [320, 640, 800, 960, 1280, 1920, 2400];

/** Encoder settings; a change regenerates every derivative (recorded in .generated/images-settings.json). */
export const ENCODERS = {
  avif: { quality: 50, effort: 3, chromaSubsampling: "4:2:0" },
  webp: { quality: 72 },
  jpg: { quality: 75, mozjpeg: true },
  png: { palette: true, compressionLevel: 9 },
} as const;

export type Format = keyof typeof ENCODERS;
const CONCURRENCY = 2;
const SOURCE = /\.(jpe?g|png)$/i;

export interface ManifestEntry {
  /** The source file as it is (full size): the no-JavaScript link target and the lightbox's download. */
  src: string;
  /** Intrinsic size of the source (after EXIF orientation). */
  width: number;
  height: number;
  /** WebP variants; the AVIF and fallback ones have the same names but for the extension. */
  srcset: string;
  /** The fallback format: JPEG, or PNG for a source with transparency. */
  fallback: "jpg" | "png";
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

/** The formats written for a source: AVIF, WebP and a fallback that keeps transparency when there is some. */
export function formatsFor(hasAlpha: boolean): ["avif", "webp", "jpg" | "png"] {
  return ["avif", "webp", hasAlpha ? "png" : "jpg"];
}

const stripExtension = (p: string): string => p.replace(/\.[^./]+$/, "");

/** "speakers/1.jpg", 640 -> "speakers/1-640.webp" (relative to public/_img). */
export function derivativeName(relativePath: string, width: number, format: Format = "webp"): string {
  return `${stripExtension(relativePath)}-${width}.${format}`;
}

/** A path as a URL path: each segment percent-encoded, so spaces and commas cannot break a srcset. */
function urlPath(prefix: string, relativePath: string): string {
  return `${prefix}/${relativePath.split("/").map(encodeURIComponent).join("/")}`;
}

export function srcsetFor(relativePath: string, widths: readonly number[], format: Format = "webp"): string {
  return widths.map((width) => `${urlPath("/_img", derivativeName(relativePath, width, format))} ${width}w`).join(", ");
}

export function manifestEntry(relativePath: string, width: number, height: number, hasAlpha = false): ManifestEntry {
  const [, webp, fallback] = formatsFor(hasAlpha);
  return {
    src: urlPath("/images", relativePath),
    width,
    height,
    srcset: srcsetFor(relativePath, selectWidths(width), webp),
    fallback,
  };
}

/**
 * Whether a derivative must be (re)written: it is missing, not newer than its source, or was made with
 * other encoder settings.
 */
export function isStale(sourceMtimeMs: number, targetMtimeMs: number | undefined, settingsChanged: boolean): boolean {
  return settingsChanged || targetMtimeMs === undefined || targetMtimeMs <= sourceMtimeMs;
}

export const settingsStamp = (): string => `${JSON.stringify({ widths: WIDTHS, encoders: ENCODERS })}\n`;

// ---------------------------------------------------------------------------------------------
// File system work

/** sharp, loaded on first use: a publish with no new picture never needs it (a tenth of a second saved). */
const require = createRequire(import.meta.url);
const sharp = (...args: Parameters<typeof sharpModule>): Sharp => (require("sharp") as typeof sharpModule)(...args);

/**
 * A source's header (nothing is decoded): one declaring more than MAX_IMAGE_PIXELS is refused, named, before a
 * few bytes can make the build decode gigabytes.
 */
export async function readSource(file: string, name: string): Promise<Metadata> {
  const meta = await sharp(file, { limitInputPixels: false }).metadata();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS)
    throw new Error(
      `${name} is too large (${meta.width} × ${meta.height} pixels): replace it with a picture under ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
    );
  return meta;
}

/** A source to decode: sharp refuses more than MAX_IMAGE_PIXELS, whatever its header said. */
export const openSource = (file: string): Sharp => sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS });

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

interface Job {
  source: string;
  width: number;
  /** The formats of this width that are missing or stale. */
  outputs: { format: Format; target: string }[];
}

function encode(image: Sharp, format: Format): Sharp {
  switch (format) {
    case "avif":
      return image.avif(ENCODERS.avif);
    case "webp":
      return image.webp(ENCODERS.webp);
    case "jpg":
      return image.jpeg(ENCODERS.jpg);
    case "png":
      return image.png(ENCODERS.png);
  }
}

/** What the record keeps of a source, valid while its size and modification time are the same. */
export interface SourceRecord {
  size: number;
  mtimeMs: number;
  width: number;
  height: number;
  hasAlpha: boolean;
}
/** The record, relative to the repository (keyed as the manifest: "speakers/1.jpg"). */
export const SOURCES_RECORD = ".generated/images-sources.json";

/** The record kept by the last run; empty when missing or unreadable (every source is then read). */
async function readRecord(file: string): Promise<Record<string, SourceRecord>> {
  const parsed = (await readFile(file, "utf8").then(JSON.parse, () => null)) as unknown;
  return parsed && typeof parsed === "object" ? (parsed as Record<string, SourceRecord>) : {};
}

/** The record's entry for a source when its size and time still match, else null (the source is read again). */
export function recorded(entry: SourceRecord | undefined, now: { size: number; mtimeMs: number }): SourceRecord | null {
  const valid =
    entry &&
    entry.size === now.size &&
    entry.mtimeMs === now.mtimeMs &&
    Number.isInteger(entry.width) &&
    Number.isInteger(entry.height) &&
    typeof entry.hasAlpha === "boolean";
  return valid ? entry : null;
}

export interface MakeImagesResult {
  sources: number;
  written: number;
  upToDate: number;
  removed: number;
  placeholders: number;
}

export async function makeImages(
  root = fileURLToPath(new URL("..", import.meta.url)),
  { placeholders: drawPlaceholders = true } = {},
): Promise<MakeImagesResult> {
  const publicDir = path.join(root, "public");
  const imagesDir = path.join(publicDir, "images");
  const outDir = path.join(publicDir, "_img");
  const manifestFile = path.join(root, IMAGE_MANIFEST);

  let placeholders = 0;
  if (drawPlaceholders) {
    // Loaded only here: the placeholders read the whole content.
    const { generatePlaceholders, missingPlaceholders } = await import("./placeholders");
    if (missingPlaceholders(publicDir).length > 0)
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

  const settingsFile = path.join(root, ".generated", "images-settings.json");
  const settings = settingsStamp();
  const settingsChanged = (await readFile(settingsFile, "utf8").catch(() => "")) !== settings;

  const recordFile = path.join(root, SOURCES_RECORD);
  const previousRecord = await readRecord(recordFile);
  const record: Record<string, SourceRecord> = {};

  const manifest: Manifest = {};
  const jobs: Job[] = [];
  const expected = new Set<string>();
  let upToDate = 0;
  await pool(sources, CONCURRENCY, async (relativePath) => {
    const source = path.join(imagesDir, relativePath);
    const sourceStat = await stat(source);
    const now = { size: sourceStat.size, mtimeMs: sourceStat.mtimeMs };
    let known = recorded(previousRecord[relativePath], now);
    if (!known) {
      const { autoOrient, hasAlpha } = await readSource(source, `public/images/${relativePath}`);
      known = { ...now, width: autoOrient.width, height: autoOrient.height, hasAlpha };
    }
    record[relativePath] = known;
    const { width: sourceWidth, height: sourceHeight, hasAlpha } = known;
    manifest[relativePath] = manifestEntry(relativePath, sourceWidth, sourceHeight, hasAlpha);
    for (const width of selectWidths(sourceWidth)) {
      const outputs: Job["outputs"] = [];
      for (const format of formatsFor(hasAlpha)) {
        const target = path.join(outDir, derivativeName(relativePath, width, format));
        expected.add(target);
        const targetStat = await stat(target).catch(() => undefined);
        if (isStale(sourceStat.mtimeMs, targetStat?.mtimeMs, settingsChanged)) outputs.push({ format, target });
        else upToDate++;
      }
      if (outputs.length > 0) jobs.push({ source, width, outputs });
    }
  });

  // Widest first: the slowest encodes start early, so both workers finish together.
  jobs.sort((a, b) => b.width - a.width);
  await pool(jobs, CONCURRENCY, async ({ source, width, outputs }) => {
    const resized = openSource(source).autoOrient().resize({ width });
    await Promise.all(
      outputs.map(async ({ format, target }) => {
        await mkdir(path.dirname(target), { recursive: true });
        // Write then rename, so an interrupted build never leaves a truncated file that looks fresh.
        const partial = `${target}.partial`;
        await encode(resized.clone(), format).toFile(partial);
        await rename(partial, target);
      }),
    );
  });
  if (settingsChanged) {
    await mkdir(path.dirname(settingsFile), { recursive: true });
    await writeFile(settingsFile, settings);
  }

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
  await writeIfChanged(manifestFile, `${JSON.stringify(sorted, null, 2)}\n`);
  // Only the sources there are now: a deleted picture leaves the record with its derivatives.
  const kept = Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : 1)));
  await writeIfChanged(recordFile, `${JSON.stringify(kept)}\n`);

  const written = jobs.reduce((sum, job) => sum + job.outputs.length, 0);
  return { sources: sources.length, written, upToDate, removed, placeholders };
}

/** Writes `text` to `file` unless it holds it already (written whole, then renamed: never half a file). */
async function writeIfChanged(file: string, text: string): Promise<void> {
  if ((await readFile(file, "utf8").catch(() => "")) === text) return;
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, text);
  await rename(partial, file);
}

/** makeImages with its one-line summary. */
export async function makeImagesNow(options?: Parameters<typeof makeImages>[1]): Promise<string> {
  const started = performance.now();
  const r = await makeImages(undefined, options);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const generated = r.placeholders > 0 ? `${r.placeholders} placeholders generated, ` : "";
  return `images: ${generated}${r.sources} sources, ${r.written} files written (AVIF, WebP, JPEG/PNG), ${r.upToDate} up to date, ${r.removed} stale removed (${seconds}s)`;
}

if (isMain(import.meta.url)) {
  try {
    console.log(await makeImagesNow());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
