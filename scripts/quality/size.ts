/**
 * Size budget (part of npm test): the compressed bytes each page loads before it is interactive, as the
 * server sends them to browsers (brotli quality 11, the build's .br copies) and as Lighthouse counts them
 * in `npm run bench`. Bytes do not depend on machine load, so unlike Lighthouse timings they can gate
 * every change. The gzip figure (older browsers and proxies) is printed beside it.
 *
 * `htmlKiB` is the page's own HTML. The first paint waits for all of it, and a new connection's first round
 * trip carries 10 TCP segments (14.6 KB, the initial congestion window that Lighthouse simulates too). With
 * about 1.4 KB of response headers, HTML up to 13 KiB arrives in one round trip; more costs a whole round trip
 * (150 ms on Lighthouse's mobile network) before anything paints (issue 19, docs/decisions/017).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { builtPages, bytesBudget, clientDir, overBudget, readBudgets } from "./budgets";
import { isMain } from "../is-main";

export interface PageAssets {
  scripts: string[];
  styles: string[];
  fonts: string[];
  inlineScripts: string[];
}

/** The assets a page's HTML asks for up front: module scripts and preloads, stylesheets, preloaded fonts. */
export function initialAssets(html: string): PageAssets {
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  const assets: PageAssets = { scripts: [], styles: [], fonts: [], inlineScripts: [] };
  for (const tag of html.match(/<(?:script|link)\b[^>]*>/g) ?? []) {
    const rel = attr(tag, "rel");
    const href = attr(tag, "href");
    const src = attr(tag, "src");
    if (tag.startsWith("<script") && src) assets.scripts.push(src);
    else if (rel === "modulepreload" && href) assets.scripts.push(href);
    else if (rel === "stylesheet" && href) assets.styles.push(href);
    else if (rel === "preload" && attr(tag, "as") === "font" && href) assets.fonts.push(href);
  }
  // Inline scripts, except data blocks (JSON-LD for search engines is not run as JavaScript).
  for (const match of html.matchAll(
    /<script\b(?![^>]*\ssrc=)(?![^>]*\stype="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const code = match[1] ?? "";
    assets.inlineScripts.push(code);
    // The page bootstrap loads its modules itself (see hydrateAfterLoad in postbuild.ts): count them too.
    for (const url of code.match(/\/assets\/[\w.-]+\.js/g) ?? []) assets.scripts.push(url);
  }
  return { ...assets, scripts: [...new Set(assets.scripts)], styles: [...new Set(assets.styles)] };
}

export const brotliKiB = (data: Buffer | string) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024;
export const gzipKiB = (data: Buffer | string) => gzipSync(data, { level: 9 }).length / 1024;
const read = (url: string) => readFileSync(path.join(clientDir, decodeURIComponent(url.split("?")[0] ?? "")));

export interface PageSize {
  jsKiB: number;
  cssKiB: number;
  totalKiB: number;
  htmlKiB: number;
  /** The page's JavaScript gzipped (level 9), for comparison with figures measured that way before. */
  jsGzipKiB: number;
}

export function measurePage(htmlFile: string): PageSize {
  const html = readFileSync(htmlFile, "utf8");
  const assets = initialAssets(html);
  const inline = assets.inlineScripts.join("\n");
  const sum = (urls: string[], size: (data: Buffer) => number) => urls.reduce((n, url) => n + size(read(url)), 0);
  const jsKiB = sum(assets.scripts, brotliKiB) + brotliKiB(inline);
  const cssKiB = sum(assets.styles, brotliKiB);
  const fontKiB = sum(assets.fonts, (data) => data.length / 1024);
  const jsGzipKiB = sum(assets.scripts, gzipKiB) + gzipKiB(inline);
  const htmlKiB = brotliKiB(html);
  return { jsKiB, cssKiB, htmlKiB, totalKiB: htmlKiB + jsKiB + cssKiB + fontKiB, jsGzipKiB };
}

if (isMain(import.meta.url)) {
  const budgets = readBudgets();
  const { bytes } = budgets;
  const problems: string[] = [];
  let largest = { page: "", jsKiB: 0, jsGzipKiB: 0 };
  let home = 0;
  for (const [page, file] of builtPages()) {
    const { jsGzipKiB, ...size } = measurePage(file);
    if (size.jsKiB > largest.jsKiB) largest = { page, jsKiB: size.jsKiB, jsGzipKiB };
    if (page === "/") home = size.htmlKiB;
    problems.push(...overBudget(page, size, bytesBudget(budgets, page)));
  }
  if (problems.length > 0) {
    console.error(`Size budget exceeded (brotli KiB, budgets.json):\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(
    `Size budget OK: largest initial JS ${largest.jsKiB.toFixed(1)} KiB brotli (${largest.jsGzipKiB.toFixed(1)} KiB gzip) on ${largest.page} (budget ${bytes.jsKiB} KiB); / HTML ${home.toFixed(1)} KiB brotli (budget ${bytes.htmlKiB} KiB: one round trip).`,
  );
}
