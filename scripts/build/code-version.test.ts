import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { codeVersion } from "./code-version";

describe("codeVersion", () => {
  const repo = mkdtempSync(path.join(tmpdir(), "tncc-code-version-"));
  afterAll(() => rmSync(repo, { recursive: true, force: true }));
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", repo, "-c", "user.name=T", "-c", "user.email=t@example.org", ...args], {
      stdio: "ignore",
    });
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
    writeFileSync(path.join(repo, rel), text);
  };
  const commit = (rel: string, text: string) => {
    write(rel, text);
    git("add", "--", rel);
    git("commit", "-qm", rel);
  };

  it("changes with the code and its variables, never with the content or the pictures", () => {
    git("init", "-q");
    commit("app/page.tsx", "export default 1;\n");
    commit("content/site.yaml", "title: A\n");
    const env = { SITE_URL: "https://a.example" };
    const first = codeVersion(repo, env);
    expect(first).toMatch(/^[0-9a-f]{64}$/);

    commit("content/site.yaml", "title: B\n");
    commit("public/images/gallery/new.jpg", "a picture");
    write("content/draft.md", "not yet committed");
    // Nor what no build reads.
    commit("docs/notes.md", "a note");
    commit("README.md", "read me");
    commit("app/page.test.tsx", "a test");
    commit("tests/e2e/page.spec.ts", "a browser test");
    expect(codeVersion(repo, env)).toBe(first);

    expect(codeVersion(repo, { SITE_URL: "https://b.example" })).not.toBe(first);
    expect(codeVersion(repo, { ...env, PATH: "/elsewhere" })).toBe(first);

    // A commit touching app/, an edit not committed, a new file: each another version.
    commit("app/page.tsx", "export default 2;\n");
    const second = codeVersion(repo, env);
    expect(second).not.toBe(first);
    write("app/page.tsx", "export default 3;\n");
    const edited = codeVersion(repo, env);
    expect(edited).not.toBe(second);
    write("app/new.ts", "export {};\n");
    expect(codeVersion(repo, env)).not.toBe(edited);
  });

  it("is null outside a git working copy (every publish then compiles)", () => {
    const plain = mkdtempSync(path.join(tmpdir(), "tncc-code-version-plain-"));
    try {
      expect(codeVersion(plain, {})).toBeNull();
    } finally {
      rmSync(plain, { recursive: true, force: true });
    }
  });
});
