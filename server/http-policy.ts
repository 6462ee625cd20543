/**
 * The site's one HTTP policy: security headers, the Content-Security-Policy, Cache-Control values,
 * content types, what is compressed and from which size, and the script-free 404 page. Imported by the
 * server (server/) and by the build (scripts/build/), so both always agree. No framework imports here.
 */
import path from "node:path";

/**
 * Headers on every response (also written to the static hosts' `_headers` file by the build).
 * Permissions-Policy leaves out `interest-cohort`: FLoC is gone and Chromium logs
 * "Unrecognized feature: 'interest-cohort'" as a console error on every page. `payment=()`: no page
 * uses the Payment Request API (checkout is the provider's hosted page, reached by a redirect). `camera=(self)`:
 * the door's check-in (/checkin, issue 43) reads tickets with the phone's camera; no other origin (the map's
 * frame) gets it. Site-wide, not only on /checkin: a page opened from the offline copy of another page's shell,
 * or reached by a link inside the app, keeps the document's policy (docs/decisions/025-door-scanner.md).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(self), microphone=(), geolocation=(), payment=()",
  "Cross-Origin-Opener-Policy": "same-origin",
  "X-Frame-Options": "DENY",
};

/**
 * Headers that act only on a document (or a worker), left off scripts, styles, fonts and raster images:
 * with the CSP they come to about 700 bytes, which HTTP/1.1 would repeat on each of a page's ~45 chunks.
 */
export const DOCUMENT_ONLY: ReadonlySet<string> = new Set([
  "Content-Security-Policy",
  "Permissions-Policy",
  "Cross-Origin-Opener-Policy",
  "X-Frame-Options",
]);

/** Content types a browser never renders as a document. SVG is not one of them: it can carry script. */
export function isSubresourceType(contentType: string): boolean {
  return /^(text\/javascript|text\/css|text\/x-script|font\/|image\/(?!svg))/.test(contentType);
}

export const HSTS = "max-age=31536000; includeSubDomains";

export const CACHE_IMMUTABLE = "public, max-age=31536000, immutable";
export const CACHE_WEEK = "public, max-age=604800";
export const CACHE_HOUR = "public, max-age=3600";
export const NO_CACHE = "no-cache";
/** API answers and the 303s after a POST: personal to one request, never stored. */
export const NO_STORE = "no-store";

/** Files smaller than this are neither precompressed by the build nor gzipped by the server. */
export const MIN_COMPRESS_SIZE = 1024;

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

/** The types worth compressing: the server's precompressed copies, and the offline worker's stored copies. */
export const COMPRESSIBLE_TYPES = /^(text\/|application\/(json|xml|manifest\+json)|image\/svg\+xml)/;

/** Text types worth compressing (precompressed by the build, gzipped on the fly by the server). */
export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE_TYPES.test(contentType);
}

/** Whether the build writes `.br` and `.gz` copies of this file. */
export function shouldPrecompress(file: string, size: number): boolean {
  return size >= MIN_COMPRESS_SIZE && isCompressible(contentTypeFor(file));
}

export function cacheControlFor(urlPath: string, file: string): string {
  if (urlPath.startsWith("/assets/")) return CACHE_IMMUTABLE;
  if (urlPath.startsWith("/_img/") || urlPath.startsWith("/images/")) return CACHE_WEEK;
  if (file.endsWith(".html") || file.endsWith(".data")) return NO_CACHE;
  return CACHE_HOUR;
}

/**
 * Pages rendered in the browser only (not pre-rendered): served as the SPA fallback, never indexed. The
 * organisers' area, the buyer's tickets (`/tickets?session=…`, `/tickets/<token>`: issue 42), and the door's
 * check-in (`/checkin`: issue 43), and a speaker's own page (`/speaker-page/<token>`: issue 63).
 */
export function isClientOnlyPath(urlPath: string): boolean {
  return /^\/(admin|tickets|checkin|speaker-page|volunteer)(\/|$)/.test(urlPath);
}

/** Build artefacts in build/client that are never served at their own URL. */
export const HIDDEN_FILES: ReadonlySet<string> = new Set(["__spa-fallback.html", "404.html", "_headers", "_redirects"]);

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

// ---------------------------------------------------------------- Content-Security-Policy

export interface CspOptions {
  /** `'sha256-…'` sources of the page's inline scripts. */
  scriptHashes?: readonly string[];
  /** Extra origins the page sends data to (the web-vitals endpoint). */
  connectSrc?: readonly string[];
  /**
   * Off in build/headers.json: over plain http (a LAN address such as http://192.168.1.5:4173,
   * and localhost in Safari) the browser would rewrite every same-origin script and style URL
   * to https and load nothing. The server adds it to responses that came over HTTPS, and the
   * static hosts' _headers (always HTTPS) has it.
   */
  upgradeInsecureRequests?: boolean;
}

/**
 * The site's policy: only what it really loads. No page loads Stripe's scripts, frames or images: a
 * sponsor token's BUY is a form POST to our server that answers 303 to checkout.stripe.com, and Chromium
 * checks form-action against that redirect too, so form-action keeps checkout.stripe.com.
 */
export function buildCsp({
  scriptHashes = [],
  connectSrc = [],
  upgradeInsecureRequests = false,
}: CspOptions = {}): string {
  const directives: string[][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...new Set(scriptHashes)],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", ...new Set(connectSrc)],
    ["frame-src", "https://www.google.com", "https://maps.google.com"],
    ["form-action", "'self'", "https://checkout.stripe.com"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (upgradeInsecureRequests) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}
