/**
 * `npm run fonts`: writes app/styles/fonts/fraunces-latin-600.woff2, the heading font as the site uses it
 * (issue 19, docs/decisions/014-fonts.md): Fraunces' Latin file (the same characters as Fontsource's
 * `latin` subset) with its weight axis fixed at 600, the weight of every heading. 36.6 KB -> about 17 KB,
 * and it is on the way to the largest paint of every page. Run it again after a Fontsource upgrade.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";
import { isMain } from "./is-main";
import { repoRoot } from "./quality/budgets";

export const HEADING_WEIGHT = 600;

/** Fontsource's `latin` unicode-range (also the @font-face's, in app.css), as the characters to keep. */
export const LATIN_RANGES: [number, number][] = [
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

export function latinText(): string {
  let text = "";
  for (const [from, to] of LATIN_RANGES) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);
  return text;
}

if (isMain(import.meta.url)) {
  const source = path.join(
    repoRoot,
    "node_modules/@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
  );
  const out = path.join(repoRoot, "app/styles/fonts/fraunces-latin-600.woff2");
  const font = await subsetFont(readFileSync(source), latinText(), {
    targetFormat: "woff2",
    variationAxes: { wght: HEADING_WEIGHT },
  });
  writeFileSync(out, font);
  console.log(`${path.relative(repoRoot, out)}: ${(font.length / 1024).toFixed(1)} KiB`);
}
