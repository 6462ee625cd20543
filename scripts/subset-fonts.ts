/**
 * `npm run fonts`: writes the heading font as the site uses it (issue 19, docs/decisions/014-fonts.md), from
 * Fraunces' Latin file (the same characters as Fontsource's `latin` subset) with its weight axis fixed at 600,
 * the weight of every heading, in two files:
 * - `fraunces-basic-600.woff2`: the letters, digits and punctuation headings use (about 10 KB). Fetched once
 *   the page has painted (docs/decisions/035; it was preloaded beside the CSS and the banner picture, 018).
 * - `fraunces-latin-600.woff2`: the rest of the Latin file (accented letters, rarer signs). Not preloaded;
 *   the browser fetches it only for a heading that has one of them (app.css gives each file its
 *   unicode-range, written from BASIC_RANGES and LATIN_RANGES below).
 * Run it again after a Fontsource upgrade.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { isMain } from "./is-main";
import { repoRoot } from "./quality/budgets";

export const HEADING_WEIGHT = 600;

type Ranges = [number, number][];

/** Fontsource's `latin` unicode-range, as the characters to keep. */
export const LATIN_RANGES: Ranges = [
  [0x0000, 0x00ff],
  [0x0131, 0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6, 0x02c6],
  [0x02da, 0x02da],
  [0x02dc, 0x02dc],
  [0x0304, 0x0304],
  [0x0308, 0x0308],
  [0x0329, 0x0329],
  [0x2000, 0x206f],
  [0x20ac, 0x20ac],
  [0x2122, 0x2122],
  [0x2191, 0x2191],
  [0x2193, 0x2193],
  [0x2212, 0x2212],
  [0x2215, 0x2215],
  [0xfeff, 0xfeff],
  [0xfffd, 0xfffd],
];

/**
 * The preloaded file's characters: what headings are written with. Letters, digits, spaces, and the signs of
 * prose and prices: ! " $ % & ' ( ) , - . / : ; ? and the curly quotes, dashes and ellipsis. The rest of ASCII
 * (# * + < = > @ [ \ ] ^ _ ` { | } ~) and the bullet are in the other file: every glyph of Fraunces weighs about
 * 100 bytes, and the file must stay small (docs/decisions/018). `check:build`
 * names a page whose heading text leaves this set. The controls are here so no line break asks for the other file.
 */
export const BASIC_RANGES: Ranges = [
  [0x0000, 0x0022],
  [0x0024, 0x0029],
  [0x002c, 0x003b],
  [0x003f, 0x003f],
  [0x0041, 0x005a],
  [0x0061, 0x007a],
  [0x00a0, 0x00a0],
  [0x2013, 0x2014],
  [0x2018, 0x2019],
  [0x201c, 0x201d],
  [0x2026, 0x2026],
];

const inRanges = (ranges: Ranges, c: number) => ranges.some(([from, to]) => c >= from && c <= to);

/** LATIN_RANGES without BASIC_RANGES: the second file's characters. */
export function restRanges(): Ranges {
  const rest: Ranges = [];
  for (const [from, to] of LATIN_RANGES) {
    for (let c = from; c <= to; c++) {
      if (inRanges(BASIC_RANGES, c)) continue;
      const last = rest.at(-1);
      if (last && last[1] === c - 1) last[1] = c;
      else rest.push([c, c]);
    }
  }
  return rest;
}

export function rangesText(ranges: Ranges): string {
  let text = "";
  for (const [from, to] of ranges) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

/** The CSS `unicode-range` value of the ranges, as app.css writes it. */
export function unicodeRange(ranges: Ranges): string {
  const hex = (c: number) => c.toString(16).toUpperCase().padStart(4, "0");
  return ranges.map(([from, to]) => (from === to ? `U+${hex(from)}` : `U+${hex(from)}-${hex(to)}`)).join(", ");
}

export const FONT_FILES = { basic: "fraunces-basic-600.woff2", rest: "fraunces-latin-600.woff2" } as const;

if (isMain(import.meta.url)) {
  const source = readFileSync(
    path.join(repoRoot, "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2"),
  );
  for (const [file, ranges] of [
    [FONT_FILES.basic, BASIC_RANGES],
    [FONT_FILES.rest, restRanges()],
  ] as const) {
    const font = await subsetFont(source, rangesText(ranges), {
      targetFormat: "woff2",
      variationAxes: { wght: HEADING_WEIGHT },
    });
    const out = path.join(repoRoot, "app/styles/fonts", file);
    writeFileSync(out, font);
    console.log(
      `${path.relative(repoRoot, out)}: ${(font.length / 1024).toFixed(1)} KiB, unicode-range ${unicodeRange(ranges)}`,
    );
  }
}
