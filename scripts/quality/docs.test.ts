/**
 * The docs stay true to the tree (issue 64, item 6): every decision record is listed in the decisions' index and
 * every entry there names a record that exists; the README's test paragraph names every step `npm test` runs;
 * docs/CONVENTIONS.md's layout names files and folders that exist, and every server folder, and each path of its
 * "Where a new thing goes" table exists.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const DECISIONS = path.join(ROOT, "docs/decisions");
const exists = (p: string) => existsSync(path.join(ROOT, p));
/** A name that stands for many (`<feature>/`, `NN-name.md`, `*.yaml`): not a path to check. */
const placeholder = (name: string) => /[<*]|NN/.test(name);
const conventions = readFileSync(path.join(ROOT, "docs/CONVENTIONS.md"), "utf8");

/** Each path the layout block names (indentation is nesting; a placeholder folder's entries are its parent's). */
function layoutPaths(): string[] {
  const block = /```\n(app\/[\s\S]*?)```/.exec(conventions)![1]!;
  const paths: string[] = [];
  const stack: { indent: number; name: string }[] = [];
  for (const line of block.split("\n")) {
    const match = /^( *)(\S+)/.exec(line);
    // A description wraps at column 25: not an entry.
    if (!match || match[1]!.length >= 20) continue;
    const indent = match[1]!.length;
    while (stack.length && stack.at(-1)!.indent >= indent) stack.pop();
    const parent = stack.map((s) => (placeholder(s.name) ? "" : s.name)).join("");
    const folders = /^ *((?:[\w.-]+\/ )+)/.exec(line);
    const names = folders ? folders[1]!.trim().split(/ +/) : [match[2]!];
    for (const name of names) if (!placeholder(name)) paths.push(parent + name);
    if (match[2]!.endsWith("/")) stack.push({ indent, name: match[2]! });
  }
  return paths;
}

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
      "test:all": /`test:all`/,
      build: /the build/,
      "check:build": /`check:build`/,
      "test:e2e": /end-to-end tests/,
    };
    for (const step of steps) {
      expect(words[step], `a word for the step ${step}`).toBeDefined();
      expect(paragraph, step).toMatch(words[step]!);
    }
  });

  it("CONVENTIONS' layout names what exists, and every server folder", () => {
    const named = layoutPaths();
    expect(named.length).toBeGreaterThan(30);
    expect(named.filter((p) => !exists(p))).toEqual([]);
    const serverFolders = readdirSync(path.join(ROOT, "server"), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => `server/${e.name}/`);
    expect(serverFolders.filter((f) => !named.includes(f))).toEqual([]);
  });

  it("every path CONVENTIONS names exists, and each of the table's (under server/ or app/content/)", () => {
    const quoted = [...conventions.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!.split(":")[0]!);
    const rooted = quoted.filter((t) => /^(server|app|scripts|tests|docs|content)\//.test(t) && !placeholder(t));
    expect(rooted.filter((p) => !exists(p))).toEqual([]);
    const table = conventions.slice(
      conventions.indexOf("### Where a new thing goes"),
      conventions.indexOf("## Content:"),
    );
    const relative = [...table.matchAll(/`([^`\s]+\/[^`\s]+)`/g)]
      .map((m) => m[1]!)
      .filter((t) => !placeholder(t) && !t.startsWith("/") && !/^(server|app|scripts|tests|docs|content)\//.test(t));
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.filter((p) => !["server/", "app/content/"].some((base) => exists(base + p)))).toEqual([]);
  });
});
