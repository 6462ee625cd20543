/**
 * Heading-font check (part of npm test, `check:build`): the text every pre-rendered page sets in the heading
 * font uses only the characters of its basic file (`scripts/subset-fonts.ts`, fetched once the page has painted,
 * docs/decisions/035). A character from the other file still shows in Fraunces, but that page then waits for a
 * second font download (issue 19, docs/decisions/018).
 */
import { readFileSync } from "node:fs";
import { JSDOM } from "jsdom";
import { builtPages, clientDir } from "./budgets";
import { isMain } from "../is-main";
import { BASIC_RANGES, rangesText } from "../subset-fonts";

/** What app.css sets in the heading font: h1 to h4, and elements with Tailwind's `font-serif`. */
export const HEADING_FONT_SELECTOR = "h1, h2, h3, h4, .font-serif";

/** One line per page and character outside the basic file, e.g. `/pricing: "#" (U+0023) in "Plan #1"`. */
export function headingFontProblems(dir: string = clientDir): string[] {
  const basic = new Set(rangesText(BASIC_RANGES));
  const problems: string[] = [];
  for (const [page, file] of builtPages(dir)) {
    const { document } = new JSDOM(readFileSync(file, "utf8")).window;
    const seen = new Set<string>();
    for (const element of document.querySelectorAll(HEADING_FONT_SELECTOR)) {
      const text = element.textContent ?? "";
      for (const c of text) {
        if (basic.has(c) || /\s/.test(c) || seen.has(c)) continue;
        seen.add(c);
        const code = c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
        problems.push(`${page}: "${c}" (U+${code}) in "${text.trim().slice(0, 60)}"`);
      }
    }
  }
  return problems;
}

if (isMain(import.meta.url)) {
  const problems = headingFontProblems();
  if (problems.length > 0) {
    console.error(
      `Heading text outside the basic font file (${problems.length}); add the characters to BASIC_RANGES in ` +
        `scripts/subset-fonts.ts, run npm run fonts and copy the unicode-ranges it prints into app/styles/app.css; ` +
        `or reword:\n${problems.join("\n")}`,
    );
    process.exit(1);
  }
  console.log(`Heading font: every page's heading text is in the basic file (${builtPages(clientDir).length} pages).`);
}
