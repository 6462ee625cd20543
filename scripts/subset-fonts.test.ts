import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { repoRoot } from "./quality/budgets";
import { BASIC_RANGES, FONT_FILES, LATIN_RANGES, rangesText, restRanges, unicodeRange } from "./subset-fonts";

const codePoints = (ranges: [number, number][]) => [...rangesText(ranges)].map((c) => c.codePointAt(0)!);

describe("the heading font's two files", () => {
  test("share the Latin file's characters between them, none twice", () => {
    const basic = codePoints(BASIC_RANGES);
    const rest = codePoints(restRanges());
    expect(basic.filter((c) => rest.includes(c))).toEqual([]);
    expect([...basic, ...rest].sort((a, b) => a - b)).toEqual(codePoints(LATIN_RANGES));
  });

  test("app.css gives each file the unicode-range it was made with", () => {
    const css = readFileSync(path.join(repoRoot, "app/styles/app.css"), "utf8");
    const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
      file: /fonts\/([\w.-]+)"/.exec(body!)?.[1],
      range: /unicode-range:\s*([^;]*);/.exec(body!)?.[1]?.replace(/\s+/g, " ").trim(),
    }));
    expect(faces).toEqual([
      { file: FONT_FILES.basic, range: unicodeRange(BASIC_RANGES) },
      { file: FONT_FILES.rest, range: unicodeRange(restRanges()) },
    ]);
  });

  test("a heading's curly quotes and dashes are in the basic (preloaded) file", () => {
    const basic = rangesText(BASIC_RANGES);
    for (const c of "Wrapped in Grace – “Nets of Prayer” — it’s 24–27 October…") expect(basic).toContain(c);
  });
});
