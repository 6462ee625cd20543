/** Build step: search-index.json, the title, description and visible text of each page (the header's search). */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SearchEntry } from "../../app/lib/search";
import type { BuildStep } from "./files";

const TITLE_SUFFIX = /\s*\|\s*TNCC$/;
export const MAX_TEXT = 1500;

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

export const searchIndexStep: BuildStep = {
  name: "search index",
  async run({ clientDir, pages }) {
    const search: SearchEntry[] = [];
    for (const { file, page } of pages)
      if (page !== "/404") search.push(extractSearchEntry(page, await readFile(file, "utf8")));
    await writeFile(path.join(clientDir, "search-index.json"), JSON.stringify(search));
    return `search: search-index.json (${search.length} entries)`;
  },
};
