/**
 * The offline service worker (build/client/sw.js), a step of scripts/postbuild.ts after every step that
 * writes pages or files (a Vite PWA plugin would run before the HTML exists): ./offline-worker.ts is
 * bundled with Vite (the last bundle reused while nothing it was made from changed), then workbox-build's
 * injectManifest puts the precache list in it.
 *
 * It precaches what a visitor needs at the venue: the home page, the schedule, every session and speaker
 * page, /agenda, FAQs and contact (HTML and .data), the scripts and styles those pages load, the fonts,
 * and the AVIF pictures they show at phone width (640 w); and the page shell of the buyer's tickets
 * (/tickets/<token>: its order is kept by the page itself) and of the door's check-in (/checkin, issue 43: its
 * attendee list is kept by the page, its QR reader is loaded with it). /api/* and /admin are never cached. The worker
 * stores text gzip-compressed, so the room it takes on the phone is about the gzip size of the files.
 */
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { gzipSync } from "node:zlib";
import * as z from "zod";
import { COMPRESSIBLE_TYPES, contentTypeFor, isCompressible } from "../../server/http-policy";
import { BUILD_OUTPUTS, PrecacheSummarySchema } from "../../app/lib/build-outputs";
import { cachedCompress } from "./compressed-cache";
import { kib, writeWhole } from "./files";
import { sameAsLive } from "./live-files";
import { brotliCopy } from "./precompress";

/**
 * At most 1.5 MB, counted as the phone stores it: text gzip-compressed by the worker, pictures and fonts as
 * they are. The bench also prints the bytes over the wire (brotli) and the plain total.
 */
export const PRECACHE_BUDGET = 1.5 * 1024 * 1024;

/** Pages precached with their .data file (content paths are added by the caller). */
export const OFFLINE_PAGES = ["/", "/schedule", "/agenda", "/changes", "/faqs", "/contact"];

/** The page shell of the routes rendered in the browser (server/static.ts serves it for them). */
const SPA_FALLBACK = "__spa-fallback.html";
/** The address the tickets' shell is precached under: ./offline-worker.ts answers /tickets/* offline with it. */
export const TICKETS_SHELL = "/tickets";
/** Other browser-only pages the worker answers with the same shell offline: the door's check-in (issue 43). */
export const SHELL_PAGES = [TICKETS_SHELL, "/checkin"];
/** The route ids (app/routes.ts) whose code the shell needs offline. */
const TICKETS_ROUTES = ["routes/tickets", "routes/ticket-order", "routes/checkin"];

/** The scripts and styles of some routes, from the route manifest (`/assets/manifest-*.js`) a page loads. */
async function routeFiles(clientDir: string, html: string, ids: string[]): Promise<string[]> {
  const file = referenced(html, /\/assets\/manifest-[\w.-]+\.js/g)[0];
  if (!file) throw new Error(`service worker: ${SPA_FALLBACK} names no route manifest`);
  const text = await readFile(path.join(clientDir, file), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as {
    routes: Record<string, { module: string; imports?: string[]; css?: string[] }>;
  };
  return ids.flatMap((id) => {
    const route = manifest.routes[id];
    if (!route) throw new Error(`service worker: the route manifest has no route ${id}`);
    return [route.module, ...(route.imports ?? []), ...(route.css ?? [])].map((url) => url.slice(1));
  });
}

const WORKER_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), "offline-worker.ts");

const htmlFile = (page: string) => (page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
const dataFile = (page: string) => (page === "/" ? "_root.data" : `${page.slice(1)}.data`);

/** Every /assets/… and /_img/… file a page's HTML refers to. */
const referenced = (html: string, pattern: RegExp) => [...new Set(html.match(pattern) ?? [])].map((u) => u.slice(1));

/**
 * The last bundle of the worker, with what it was made from: the settings and package versions (`key`) and
 * each file bundled with its hash. Reused while none of them changed (issue 41: a publish bundled the same
 * worker every time).
 */
const WORKER_CACHE = path.join(path.dirname(WORKER_SOURCE), "../../.generated/offline-worker.json");
const workerRecordSchema = z.object({ key: z.string(), modules: z.record(z.string(), z.string()), code: z.string() });
const sha256 = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");
/** The modules' hashes now (null: one of them is gone). */
const hashModules = async (files: string[]) => {
  const hashes = await Promise.all(files.map((file) => readFile(file).then(sha256, () => null)));
  return hashes.includes(null) ? null : Object.fromEntries(files.map((file, i) => [file, hashes[i]!]));
};

/** The worker's source as one classic script (a service worker registered without `type: "module"`). */
async function bundleWorker(): Promise<{ file: string; cleanup: () => Promise<void> }> {
  const define = {
    __COMPRESSIBLE_TYPES__: JSON.stringify(COMPRESSIBLE_TYPES.source),
    __TICKETS_SHELL__: JSON.stringify(TICKETS_SHELL),
    __SHELL_PAGES__: JSON.stringify(SHELL_PAGES),
    "process.env.NODE_ENV": '"production"',
  };
  const lock = await readFile(path.join(path.dirname(WORKER_CACHE), "../package-lock.json")).catch(() => "");
  // The lock file names every package version (Vite's and Workbox's included).
  const key = sha256(JSON.stringify({ define, lock: sha256(lock), source: WORKER_SOURCE }));
  const outDir = await mkdtemp(path.join(tmpdir(), "tncc-sw-"));
  const file = path.join(outDir, "sw.js");
  const cleanup = () => rm(outDir, { recursive: true, force: true });
  const kept = workerRecordSchema.safeParse(await readFile(WORKER_CACHE, "utf8").then(JSON.parse, () => null)).data;
  if (kept?.key === key) {
    const now = await hashModules(Object.keys(kept.modules));
    if (now && isDeepStrictEqual(now, kept.modules)) {
      await writeFile(file, kept.code);
      return { file, cleanup };
    }
  }
  // Loaded only when the worker must be bundled again: importing Vite alone takes over half a second.
  const { build } = await import("vite");
  const output = await build({
    configFile: false,
    logLevel: "warn",
    define,
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      lib: { entry: WORKER_SOURCE, formats: ["iife"], name: "offlineWorker", fileName: () => "sw.js" },
    },
  });
  // Every file that went into the bundle (the worker, its imports, the workbox modules), for the next build.
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => ("output" in o ? o.output : []));
  const modules = await hashModules(
    chunks.flatMap((c) => ("moduleIds" in c ? c.moduleIds : [])).filter((id) => path.isAbsolute(id)),
  );
  if (modules && Object.keys(modules).length > 0) {
    const record = JSON.stringify({ key, modules, code: await readFile(file, "utf8") });
    // Written whole: another build at once never reads half a record.
    await mkdir(path.dirname(WORKER_CACHE), { recursive: true });
    await writeWhole(WORKER_CACHE, record);
  }
  return { file, cleanup };
}

/**
 * Writes build/client/sw.js over the pages and files there. `live`: the live build of a content-only publish
 * (issue 65): the revisions and sizes of the files whose bytes are its own come from its precache record
 * (BUILD_OUTPUTS.precache), and the list is put in the worker without workbox-build's globbing and hashing.
 */
export async function writeServiceWorker(clientDir: string, contentPages: string[], live?: string) {
  const pages = [...OFFLINE_PAGES, ...contentPages];
  const files = new Set<string>([
    "_root.data",
    "favicon.svg",
    "manifest.webmanifest",
    "icon-192.png",
    "schedule-version.json",
  ]);
  for (const page of pages) {
    files.add(htmlFile(page));
    files.add(dataFile(page));
    const html = await readFile(path.join(clientDir, htmlFile(page)), "utf8");
    for (const asset of referenced(html, /\/assets\/[\w.-]+\.(?:js|css|woff2)/g)) files.add(asset);
    // The pictures at phone width, in the format phones take (AVIF); not the home banner's wide slides.
    for (const image of referenced(html, /\/_img\/(?:sessions|speakers|about)\/[\w.-]+-640\.avif/g)) files.add(image);
  }
  // The buyer's tickets (/tickets/<token>, rendered in the browser: issue 42) open offline once the worker is in:
  // the SPA fallback is precached under TICKETS_SHELL (the server answers that address with it), with the
  // scripts it loads and the code of the tickets' and the door's routes (named in the route manifest it loads).
  files.add(SPA_FALLBACK);
  const shell = await readFile(path.join(clientDir, SPA_FALLBACK), "utf8");
  for (const asset of referenced(shell, /\/assets\/[\w.-]+\.(?:js|css|woff2)/g)) files.add(asset);
  for (const asset of await routeFiles(clientDir, shell, TICKETS_ROUTES)) files.add(asset);
  // What those scripts load on demand (the form checks and outbox, the toasts, the agenda's QR code, the door's
  // QR reader), so a form sent offline is checked and told "saved on this device" as online, and the door reads
  // tickets without a network. Chunks name each other `./x.js`.
  const scripts = [...files].filter((f) => f.endsWith(".js"));
  for (const script of scripts) {
    const text = await readFile(path.join(clientDir, script), "utf8");
    for (const [, chunk] of text.matchAll(/["`]\.\/([\w.-]+\.js)["`]/g))
      if (!files.has(`assets/${chunk}`)) {
        files.add(`assets/${chunk}`);
        scripts.push(`assets/${chunk}`);
      }
  }
  // Fonts are referenced from the stylesheet, not the HTML.
  for (const css of [...files].filter((f) => f.endsWith(".css"))) {
    const text = await readFile(path.join(clientDir, css), "utf8");
    for (const font of text.match(/[\w.-]+\.woff2/g) ?? []) files.add(`assets/${font}`);
  }
  const existing: string[] = [];
  for (const file of files) if (await stat(path.join(clientDir, file)).catch(() => null)) existing.push(file);

  const toUrl = (file: string) =>
    file === SPA_FALLBACK ? TICKETS_SHELL : file === "index.html" ? "/" : `/${file.replace(/\/index\.html$/, "")}`;
  // Each file's revision and sizes: the live build's for a file whose bytes are its own, else worked out.
  const kept = live ? await liveRecord(live) : {};
  // All at once: the compressions run on the thread pool, both cores busy (issue 65).
  const described = await Promise.all(
    existing.map((file) => {
      const known = kept[file];
      return known && sameAsLive(clientDir, live!, file) ? known : describe(clientDir, file);
    }),
  );
  const record: Record<string, PrecachedFile> = Object.fromEntries(existing.map((file, i) => [file, described[i]!]));
  const swDest = path.join(clientDir, "sw.js");
  const worker = await bundleWorker();
  const { count, size, warnings } = await (async () => {
    const patched = live ? await injectPatched(worker.file, swDest, existing, record, toUrl) : null;
    if (patched) return patched;
    // Loaded only here: workbox-build's own loads a glob library and a schema checker (a publish does without).
    // The module itself: workbox-build's index also loads generateSW's bundler, a second more for each build.
    const { injectManifest } = await import("workbox-build/build/inject-manifest.js");
    return injectManifest({
      swSrc: worker.file,
      swDest,
      globDirectory: clientDir,
      globPatterns: existing,
      globFollow: false,
      manifestTransforms: [
        (entries) => ({
          manifest: entries.map((e) => ({ ...e, url: toUrl(e.url), revision: revisionOf(e.url, e.revision) })),
          warnings: [],
        }),
      ],
      maximumFileSizeToCacheInBytes: MAXIMUM_FILE_SIZE,
    });
  })().finally(worker.cleanup);
  if (warnings.length) console.warn(warnings.join("\n"));
  // What the phone stores (text gzip-compressed by the worker) and what travels (brotli, as the server sends).
  const stored = existing.reduce((sum, file) => sum + record[file]!.stored, 0);
  const compressed = existing.reduce((sum, file) => sum + record[file]!.wire, 0);
  const summary = `service worker: build/client/sw.js precaches ${count} files: ${kib(stored)} stored on the phone (budget ${kib(PRECACHE_BUDGET)}), ${kib(compressed)} over the wire, ${kib(size)} as plain files`;
  if (stored > PRECACHE_BUDGET)
    throw new Error(`the precache stores ${kib(stored)}, over the ${kib(PRECACHE_BUDGET)} budget`);
  return { count, size, stored, compressed, budget: PRECACHE_BUDGET, files: record, summary };
}

/** Larger files are not precached (workbox-build's maximumFileSizeToCacheInBytes). */
const MAXIMUM_FILE_SIZE = 512 * 1024;
/** Hashed file names never change: no revision needed. */
const revisionOf = (file: string, revision: string | null) => (file.startsWith("assets/") ? null : revision);

/** What the precache record keeps of a file (BUILD_OUTPUTS.precache `files`). */
type PrecachedFile = NonNullable<z.infer<typeof PrecacheSummarySchema>["files"]>[string];

/** The live build's record of its precached files (none from a build before it was kept). */
async function liveRecord(live: string): Promise<Record<string, PrecachedFile>> {
  const text = await readFile(path.join(live, BUILD_OUTPUTS.precache.file), "utf8").catch(() => "null");
  return PrecacheSummarySchema.safeParse(JSON.parse(text)).data?.files ?? {};
}

/**
 * A file's revision (the MD5 of its bytes, as workbox-build's own), its size, and the sizes the phone stores
 * (text gzip-compressed by the worker) and the network carries (brotli, as the server sends), from compressed
 * copies an earlier build may have made of the same bytes (./compressed-cache.ts).
 */
async function describe(clientDir: string, file: string): Promise<PrecachedFile> {
  const body = await readFile(path.join(clientDir, file));
  const text = isCompressible(contentTypeFor(file));
  const smaller = (copy: Buffer) => Math.min(body.byteLength, copy.byteLength);
  return {
    revision: createHash("md5").update(body).digest("hex"),
    size: body.byteLength,
    stored: text ? smaller(await cachedCompress("gzip-default", body, gzipSync)) : body.byteLength,
    // The `.br` copy precompress makes next (the cache keeps it: it is not made twice).
    wire: text ? smaller(await brotliCopy(body)) : body.byteLength,
  };
}

/** workbox-build's injection point (injectManifest's default). */
const INJECTION_POINT = "self.__WB_MANIFEST";

/**
 * The precache list put in the worker as workbox-build's injectManifest puts it (the same entries in the same
 * order, as stable JSON: `revision` before `url`), from the revisions already known, without globbing and hashing
 * every file again (issue 65: a content-only publish). Null when the worker is one it would treat otherwise (a
 * source map, not one injection point): injectManifest then does it. The content-only publish's test compares
 * the result with a full build's, which injectManifest makes.
 */
async function injectPatched(
  swSrc: string,
  swDest: string,
  existing: readonly string[],
  record: Record<string, PrecachedFile>,
  toUrl: (file: string) => string,
): Promise<{ count: number; size: number; warnings: string[] } | null> {
  const code = await readFile(swSrc, "utf8");
  if (code.split(INJECTION_POINT).length !== 2 || code.includes("sourceMappingURL=")) return null;
  const precached = existing.filter((file) => record[file]!.size <= MAXIMUM_FILE_SIZE);
  const warnings = existing
    .filter((file) => record[file]!.size > MAXIMUM_FILE_SIZE)
    .map((file) => `${file} is ${kib(record[file]!.size)}, and won't be precached.`);
  const manifest = precached.map((file) => ({
    revision: revisionOf(file, record[file]!.revision),
    url: toUrl(file),
  }));
  // As injectManifest replaces it (a string replacement, `$` patterns and all).
  await writeFile(
    swDest,
    code.replace(new RegExp(INJECTION_POINT.replace(/[.]/g, "\\."), "g"), JSON.stringify(manifest)),
  );
  const size = precached.reduce((sum, file) => sum + record[file]!.size, 0);
  return { count: precached.length, size, warnings };
}
