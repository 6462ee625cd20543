/**
 * The offline service worker (build/client/sw.js), a step of scripts/postbuild.ts after every step that
 * writes pages or files (a Vite PWA plugin would run before the HTML exists): ./offline-worker.ts is
 * bundled with Vite, then workbox-build's injectManifest puts the precache list in it.
 *
 * It precaches what a visitor needs at the venue: the home page, the schedule, every session and speaker
 * page, /agenda, FAQs and contact (HTML and .data), the scripts and styles those pages load, the fonts,
 * and the AVIF pictures they show at phone width (640 w). /api/* and /admin are never cached. The worker
 * stores text gzip-compressed, so the room it takes on the phone is about the gzip size of the files.
 */
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { build } from "vite";
import { injectManifest } from "workbox-build";
import { COMPRESSIBLE_TYPES, contentTypeFor, isCompressible } from "../../server/http-policy";
import { kib } from "./files";

/**
 * At most 1.5 MB, counted as the phone stores it: text gzip-compressed by the worker, pictures and fonts as
 * they are. The bench also prints the bytes over the wire (brotli) and the plain total.
 */
export const PRECACHE_BUDGET = 1.5 * 1024 * 1024;

/** Pages precached with their .data file (content paths are added by the caller). */
export const OFFLINE_PAGES = ["/", "/schedule", "/agenda", "/changes", "/faqs", "/contact"];

const WORKER_SOURCE = path.join(path.dirname(fileURLToPath(import.meta.url)), "offline-worker.ts");

const htmlFile = (page: string) => (page === "/" ? "index.html" : `${page.slice(1)}/index.html`);
const dataFile = (page: string) => (page === "/" ? "_root.data" : `${page.slice(1)}.data`);

/** Every /assets/… and /_img/… file a page's HTML refers to. */
const referenced = (html: string, pattern: RegExp) => [...new Set(html.match(pattern) ?? [])].map((u) => u.slice(1));

/** The worker's source as one classic script (a service worker registered without `type: "module"`). */
async function bundleWorker(): Promise<{ file: string; cleanup: () => Promise<void> }> {
  const outDir = await mkdtemp(path.join(tmpdir(), "tncc-sw-"));
  await build({
    configFile: false,
    logLevel: "warn",
    define: {
      __COMPRESSIBLE_TYPES__: JSON.stringify(COMPRESSIBLE_TYPES.source),
      "process.env.NODE_ENV": '"production"',
    },
    build: {
      outDir,
      emptyOutDir: true,
      copyPublicDir: false,
      minify: true,
      lib: { entry: WORKER_SOURCE, formats: ["iife"], name: "offlineWorker", fileName: () => "sw.js" },
    },
  });
  return { file: path.join(outDir, "sw.js"), cleanup: () => rm(outDir, { recursive: true, force: true }) };
}

export async function writeServiceWorker(clientDir: string, contentPages: string[]) {
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
  // What those scripts load on demand (the form checks and outbox, the toasts, the agenda's QR code), so a
  // form sent offline is checked and told "saved on this device" as online. Chunks name each other `./x.js`.
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

  const toUrl = (file: string) => (file === "index.html" ? "/" : `/${file.replace(/\/index\.html$/, "")}`);
  const worker = await bundleWorker();
  const { count, size, warnings } = await injectManifest({
    swSrc: worker.file,
    swDest: path.join(clientDir, "sw.js"),
    globDirectory: clientDir,
    globPatterns: existing,
    globFollow: false,
    manifestTransforms: [
      (entries) => ({
        manifest: entries.map((e) => ({
          ...e,
          url: toUrl(e.url),
          // Hashed file names never change: no revision needed.
          revision: e.url.startsWith("assets/") ? null : e.revision,
        })),
        warnings: [],
      }),
    ],
    maximumFileSizeToCacheInBytes: 512 * 1024,
  }).finally(worker.cleanup);
  if (warnings.length) console.warn(warnings.join("\n"));
  // What the phone stores (text gzip-compressed by the worker) and what travels (brotli, as the server sends).
  let stored = 0;
  let compressed = 0;
  for (const file of existing) {
    const body = await readFile(path.join(clientDir, file));
    const text = isCompressible(contentTypeFor(file));
    stored += text ? Math.min(body.byteLength, gzipSync(body).byteLength) : body.byteLength;
    compressed += text ? Math.min(body.byteLength, brotliCompressSync(body).byteLength) : body.byteLength;
  }
  const summary = `service worker: build/client/sw.js precaches ${count} files: ${kib(stored)} stored on the phone (budget ${kib(PRECACHE_BUDGET)}), ${kib(compressed)} over the wire, ${kib(size)} as plain files`;
  if (stored > PRECACHE_BUDGET)
    throw new Error(`the precache stores ${kib(stored)}, over the ${kib(PRECACHE_BUDGET)} budget`);
  return { count, size, stored, compressed, budget: PRECACHE_BUDGET, summary };
}
