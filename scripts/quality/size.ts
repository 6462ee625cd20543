/**
 * Size budget (part of npm test): the compressed bytes each page loads before it is interactive.
 * Bytes do not depend on machine load, so unlike Lighthouse timings they can gate every change.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { builtPages, clientDir, overBudget, readBudgets } from "./budgets";
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

const gzipKiB = (data: Buffer | string) => gzipSync(data, { level: 9 }).length / 1024;
const fileKiB = (url: string, compress: boolean) => {
  const data = readFileSync(path.join(clientDir, decodeURIComponent(url.split("?")[0] ?? "")));
  return compress ? gzipKiB(data) : data.length / 1024;
};

export interface PageSize {
  jsKiB: number;
  cssKiB: number;
  totalKiB: number;
}

export function measurePage(htmlFile: string): PageSize {
  const html = readFileSync(htmlFile, "utf8");
  const assets = initialAssets(html);
  const jsKiB =
    assets.scripts.reduce((sum, url) => sum + fileKiB(url, true), 0) + gzipKiB(assets.inlineScripts.join("\n"));
  const cssKiB = assets.styles.reduce((sum, url) => sum + fileKiB(url, true), 0);
  const fontKiB = assets.fonts.reduce((sum, url) => sum + fileKiB(url, false), 0);
  return { jsKiB, cssKiB, totalKiB: gzipKiB(html) + jsKiB + cssKiB + fontKiB };
}

if (isMain(import.meta.url)) {
  const { bytes } = readBudgets();
  const problems: string[] = [];
  let largest = { page: "", jsKiB: 0 };
  for (const [page, file] of builtPages()) {
    const size = measurePage(file);
    if (size.jsKiB > largest.jsKiB) largest = { page, jsKiB: size.jsKiB };
    problems.push(...overBudget(page, { ...size }, bytes));
  }
  if (problems.length > 0) {
    console.error(`Size budget exceeded (compressed KiB, budgets.json):\n${problems.join("\n")}`);
    process.exit(1);
  }
  console.log(
    `Size budget OK: largest initial JS ${largest.jsKiB.toFixed(1)} KiB on ${largest.page} (budget ${bytes.jsKiB} KiB).`,
  );
}
