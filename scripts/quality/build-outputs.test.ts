/**
 * What the build hands the server is named in one module (app/lib/build-outputs.ts): no other file spells one
 * of its file names (or the `::step` line) in a string, so a renamed output cannot leave a reader behind.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILD_OUTPUTS, IMAGE_MANIFEST } from "../../app/lib/build-outputs";
import { repoRoot } from "./budgets";

const MODULE = "app/lib/build-outputs.ts";
/** Folders of code (the organisers' content/ and public/ hold no code). */
const CODE = ["app", "server", "scripts", "tests"];
/**
 * Files another change is rewriting at this moment (issue 40, item 1: the list of collections); each reads the
 * image manifest and moves to IMAGE_MANIFEST with that change. Remove a line once its file imports the name.
 */
/** This test, whose own examples spell names. */
const SELF = "scripts/quality/build-outputs.test.ts";

const names = [...Object.values(BUILD_OUTPUTS).map((o) => o.file), path.basename(IMAGE_MANIFEST)];

function codeFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) codeFiles(rel, out);
    else if (/\.(ts|tsx|mts|mjs|js)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** The output file names a source writes inside a string literal ("…/checkout.json", `${dir}/build.json`). */
export function spelledOutputs(source: string): string[] {
  const found: string[] = [];
  // Comments name the files freely (block comments, and lines that are only a comment).
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  for (const literal of code.matchAll(/(["'`])((?:(?!\1)[^\n\\]|\\.)*)\1/g)) {
    if (literal[2]!.startsWith("::step")) found.push("::step");
    for (const name of names)
      if (new RegExp(`(^|[/"'\`\\s])${name.replace(".", "\\.")}$`).test(literal[2]!)) found.push(name);
  }
  return found;
}

describe("the build's outputs", () => {
  it("finds an output's name written in a string (the check can fail)", () => {
    expect(spelledOutputs('path.join(dir, "checkout.json")')).toEqual(["checkout.json"]);
    expect(spelledOutputs("const f = `${dir}/build.json`;")).toEqual(["build.json"]);
    expect(spelledOutputs("console.log(`::step ${name}`);")).toEqual(["::step"]);
    expect(spelledOutputs('// build/headers.json in a comment\nconst x = "bad-headers.json";')).toEqual([]);
  });

  it("are named only in their module", () => {
    const offenders = CODE.flatMap((dir) => codeFiles(dir))
      .filter((file) => file !== MODULE && file !== SELF)
      .flatMap((file) => spelledOutputs(readFileSync(path.join(repoRoot, file), "utf8")).map((n) => `${file}: ${n}`));
    expect(offenders).toEqual([]);
  });
});
