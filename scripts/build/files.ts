/** What the build steps share: the files of build/client and the pre-rendered pages among them. */
import { readdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { buildSettings } from "./build-env";
import type * as z from "zod";
import type { Content } from "../../app/content/schemas";
import type { BuildOutput } from "../../app/lib/build-outputs";

/** The build's folder: build/, or BUILD_DIR for a second build beside it (react-router.config.ts, postbuild). */
export const buildDirectory = (repo: string) => path.resolve(repo, buildSettings().dir);

/**
 * Writes one of the files the build hands the server (app/lib/build-outputs.ts), checked against its schema
 * first; answers its path relative to the repository's build folder, for the step's summary.
 */
export async function writeOutput<S extends z.core.$ZodType>(
  buildDir: string,
  output: BuildOutput<S>,
  data: z.input<S>,
  indent?: number,
): Promise<string> {
  (output.schema as unknown as z.ZodType).parse(data);
  await writeFile(path.join(buildDir, output.file), JSON.stringify(data, null, indent) + (indent ? "\n" : ""));
  return `${path.basename(buildDir)}/${output.file}`;
}

export interface BuildContext {
  /** build/ */
  buildDir: string;
  /** build/client/ */
  clientDir: string;
  /** SITE_URL without its trailing slash. */
  siteUrl: string;
  /** The same variables Vite saw (VITE_*, SITE_*). */
  env: Record<string, string | undefined>;
  /** Every pre-rendered page (index.html), sorted by path. */
  pages: PageFile[];
  /** The loaded content, for the steps that write from it (absent in some tests: those steps are skipped). */
  content?: Content;
  /**
   * The live build's folder, in a content-only publish only (the same code: ./renderer.ts): a step may take its
   * result for a file whose bytes are the live build's (./live-files.ts) instead of making it again (issue 65).
   */
  live?: string;
}

export interface PageFile {
  file: string;
  /** "/" for client/index.html, "/about-us" for client/about-us/index.html. */
  page: string;
}

/** One named step of the build after `react-router build`; returns its one-line summary. */
export interface BuildStep {
  name: string;
  run: (ctx: BuildContext) => Promise<string>;
}

export async function walk(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await walk(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}

/** "/" for client/index.html, "/about-us" for client/about-us/index.html. */
export function pagePathOf(clientDir: string, file: string): string {
  const dir = path.relative(clientDir, path.dirname(file));
  return "/" + dir.split(path.sep).filter(Boolean).join("/");
}

export async function findPages(clientDir: string): Promise<PageFile[]> {
  const pages = (await walk(clientDir))
    .filter((f) => path.basename(f) === "index.html")
    .map((file) => ({ file, page: pagePathOf(clientDir, file) }))
    .sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
  if (!pages.some((p) => p.page === "/"))
    throw new Error(`${clientDir}/index.html is missing: did react-router build run?`);
  return pages;
}

/** Runs fn over items, at most `limit` at a time. */
export async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}

/**
 * Writes `data` to a new file, then renames it to `file`: a build stopped half-way (or another at once) leaves no
 * partial file, and a hard link that was there (into the live build) is replaced, never written through.
 */
export async function writeWhole(file: string, data: string | Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}

export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
