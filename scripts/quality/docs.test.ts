/**
 * The docs stay true to the tree (issue 64, item 6): every decision record is listed in the decisions' index and
 * every entry there names a record that exists; the README's test paragraph names every step `npm test` runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DECISIONS = path.join(ROOT, "docs/decisions");

describe("the docs", () => {
  it("the decisions' index lists every record, and only records that exist", () => {
    const records = readdirSync(DECISIONS).filter((f) => /^\d{3}-.+\.md$/.test(f));
    const index = readFileSync(path.join(DECISIONS, "README.md"), "utf8");
    const linked = [...index.matchAll(/\]\((\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual(records.sort());
  });

  it("the README's test paragraph names each step of `npm run validate`", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const steps = [...pkg.scripts.validate!.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(steps.length).toBeGreaterThan(5);
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const paragraph = readme.slice(readme.indexOf("npm test\n```"), readme.indexOf("## Other commands"));
    const words: Record<string, RegExp> = {
      typecheck: /typecheck/,
      lint: /lint/,
      "check:cycles": /`check:cycles`/,
      "test:unit": /unit and integration tests/,
      "test:pg": /`test:pg`/,
      build: /the build/,
      "check:build": /`check:build`/,
      "test:e2e": /end-to-end tests/,
    };
    for (const step of steps) {
      expect(words[step], `a word for the step ${step}`).toBeDefined();
      expect(paragraph, step).toMatch(words[step]!);
    }
  });
});
