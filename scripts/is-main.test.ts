// @vitest-environment node
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { isMain } from "./is-main";

const dir = mkdtempSync(path.join(tmpdir(), "a folder with spaces-"));
const script = path.join(dir, "gate.ts");
writeFileSync(script, "");
const link = path.join(dir, "linked gate.ts");
symlinkSync(script, link);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("isMain", () => {
  it("recognises the entry script through spaces, a symlink and a relative path", () => {
    const url = pathToFileURL(script).href;
    expect(url).toContain("%20");
    expect(isMain(url, script)).toBe(true);
    expect(isMain(url, link)).toBe(true);
    expect(isMain(pathToFileURL(link).href, script)).toBe(true);
    expect(isMain(url, path.relative(process.cwd(), script))).toBe(true);
  });

  it("is false for another script or no entry", () => {
    expect(isMain(pathToFileURL(script).href, path.join(dir, "missing.ts"))).toBe(false);
    expect(isMain(pathToFileURL(script).href, undefined)).toBe(false);
    expect(isMain(import.meta.url, script)).toBe(false);
  });
});
