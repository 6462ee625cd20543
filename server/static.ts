/**
 * A pre-rendered build as the server sees it. A build folder never changes once written (a publish writes a
 * new one beside it, server/publish/), so each is checked and indexed once, when it goes live: every URL the build maps to a file (path, size, ETag, which
 * precompressed copies exist), the per-page CSPs and the script-free 404 page. A request then costs a
 * Map lookup, no `stat`; small files are kept in memory after their first read, large ones streamed.
 * Anything the build does not map to a URL (hidden artefacts, .br/.gz copies, dotfiles, symlinks,
 * `%2f` spellings) is a 404.
 */
import { createReadStream, readdirSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { gzipSync } from "node:zlib";
import type { Context, NotFoundHandler } from "hono";
import {
  CACHE_HOUR,
  cacheControlFor,
  contentTypeFor,
  HIDDEN_FILES,
  isClientOnlyPath,
  isCompressible,
  MIN_COMPRESS_SIZE,
  NO_CACHE,
  stripScripts,
} from "./http-policy";
import { HeadersManifestSchema, type HeadersManifest } from "../app/lib/build-outputs";
import { matchesEtag } from "./etag";

type Encoding = "br" | "gzip";

interface Variant {
  file: string;
  size: number;
  bytes?: Buffer;
}

export interface Entry extends Variant {
  mtimeMs: number;
  contentType: string;
  cacheControl: string;
  /** The page path for an HTML page ("/about-us"), else null. */
  page: string | null;
  etag: string;
  lastModified: string;
  compressible: boolean;
  encodings: Partial<Record<Encoding, Variant>>;
}

export interface BuildIndex {
  /** Decoded URL path -> file. Pages are listed at "/about-us" and at "/about-us/index.html". */
  files: Map<string, Entry>;
  manifest: HeadersManifest;
  notFound: { plain: Buffer; gzipped: Buffer } | null;
  /** `__spa-fallback.html`: the shell of the pages rendered in the browser only (/admin). */
  spaFallback: { plain: Buffer; gzipped: Buffer } | null;
  /** Bytes of this build kept in memory (a replaced build's go with it). */
  cached: { bytes: number };
}

/** Files up to this size stay in memory after their first read; larger ones are streamed. */
const CACHE_FILE_LIMIT = 256 * 1024;
const CACHE_TOTAL_LIMIT = 64 * 1024 * 1024;

/** Checks the build and indexes it; throws an Error with a message for the operator. */
export function loadBuild(root: string, headersFile: string): BuildIndex {
  try {
    readFileSync(path.join(root, "index.html"));
  } catch (error) {
    throw new Error(`${root}/index.html cannot be read (${code(error)}): run npm run build first.`);
  }
  let manifest: HeadersManifest;
  try {
    const parsed = HeadersManifestSchema.safeParse(JSON.parse(readFileSync(headersFile, "utf8")));
    if (!parsed.success) throw new Error("not the shape scripts/build/headers.ts writes");
    manifest = parsed.data;
  } catch (error) {
    throw new Error(
      `${headersFile} is missing or invalid (${code(error)}): without it every page's inline scripts are blocked ` +
        "and no page hydrates. Run npm run build (it writes it beside build/client).",
    );
  }
  const files = new Map<string, Entry>();
  const all = walk(root);
  const byRel = new Map(all.map((f) => [f.rel, f]));
  for (const { rel, size, mtimeMs } of all) {
    const segments = rel.split("/");
    if (segments.some((s) => s.startsWith("."))) continue;
    if (segments.length === 1 && HIDDEN_FILES.has(rel)) continue;
    // Precompressed copies are encodings of their source, never URLs of their own.
    if (/\.(br|gz)$/.test(rel)) continue;
    if (rel === "404/index.html") continue;
    const file = path.join(root, ...segments);
    const urlPath = "/" + rel;
    const pageMatch = /^(?:(.*)\/)?index\.html$/.exec(rel);
    const page = pageMatch ? "/" + (pageMatch[1] ?? "") : null;
    const contentType = contentTypeFor(rel);
    const encodings: Entry["encodings"] = {};
    for (const [enc, ext] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const sibling = byRel.get(rel + ext);
      // A sibling older than its source is stale (the file was rebuilt).
      if (sibling && sibling.mtimeMs >= mtimeMs) encodings[enc] = { file: file + ext, size: sibling.size };
    }
    const entry: Entry = {
      file,
      size,
      mtimeMs,
      contentType,
      cacheControl: cacheControlFor(urlPath, rel),
      page,
      etag: `${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}`,
      lastModified: new Date(mtimeMs).toUTCString(),
      compressible: isCompressible(contentType),
      encodings,
    };
    files.set(urlPath, entry);
    if (page !== null) files.set(page, entry);
  }
  let notFound: BuildIndex["notFound"] = null;
  try {
    const plain = Buffer.from(stripScripts(readFileSync(path.join(root, "404", "index.html"), "utf8")));
    notFound = { plain, gzipped: gzipSync(plain) };
  } catch {
    // No 404 page in this build: a plain-text 404.
  }
  let spaFallback: BuildIndex["spaFallback"] = null;
  try {
    const plain = readFileSync(path.join(root, "__spa-fallback.html"));
    spaFallback = { plain, gzipped: gzipSync(plain) };
  } catch {
    // No fallback in this build: /admin is a 404.
  }
  return { files, manifest, notFound, spaFallback, cached: { bytes: 0 } };
}

function code(error: unknown): string {
  return (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : String(error));
}

/** Regular files under root (symlinks are left out), with paths relative to root using "/". */
function walk(root: string, rel = ""): { rel: string; size: number; mtimeMs: number }[] {
  const out: { rel: string; size: number; mtimeMs: number }[] = [];
  for (const dirent of readdirSync(path.join(root, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${dirent.name}` : dirent.name;
    if (dirent.isDirectory()) out.push(...walk(root, child));
    else if (dirent.isFile()) {
      const s = statSync(path.join(root, child));
      // Whole milliseconds: a build fetched by another server (server/publish/queries.ts) gets the same ETag.
      out.push({ rel: child, size: s.size, mtimeMs: Math.round(s.mtimeMs) });
    }
  }
  return out;
}

export type Resolved = { kind: "file"; entry: Entry } | { kind: "redirect"; location: string } | { kind: "missing" };

/** Maps a raw (still percent-encoded) URL path to what the build serves there. */
export function resolve(index: BuildIndex, rawPath: string, search: string): Resolved {
  const raw = rawPath.split("/").filter((s) => s !== "");
  const decoded: string[] = [];
  for (const segment of raw) {
    let d: string;
    try {
      d = decodeURIComponent(segment);
    } catch {
      return { kind: "missing" };
    }
    // "%2f", "%5c" and NUL would make another path of the same file.
    if (/[/\\\0]/.test(d)) return { kind: "missing" };
    decoded.push(d);
  }
  const entry = index.files.get("/" + decoded.join("/"));
  if (!entry) return { kind: "missing" };
  const canonical = "/" + raw.join("/");
  if (rawPath === canonical) return { kind: "file", entry };
  // "/about-us/" or "//about-us": one leading slash, so never a protocol-relative redirect.
  if (entry.page !== null && !canonical.endsWith("/index.html"))
    return { kind: "redirect", location: canonical + search };
  return { kind: "missing" };
}

/** Encodings the client accepts (q > 0). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

async function bytesOf(variant: Variant, cached: BuildIndex["cached"]): Promise<Buffer | null> {
  if (variant.bytes) return variant.bytes;
  if (variant.size > CACHE_FILE_LIMIT) return null;
  const bytes = await readFile(variant.file);
  if (cached.bytes + bytes.byteLength <= CACHE_TOTAL_LIMIT) {
    variant.bytes = bytes;
    cached.bytes += bytes.byteLength;
  }
  return bytes;
}

/** A file from the index: the precompressed copy the client accepts, gzip on the fly, or the plain bytes. */
export async function sendEntry(c: Context, index: BuildIndex, entry: Entry, csp: string | null): Promise<Response> {
  const accepted = acceptedEncodings(c.req.header("accept-encoding"));
  let encoding: Encoding | null = null;
  let variant: Variant = entry;
  if (entry.compressible) {
    for (const enc of ["br", "gzip"] as const) {
      const sibling = entry.encodings[enc];
      if (sibling && accepted.has(enc)) {
        encoding = enc;
        variant = sibling;
        break;
      }
    }
    if (!encoding && accepted.has("gzip") && entry.size >= MIN_COMPRESS_SIZE && entry.size <= CACHE_FILE_LIMIT) {
      const plain = await bytesOf(entry, index.cached);
      if (plain) {
        entry.encodings.gzip = { file: "", size: 0, bytes: gzipSync(plain) };
        entry.encodings.gzip.size = entry.encodings.gzip.bytes!.byteLength;
        encoding = "gzip";
        variant = entry.encodings.gzip;
      }
    }
  }
  const headers = new Headers({
    "Content-Type": entry.contentType,
    "Cache-Control": entry.cacheControl,
    "Last-Modified": entry.lastModified,
    // Size and time of the source identify the content, the suffix the encoding.
    ETag: `W/"${entry.etag}${encoding ? `-${encoding}` : ""}"`,
  });
  if (entry.compressible) headers.set("Vary", "Accept-Encoding");
  if (csp) headers.set("Content-Security-Policy", csp);
  if (isNotModified(c, headers.get("ETag") ?? "", entry.mtimeMs)) {
    headers.delete("Content-Type");
    return new Response(null, { status: 304, headers });
  }
  if (encoding) headers.set("Content-Encoding", encoding);
  headers.set("Content-Length", String(variant.size));
  if (c.req.method === "HEAD") return new Response(null, { status: 200, headers });
  const bytes = await bytesOf(variant, index.cached);
  const body = bytes
    ? (bytes as Uint8Array<ArrayBuffer>)
    : (Readable.toWeb(createReadStream(variant.file)) as ReadableStream<Uint8Array<ArrayBuffer>>);
  return new Response(body, { status: 200, headers });
}

/**
 * The SPA fallback with status 200, for the pages rendered in the browser only (/admin): its own CSP (the
 * hashes of its inline scripts), never cached or indexed. Without a fallback in the build: the 404 page.
 */
export function sendSpaFallback(c: Context, index: BuildIndex): Response {
  const fallback = index.spaFallback;
  const csp = index.manifest.spaFallback?.csp;
  if (!fallback || !csp) return sendNotFound(c, index);
  const headers = new Headers({
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "no-store",
    "Content-Security-Policy": csp,
    "X-Robots-Tag": "noindex, nofollow",
    Vary: "Accept-Encoding",
  });
  let body = fallback.plain;
  if (acceptedEncodings(c.req.header("accept-encoding")).has("gzip")) {
    body = fallback.gzipped;
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers });
}

/** The script-free 404 page (plain or gzipped), or a plain-text 404 when the build has none. */
export function sendNotFound(c: Context, index: BuildIndex): Response {
  const headers = new Headers({ "Cache-Control": NO_CACHE });
  if (!index.notFound) {
    headers.set("Content-Type", "text/plain; charset=utf-8");
    return new Response("Not Found", { status: 404, headers });
  }
  headers.set("Content-Type", "text/html; charset=utf-8");
  headers.set("Content-Security-Policy", index.manifest.default.csp);
  headers.set("Vary", "Accept-Encoding");
  let body = index.notFound.plain;
  if (acceptedEncodings(c.req.header("accept-encoding")).has("gzip")) {
    body = index.notFound.gzipped;
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(c.req.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: 404, headers });
}

function isNotModified(c: Context, etag: string, mtimeMs: number): boolean {
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch) return matchesEtag(ifNoneMatch, etag);
  const since = c.req.header("if-modified-since");
  if (!since) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(mtimeMs / 1000) * 1000 <= time;
}

const MAX_PATH_LENGTH = 2048;

/**
 * The pages and files of the live build, for whatever no route answered (the app's not-found handler): one
 * build per request, even when a publish switches builds while it is answered.
 */
export function serveBuild(live: () => BuildIndex): NotFoundHandler {
  return (c) => {
    const build = live();
    const url = new URL(c.req.url);
    if (url.pathname.startsWith("/api/")) return c.json({ error: "Not found" }, 404);
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
    if (url.pathname.length > MAX_PATH_LENGTH) return c.text("URI Too Long", 414, { "Cache-Control": NO_CACHE });
    // The organisers' inbox is rendered in the browser: the SPA fallback, 200, never indexed (issue 18).
    if (isClientOnlyPath(url.pathname)) return sendSpaFallback(c, build);
    const found = resolve(build, url.pathname, url.search);
    if (found.kind === "redirect")
      return new Response(null, { status: 301, headers: { Location: found.location, "Cache-Control": CACHE_HOUR } });
    if (found.kind === "missing") return sendNotFound(c, build);
    const { page } = found.entry;
    const csp = page !== null ? (build.manifest.pages[page]?.csp ?? build.manifest.default.csp) : null;
    return sendEntry(c, build, found.entry, csp);
  };
}
