/**
 * The production server behind `npm start`: serves the pre-rendered build (build/client) with
 * compression, caching, real 404s and strict security headers, and hosts the site's small API.
 *
 * Routes registered on the returned app (e.g. `app.post("/api/...")`) take precedence over the
 * static files: files and pages are served from the not-found handler, which runs only when no
 * route answered.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { readFile, realpath, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { Hono } from "hono";
import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { isFormKind, sentId } from "../app/lib/form-kinds";
import { registerAgendaIcs } from "./api/agenda-ics";
import { registerCheckout, type CheckoutOptions } from "./checkout";
import { sameOriginPath } from "./redirect";

const gzip = promisify(gzipCallback);

/** The shape of `build/headers.json` (written by scripts/postbuild.ts). */
export interface HeadersManifest {
  /** Page path ("/", "/about-us", "/speakers-detail/3") -> its Content-Security-Policy. */
  pages: Record<string, { csp: string }>;
  /** The policy for everything else: files, API answers, the script-free 404 page. */
  default: { csp: string };
}

export interface AppOptions {
  /** The `build/client` folder. */
  root: string;
  /** Defaults to `<root>/../headers.json` (build/headers.json). */
  headersFile?: string;
  /** Where `/api/vitals` writes its lines; defaults to console.log. */
  log?: (line: string) => void;
  /** `/api/checkout` settings (STRIPE_SECRET_KEY, ...); dataFile defaults to `<root>/../checkout.json`. */
  checkout?: Partial<CheckoutOptions>;
}

/**
 * Headers on every response (also written to the static hosts' `_headers` file by postbuild).
 * Permissions-Policy leaves out `interest-cohort`: FLoC is gone and Chromium logs
 * "Unrecognized feature: 'interest-cohort'" as a console error on every page, which the smoke
 * test and Lighthouse's best-practices audit count as failures.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/**
 * Headers that act only on a document (or a worker), left off scripts, styles, fonts and raster images:
 * with the CSP they come to about 700 bytes, which HTTP/1.1 would repeat on each of a page's ~45 chunks.
 */
const DOCUMENT_ONLY = new Set([
  "Content-Security-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "X-Frame-Options",
]);

/** Content types a browser never renders as a document. SVG is not one of them: it can carry script. */
export function isSubresourceType(contentType: string): boolean {
  return /^(text\/javascript|text\/css|text\/x-script|font\/|image\/(?!svg))/.test(contentType);
}

/** A 304 carries no Content-Type: judge it by the file's extension, as sendFile did. */
function isSubresource(c: Context): boolean {
  const type =
    c.res.headers.get("Content-Type") ?? (c.res.status === 304 ? contentTypeFor(new URL(c.req.url).pathname) : "");
  return isSubresourceType(type);
}

export const HSTS = "max-age=31536000; includeSubDomains";

export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
const CACHE_WEEK = "public, max-age=604800";
const CACHE_HOUR = "public, max-age=3600";
const NO_CACHE = "no-cache";

/** Used when build/headers.json is missing: safe, but blocks React Router's inline scripts. */
const FALLBACK_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

const MAX_PATH_LENGTH = 2048;
const API_BODY_LIMIT = 16 * 1024;
const MIN_COMPRESS_SIZE = 1024;
/** Build artefacts that must not be served as pages (the SPA shell would hydrate any URL). */
const HIDDEN_FILES = new Set(["__spa-fallback.html", "404.html", "_headers", "_redirects"]);

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".ics": "text/calendar; charset=utf-8",
  // React Router's single-fetch payloads (turbo-stream), as its own server labels them.
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".ttf": "font/ttf",
  ".pdf": "application/pdf",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
}

function isCompressible(contentType: string): boolean {
  return /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

export function cacheControlFor(urlPath: string, file: string): string {
  if (urlPath.startsWith("/assets/")) return CACHE_IMMUTABLE;
  if (urlPath.startsWith("/_img/") || urlPath.startsWith("/images/")) return CACHE_WEEK;
  if (file.endsWith(".html") || file.endsWith(".data")) return NO_CACHE;
  return CACHE_HOUR;
}

/**
 * The 404 page without `<script>` elements and module preloads (see STACK.md). Controls that only work
 * with JavaScript (search, menu toggle; marked `data-needs-js`) are hidden, so nothing on it is dead.
 */
export function stripScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script\s*>/gi, "")
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi, "")
    .replace("</head>", "<style>[data-needs-js]{display:none!important}</style></head>");
}

/** Encodings the client accepts (q > 0). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

function isHttps(c: Context): boolean {
  const forwarded = c.req.header("x-forwarded-proto")?.split(",")[0]?.trim();
  return forwarded === "https" || c.req.url.startsWith("https:");
}

async function statOrNull(file: string): Promise<Stats | null> {
  try {
    return await stat(file);
  } catch {
    return null;
  }
}

function isInside(dir: string, file: string): boolean {
  return file === dir || file.startsWith(dir + path.sep);
}

function loadManifest(file: string): HeadersManifest | null {
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    const result = ManifestSchema.safeParse(parsed);
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

const ManifestSchema = z.object({
  pages: z.record(z.string(), z.object({ csp: z.string() })),
  default: z.object({ csp: z.string() }),
});

const VitalSchema = z.object({
  name: z.enum(["CLS", "FCP", "INP", "LCP", "TTFB"]),
  value: z.number().nonnegative(),
  id: z.string().regex(/^[\w.:-]{1,100}$/),
  rating: z.enum(["good", "needs-improvement", "poor"]).optional(),
  page: z.string().max(300).optional(),
});
const VitalsPayload = z.union([VitalSchema, z.array(VitalSchema).min(1).max(20)]);

type Resolved =
  /** urlPath: the decoded, normalised path ("//assets/a.js" -> "/assets/a.js"). */
  | { kind: "file"; file: string; stats: Stats; urlPath: string; page: string | null }
  | { kind: "redirect"; location: string }
  | { kind: "missing" };

export function createApp(opts: AppOptions): Hono {
  const root = path.resolve(opts.root);
  const realRoot = existsSync(root) ? realpathSync(root) : root;
  const headersFile = opts.headersFile ?? path.join(path.dirname(root), "headers.json");
  const log = opts.log ?? ((line: string) => console.log(line));

  let manifest = loadManifest(headersFile);
  let manifestMtime = 0;
  if (!manifest)
    console.warn(
      `${headersFile} is missing or invalid: pages get a strict fallback CSP without script hashes (run npm run build).`,
    );

  /** Re-reads headers.json when a rebuild replaced it, so hashes match the HTML on disk. */
  let manifestCheckedAt = 0;
  async function currentManifest(): Promise<HeadersManifest | null> {
    const now = Date.now();
    if (now - manifestCheckedAt < 1000) return manifest;
    manifestCheckedAt = now;
    const s = await statOrNull(headersFile);
    if (s && s.mtimeMs !== manifestMtime) {
      manifestMtime = s.mtimeMs;
      manifest = loadManifest(headersFile) ?? manifest;
    }
    return manifest;
  }

  async function cspFor(page: string | null): Promise<string> {
    const m = await currentManifest();
    if (!m) return FALLBACK_CSP;
    return (page !== null && m.pages[page]?.csp) || m.default.csp;
  }

  /** Maps a raw (still percent-encoded) URL path to a file inside root, or refuses it. */
  async function resolve(rawPath: string, search: string): Promise<Resolved> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      return { kind: "missing" };
    }
    if (/[\0\\]/.test(decoded)) return { kind: "missing" };
    const segments = decoded.split("/").filter((s) => s !== "");
    // Refuses "..", "." and dotfiles in one rule.
    if (segments.some((s) => s.startsWith("."))) return { kind: "missing" };
    if (segments.length === 1 && HIDDEN_FILES.has(segments[0] ?? "")) return { kind: "missing" };
    const target = path.resolve(root, ...segments);
    if (!isInside(root, target)) return { kind: "missing" };

    const page = path.join(target, "index.html");
    const pageStats = await statOrNull(page);
    const pagePath = "/" + segments.join("/");
    if (pageStats?.isFile()) {
      if (rawPath !== "/" && rawPath.endsWith("/")) {
        // One leading slash, so "//evil.example/" cannot become a protocol-relative redirect.
        const location = "/" + rawPath.replace(/^\/+|\/+$/g, "") + search;
        return { kind: "redirect", location };
      }
      return { kind: "file", file: page, stats: pageStats, urlPath: pagePath, page: pagePath };
    }
    if (rawPath.endsWith("/")) return { kind: "missing" };
    const fileStats = await statOrNull(target);
    if (!fileStats?.isFile()) return { kind: "missing" };
    const fromIndex = pagePath.match(/^(.*)\/index\.html$/);
    return {
      kind: "file",
      file: target,
      stats: fileStats,
      urlPath: pagePath,
      page: fromIndex ? fromIndex[1] || "/" : null,
    };
  }

  /** Checks symlinks: the real file must also be inside the real root. */
  async function reallyInside(file: string): Promise<boolean> {
    try {
      return isInside(realRoot, await realpath(file));
    } catch {
      return false;
    }
  }

  async function sendFile(
    c: Context,
    urlPath: string,
    file: string,
    stats: Stats,
    page: string | null,
  ): Promise<Response> {
    const contentType = contentTypeFor(file);
    const compressible = isCompressible(contentType);
    const accepted = acceptedEncodings(c.req.header("accept-encoding"));

    // Pick the representation: a precompressed sibling, gzip on the fly, or the plain file.
    let source = file;
    let encoding: "br" | "gzip" | null = null;
    if (compressible) {
      for (const [enc, ext] of [
        ["br", ".br"],
        ["gzip", ".gz"],
      ] as const) {
        if (!accepted.has(enc)) continue;
        const sibling = await statOrNull(file + ext);
        // A sibling older than its source is stale (the file was rebuilt).
        if (sibling?.isFile() && sibling.mtimeMs >= stats.mtimeMs) {
          source = file + ext;
          encoding = enc;
          break;
        }
      }
      if (!encoding && accepted.has("gzip") && stats.size >= MIN_COMPRESS_SIZE) encoding = "gzip";
    }

    const headers = new Headers({
      "Content-Type": contentType,
      "Cache-Control": cacheControlFor(urlPath, file),
      "Last-Modified": stats.mtime.toUTCString(),
      // Size and time of the source identify the content, the suffix the encoding.
      ETag: `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}${encoding ? `-${encoding}` : ""}"`,
    });
    if (compressible) headers.set("Vary", "Accept-Encoding");
    if (contentType.startsWith("text/html")) headers.set("Content-Security-Policy", await cspFor(page));

    if (isNotModified(c, headers.get("ETag") ?? "", stats)) {
      headers.delete("Content-Type");
      return new Response(null, { status: 304, headers });
    }

    let body: Uint8Array = await readFile(source);
    if (encoding && source === file) body = await gzip(body);
    if (encoding) headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body as Uint8Array<ArrayBuffer>, {
      status: 200,
      headers,
    });
  }

  /** The script-free 404 page, plain and gzipped, refreshed when the file changes. */
  let notFoundCache: { mtimeMs: number; plain: Buffer; gzipped: Buffer } | null = null;

  async function sendNotFound(c: Context): Promise<Response> {
    const file = path.join(root, "404", "index.html");
    const s = await statOrNull(file);
    const headers = new Headers({ "Cache-Control": NO_CACHE });
    if (!s?.isFile()) {
      headers.set("Content-Type", "text/plain; charset=utf-8");
      return new Response("Not Found", { status: 404, headers });
    }
    if (notFoundCache?.mtimeMs !== s.mtimeMs) {
      const plain = Buffer.from(stripScripts(await readFile(file, "utf8")));
      notFoundCache = { mtimeMs: s.mtimeMs, plain, gzipped: await gzip(plain) };
    }
    headers.set("Content-Type", "text/html; charset=utf-8");
    headers.set("Content-Security-Policy", await cspFor(null));
    headers.set("Vary", "Accept-Encoding");
    let body = notFoundCache.plain;
    if (acceptedEncodings(c.req.header("accept-encoding")).has("gzip")) {
      body = notFoundCache.gzipped;
      headers.set("Content-Encoding", "gzip");
    }
    headers.set("Content-Length", String(body.byteLength));
    return new Response(body as Uint8Array<ArrayBuffer>, { status: 404, headers });
  }

  function applySecurityHeaders(c: Context, res: Response, subresource = false): void {
    for (const [name, value] of Object.entries(SECURITY_HEADERS))
      if (!subresource || !DOCUMENT_ONLY.has(name)) res.headers.set(name, value);
    if (isHttps(c)) {
      res.headers.set("Strict-Transport-Security", HSTS);
      const csp = res.headers.get("Content-Security-Policy");
      if (csp && !csp.includes("upgrade-insecure-requests"))
        res.headers.set("Content-Security-Policy", `${csp}; upgrade-insecure-requests`);
    }
  }

  const app = new Hono();

  app.use("*", async (c, next) => {
    await next();
    const subresource = isSubresource(c);
    if (!subresource && !c.res.headers.has("Content-Security-Policy"))
      c.res.headers.set("Content-Security-Policy", await cspFor(null));
    applySecurityHeaders(c, c.res, subresource);
  });

  app.use(
    "/api/*",
    bodyLimit({
      maxSize: API_BODY_LIMIT,
      onError: (c) => c.json({ error: "Payload too large" }, 413),
    }),
  );

  app.post("/api/vitals", async (c) => {
    let data: unknown;
    try {
      data = JSON.parse(await c.req.text());
    } catch {
      return c.json({ error: "Malformed JSON" }, 400);
    }
    const parsed = VitalsPayload.safeParse(data);
    if (!parsed.success) return c.json({ error: "Invalid metrics" }, 400);
    const metrics = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
    for (const m of metrics)
      log(`vitals ${m.name}=${m.value} ${m.rating ?? "-"} ${JSON.stringify(m.page ?? "")} ${m.id}`);
    return c.body(null, 204);
  });

  /**
   * A form sent before hydration or without JavaScript (see app/components/forms/site-form.tsx).
   * Nothing is stored: the visitor goes back (303, so the reload is a GET) to the page the form was
   * on, at the element showing the form's success message. The fields never reach a URL or a log.
   */
  app.post("/api/forms/:kind", async (c) => {
    const kind = c.req.param("kind");
    if (!isFormKind(kind)) return c.json({ error: `Unknown form "${kind}"` }, 400);
    const type = c.req.header("content-type") ?? "";
    if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type))
      return c.json({ error: "Send the form as application/x-www-form-urlencoded" }, 400);
    await c.req.arrayBuffer();
    return c.redirect(`${sameOriginPath(c.req.header("referer"), c.req.url)}#${sentId(kind)}`, 303);
  });

  registerCheckout(app, { dataFile: path.join(path.dirname(root), "checkout.json"), ...opts.checkout });
  registerAgendaIcs(app, { dataFile: path.join(path.dirname(root), "agenda-sessions.json") });

  app.notFound(async (c) => {
    const url = new URL(c.req.url);
    const rawPath = url.pathname;
    if (rawPath.startsWith("/api/")) return c.json({ error: "Not found" }, 404);
    if (c.req.method !== "GET" && c.req.method !== "HEAD")
      return c.text("Method Not Allowed", 405, { Allow: "GET, HEAD" });
    if (rawPath.length > MAX_PATH_LENGTH) return c.text("URI Too Long", 414, { "Cache-Control": NO_CACHE });

    const found = await resolve(rawPath, url.search);
    if (found.kind === "redirect")
      return new Response(null, {
        status: 301,
        headers: { Location: found.location, "Cache-Control": CACHE_HOUR },
      });
    if (found.kind === "missing" || found.page === "/404" || !(await reallyInside(found.file))) return sendNotFound(c);
    return sendFile(c, found.urlPath, found.file, found.stats, found.page);
  });

  app.onError((err, c) => {
    const res =
      err instanceof HTTPException
        ? err.getResponse()
        : new Response("Internal Server Error", {
            status: 500,
            headers: { "Content-Type": "text/plain; charset=utf-8" },
          });
    if (!(err instanceof HTTPException)) console.error(err);
    if (!res.headers.has("Content-Security-Policy")) res.headers.set("Content-Security-Policy", FALLBACK_CSP);
    applySecurityHeaders(c, res);
    return res;
  });

  return app;
}

function isNotModified(c: Context, etag: string, stats: Stats): boolean {
  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch) {
    const bare = (tag: string) => tag.trim().replace(/^W\//, "");
    return ifNoneMatch.split(",").some((t) => t.trim() === "*" || bare(t) === bare(etag));
  }
  const since = c.req.header("if-modified-since");
  if (!since) return false;
  const time = Date.parse(since);
  return !Number.isNaN(time) && Math.floor(stats.mtimeMs / 1000) * 1000 <= time;
}
