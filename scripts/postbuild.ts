/**
 * Runs after `react-router build` (see package.json "build"). From the pre-rendered pages in
 * build/client it writes:
 * - build/headers.json: each page's Content-Security-Policy with the sha256 of its inline scripts
 *   (React Router inlines its hydration scripts), read by server/app.ts;
 * - build/client/_headers: the same headers for static hosts (Netlify / Cloudflare Pages format);
 * - build/client/404.html: the 404 page without scripts, which static hosts answer unknown paths with;
 * - build/client/sitemap.xml, robots.txt and search-index.json (the header's search popup);
 * - .br and .gz siblings of the text files, which the server sends as they are.
 */
import { createHash } from "node:crypto";
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { loadEnv } from "vite";
import { CACHE_IMMUTABLE, HSTS, SECURITY_HEADERS, stripScripts, type HeadersManifest } from "../server/app";
import type { SearchEntry } from "../app/lib/search";
import { isMain } from "./is-main";
import { loadContent, readImageManifest } from "../app/content/load";
import { writeCalendarFiles } from "./build/calendar";
import { writeCheckoutData } from "./build/checkout-data";
import { writeFeed } from "./build/feed";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const DEFAULT_SITE_URL = "https://tncc.example.org";
const TITLE_SUFFIX = /\s*\|\s*TNCC$/;
export const MAX_TEXT = 1500;
const COMPRESSIBLE = new Set([".html", ".js", ".css", ".json", ".xml", ".txt", ".svg", ".data"]);
const MIN_COMPRESS_SIZE = 1024;
/** Cloudflare Pages reads at most this many rules from _headers (Netlify has no such limit). */
const CLOUDFLARE_RULE_LIMIT = 100;

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

/** The site's policy: only what it really loads (Stripe checkout, map frames). */
export function buildCsp({
  scriptHashes = [],
  connectSrc = [],
  upgradeInsecureRequests = false,
}: CspOptions = {}): string {
  const directives: string[][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", ...new Set(scriptHashes), "https://js.stripe.com"],
    ["style-src", "'self'", "'unsafe-inline'"],
    ["img-src", "'self'", "data:", "https://*.stripe.com"],
    ["font-src", "'self'"],
    ["connect-src", "'self'", "https://api.stripe.com", ...new Set(connectSrc)],
    [
      "frame-src",
      "https://js.stripe.com",
      "https://hooks.stripe.com",
      "https://www.google.com",
      "https://maps.google.com",
    ],
    ["form-action", "'self'", "https://checkout.stripe.com"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (upgradeInsecureRequests) directives.push(["upgrade-insecure-requests"]);
  return directives.map((d) => d.join(" ")).join("; ");
}

/** The origin of an absolute http(s) URL; undefined for a relative or invalid one. */
export function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** The contents of the inline (no `src`) `<script>` elements of a page, in order. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attrs = "", content = ""] = m;
    if (!/\bsrc\s*=/i.test(attrs) && content !== "") scripts.push(content);
  }
  return scripts;
}

/** The CSP source for a script's exact text: `'sha256-<base64>'`. */
export function hashScript(content: string): string {
  const digest = createHash("sha256").update(content, "utf8").digest("base64");
  return `'sha256-${digest}'`;
}

// ---------------------------------------------------------------- _headers, sitemap, robots

/**
 * Netlify / Cloudflare Pages `_headers`. The CSP is set per page and never on `/*`: both hosts
 * join the values of a header that two matching rules set, and browsers enforce such a joined
 * value as two policies (the one without hashes would block the page's scripts).
 */
export function buildHeadersFile(pages: Record<string, string>): string {
  const block = (rule: string, headers: Record<string, string>) =>
    [rule, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join("\n");
  return (
    [
      "# Generated by scripts/postbuild.ts: the headers of server/app.ts, for static hosts.",
      block("/*", {
        ...SECURITY_HEADERS,
        "Strict-Transport-Security": HSTS,
      }),
      block("/assets/*", { "Cache-Control": CACHE_IMMUTABLE }),
      block("/_img/*", { "Cache-Control": "public, max-age=604800" }),
      block("/images/*", { "Cache-Control": "public, max-age=604800" }),
      ...Object.entries(pages).map(([page, csp]) => block(page, { "Content-Security-Policy": csp })),
    ].join("\n") + "\n"
  );
}

/** SITE_URL without its trailing slash; throws on anything but an absolute http(s) URL. */
export function normalizeSiteUrl(value: string | undefined): string {
  const raw = value || DEFAULT_SITE_URL;
  if (!originOf(raw)) throw new Error(`SITE_URL must be an absolute http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, "");
}

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) =>
      ({
        "&": "&amp;",
        "<": "&lt;",
        ">": "&gt;",
        '"': "&quot;",
        "'": "&apos;",
      })[ch] ?? ch,
  );

const encodePath = (page: string) => page.split("/").map(encodeURIComponent).join("/");

/** Every page but /404, sorted, as absolute URLs. */
export function buildSitemap(siteUrl: string, pages: readonly string[]): string {
  const urls = pages
    .filter((p) => p !== "/404")
    .sort()
    .map((p) => `  <url><loc>${escapeXml(siteUrl + encodePath(p))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function buildRobots(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

// ---------------------------------------------------------------- search index

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
  ndash: "\u2013",
  mdash: "\u2014",
  hellip: "\u2026",
  lsquo: "\u2018",
  rsquo: "\u2019",
  ldquo: "\u201c",
  rdquo: "\u201d",
  laquo: "\u00ab",
  raquo: "\u00bb",
  middot: "\u00b7",
  bull: "\u2022",
  copy: "\u00a9",
  reg: "\u00ae",
  trade: "\u2122",
};

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith("#")) {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Attributes of one start tag, names lower-cased, values entity-decoded. */
function attributes(tag: string): Map<string, string> {
  const attrs = new Map<string, string>();
  const inner = tag.replace(/^<[^\s>/]+/, "").replace(/\/?>$/, "");
  for (const m of inner.matchAll(/([^\s=/>"']+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
    const [, name = "", d, s, u] = m;
    attrs.set(name.toLowerCase(), decodeEntities(d ?? s ?? u ?? ""));
  }
  return attrs;
}

/**
 * Formatting tags that can sit inside a word ("<b>W</b>rapped"); every other tag separates words,
 * since JSX drops the whitespace between sibling elements (<span>24</span><span>Oct</span>).
 */
const JOINING_TAGS = "abbr|b|code|del|em|i|ins|kbd|mark|q|s|small|strong|sub|sup|u|wbr";

/** The text a reader sees in a fragment of HTML, whitespace collapsed. */
export function visibleText(html: string): string {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<(script|style|template|noscript|svg)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(new RegExp(`</?(?:${JOINING_TAGS})\\b[^>]*>`, "gi"), "")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(text)
    .replace(/\s+/g, " ")
    .replace(/ ([.,;:!?])(?= |$)/g, "$1")
    .trim();
}

export function extractSearchEntry(page: string, html: string): SearchEntry {
  const title = decodeEntities(html.match(/<title\b[^>]*>([\s\S]*?)<\/title\s*>/i)?.[1] ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(TITLE_SUFFIX, "");
  let description = "";
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    if (attrs.get("name")?.toLowerCase() === "description") {
      description = (attrs.get("content") ?? "").replace(/\s+/g, " ").trim();
      break;
    }
  }
  const main =
    html.match(/<main\b[^>]*>([\s\S]*)<\/main\s*>/i)?.[1] ??
    html.match(/<body\b[^>]*>([\s\S]*)<\/body\s*>/i)?.[1] ??
    "";
  const chars = [...visibleText(main)];
  const text = chars.length > MAX_TEXT ? chars.slice(0, MAX_TEXT).join("").trimEnd() : chars.join("");
  return { path: page, title, description, text };
}

// ---------------------------------------------------------------- files

async function walk(dir: string): Promise<string[]> {
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

/** Runs fn over items, at most `limit` at a time. */
async function eachLimit<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.max(1, limit) }, worker));
}

/** Writes .br (quality 11) and .gz (level 9) siblings; returns [files, raw bytes, brotli bytes]. */
async function precompress(clientDir: string): Promise<[number, number, number]> {
  const files = (await walk(clientDir)).filter((f) => COMPRESSIBLE.has(path.extname(f).toLowerCase()));
  let count = 0;
  let raw = 0;
  let br = 0;
  await eachLimit(files, availableParallelism(), async (file) => {
    const { size } = await stat(file);
    if (size <= MIN_COMPRESS_SIZE) return;
    const data = await readFile(file);
    const [b, g] = await Promise.all([
      brotli(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
        },
      }),
      gzipAsync(data, { level: 9 }),
    ]);
    for (const [ext, out] of [
      [".br", b],
      [".gz", g],
    ] as const) {
      if (out.byteLength < size) await writeFile(file + ext, out);
      else await rm(file + ext, { force: true });
    }
    count++;
    raw += size;
    br += Math.min(b.byteLength, size);
  });
  return [count, raw, br];
}

/**
 * React Router's page bootstrap imports the route modules at once, so they and the hydration that follows
 * compete with the first paint (and Lighthouse counts every script fetched before it as render-blocking).
 * This rewrites each page so that the code is fetched only after the load event and one painted frame:
 * the module preload links move into the bootstrap (all fetched in parallel, no waterfall), then the same
 * modules are imported in the same order. The pre-rendered page is complete and readable without
 * JavaScript, and links work as plain links until hydration. Throws if the bootstrap has another shape
 * (after a React Router upgrade), so the build stops instead of shipping an untested page.
 */
export function hydrateAfterLoad(html: string): string {
  const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script>/;
  const match = bootstrap.exec(html);
  if (!match) throw new Error("React Router's module bootstrap script was not found");
  const marker = "// hydrate after load\n";
  const body = match[1]!;
  if (body.startsWith(marker)) return html; // already done (postbuild ran twice)
  const preloads: string[] = [];
  const withoutPreloads = html.replace(/<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g, (_, href: string) => {
    preloads.push(href);
    return "";
  });
  const sideEffects: string[] = [];
  const named: [string, string][] = [];
  const rest = body.replace(
    /^import (?:\* as (\w+) from )?("[^"]+");\n?/gm,
    (_, name: string | undefined, url: string) => {
      if (name) named.push([name, url]);
      else sideEffects.push(url);
      return "";
    },
  );
  if (named.length === 0 || !rest.includes("__reactRouterRouteModules")) {
    throw new Error("React Router's module bootstrap has an unexpected shape: check hydrateAfterLoad");
  }
  const script =
    marker +
    'await new Promise((resolve) => (document.readyState === "complete" ? resolve() : addEventListener("load", () => resolve(), { once: true })));\n' +
    "await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));\n" +
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));\n` +
    sideEffects.map((url) => `await import(${url});\n`).join("") +
    `const [${named.map(([name]) => name).join(", ")}] = await Promise.all([${named.map(([, url]) => `import(${url})`).join(", ")}]);\n` +
    rest.trim();
  return withoutPreloads.replace(bootstrap, () => `<script type="module" async="">${script}</script>`);
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

export async function postbuild(buildDir: string, env: Record<string, string | undefined>): Promise<string> {
  const clientDir = path.join(buildDir, "client");
  const siteUrl = normalizeSiteUrl(env.SITE_URL);
  const vitalsOrigin = originOf(env.VITE_VITALS_URL);
  const connectSrc = vitalsOrigin ? [vitalsOrigin] : [];

  const pageFiles = (await walk(clientDir))
    .filter((f) => path.basename(f) === "index.html")
    .map((file) => ({ file, page: pagePathOf(clientDir, file) }))
    .sort((a, b) => (a.page < b.page ? -1 : a.page > b.page ? 1 : 0));
  if (!pageFiles.some((p) => p.page === "/"))
    throw new Error(`${clientDir}/index.html is missing: did react-router build run?`);

  const manifest: HeadersManifest = {
    pages: {},
    default: { csp: buildCsp({ connectSrc }) },
  };
  const staticCsp: Record<string, string> = {};
  const search: SearchEntry[] = [];
  let hashCount = 0;
  for (const { file, page } of pageFiles) {
    const html = hydrateAfterLoad(await readFile(file, "utf8"));
    await writeFile(file, html);
    const scriptHashes = [...new Set(inlineScripts(html).map(hashScript))];
    hashCount += scriptHashes.length;
    manifest.pages[page] = { csp: buildCsp({ scriptHashes, connectSrc }) };
    staticCsp[page] = buildCsp({
      scriptHashes,
      connectSrc,
      upgradeInsecureRequests: true,
    });
    if (page === "/404") await writeFile(path.join(clientDir, "404.html"), stripScripts(html));
    else search.push(extractSearchEntry(page, html));
  }

  const pages = pageFiles.map((p) => p.page);
  await writeFile(path.join(buildDir, "headers.json"), JSON.stringify(manifest, null, 2) + "\n");
  await writeFile(path.join(clientDir, "_headers"), buildHeadersFile(staticCsp));
  await writeFile(path.join(clientDir, "sitemap.xml"), buildSitemap(siteUrl, pages));
  await writeFile(path.join(clientDir, "robots.txt"), buildRobots(siteUrl));
  await writeFile(path.join(clientDir, "search-index.json"), JSON.stringify(search));

  const [compressed, raw, br] = await precompress(clientDir);
  const rules = 4 + pages.length;
  const warning =
    rules > CLOUDFLARE_RULE_LIMIT
      ? ` (warning: _headers has ${rules} rules, Cloudflare Pages reads ${CLOUDFLARE_RULE_LIMIT})`
      : "";
  return (
    `postbuild: ${pages.length} pages, ${hashCount} inline-script hashes -> build/headers.json + _headers, ` +
    `sitemap.xml (${siteUrl}), robots.txt, search-index.json (${search.length} entries), ` +
    `${compressed} files precompressed (${kib(raw)} -> ${kib(br)} br)${warning}`
  );
}

if (isMain(import.meta.url)) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  // The same variables Vite sees (.env, .env.production, then the environment).
  const env = { ...loadEnv("production", repo, ["VITE_", "SITE_"]) };
  try {
    console.log(await postbuild(path.join(repo, "build"), env));
    const content = loadContent(
      path.join(repo, "app/content"),
      readImageManifest(path.join(repo, ".generated/images.json")),
    );
    console.log(await writeCheckoutData(path.join(repo, "build"), content));
    const clientDir = path.join(repo, "build", "client");
    console.log(await writeCalendarFiles(clientDir, content, normalizeSiteUrl(env.SITE_URL)));
    console.log(await writeFeed(clientDir, content, normalizeSiteUrl(env.SITE_URL)));
  } catch (error) {
    console.error(`postbuild failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  }
}
