/** Build step: sitemap.xml and robots.txt, every page but /404 under SITE_URL. */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import type { BuildStep } from "./files";

export const DEFAULT_SITE_URL = "https://tncc.example.org";

/** SITE_URL without its trailing slash; throws on anything but an absolute http(s) URL. */
export function normalizeSiteUrl(value: string | undefined): string {
  const raw = value || DEFAULT_SITE_URL;
  let ok = false;
  try {
    ok = ["http:", "https:"].includes(new URL(raw).protocol);
  } catch {
    ok = false;
  }
  if (!ok) throw new Error(`SITE_URL must be an absolute http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, "");
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[ch] ?? ch);

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

export const sitemapStep: BuildStep = {
  name: "sitemap",
  async run({ clientDir, siteUrl, pages }) {
    await writeFile(
      path.join(clientDir, "sitemap.xml"),
      buildSitemap(
        siteUrl,
        pages.map((p) => p.page),
      ),
    );
    await writeFile(path.join(clientDir, "robots.txt"), buildRobots(siteUrl));
    return `sitemap: sitemap.xml (${siteUrl}), robots.txt`;
  },
};
