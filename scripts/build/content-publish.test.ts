/**
 * The content-only publish (issue 52) against the full build, end to end: a live build of some content, then the
 * same changed content built both ways (reusing the live build's code, and compiling because the live build's
 * code is another version), compared file by file. Three real builds: slow, so one test. The content-only build
 * takes what did not change from the live build (issue 65: pages whose data is the same, compressed copies,
 * precache revisions) and makes the rest: the test checks it did both, so the comparison covers both.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS, RENDERER, stepOf } from "../../app/lib/build-outputs";
import { repoRoot } from "../quality/budgets";

const scratch = mkdtempSync(path.join(tmpdir(), "tncc-content-publish-"));
// Inside the project: the full build's pre-rendering imports the bundle it writes there, which needs node_modules.
const builds = path.join(repoRoot, ".generated", `test-content-publish-${process.pid}`);

/** Runs scripts/build.ts as a publish does; answers its steps' names (and its output, as `build.output`). */
function build(content: string, into: string, reuse?: string): string[] {
  const result = spawnSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
    cwd: repoRoot,
    encoding: "utf8",
    env: {
      ...process.env,
      CONTENT_DIR: content,
      BUILD_DIR: into,
      BUILD_CONTENT_COMMIT: "",
      ...(reuse ? { BUILD_REUSE: reuse } : {}),
    },
  });
  if (result.status !== 0) throw new Error(`the build failed:\n${result.stdout}\n${result.stderr}`);
  build.output = result.stdout;
  return result.stdout
    .split("\n")
    .map(stepOf)
    .filter((step) => step !== null);
}

build.output = "";

const files = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();

/** A file's text or bytes, with what differs between any two builds (ids, times, the build's folder) left out. */
function comparable(dir: string, rel: string): string | Buffer {
  let bytes = readFileSync(path.join(dir, rel));
  if (rel.endsWith(".br")) bytes = brotliDecompressSync(bytes);
  if (rel.endsWith(".gz")) bytes = gunzipSync(bytes);
  const base = rel.replace(/\.(br|gz)$/, "");
  if (base === BUILD_OUTPUTS.buildInfo.file) return "(its id and time)";
  if (base.endsWith(".ics")) return bytes.toString("utf8").replace(/^DTSTAMP:.*$/gm, "DTSTAMP:(the time)");
  if (base === path.join(RENDERER.dir, RENDERER.bundle))
    // The bundle's own folder, and the pages it was first built for (a content-only publish gives it the new list).
    return bytes
      .toString("utf8")
      .replace(/^var assetsBuildDirectory = .*$/m, "(the build's folder)")
      .replace(/^var prerender = \[[^\]]*\];?$/m, "(its first pages)");
  return bytes;
}

afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(builds, { recursive: true, force: true });
});

describe("a content-only publish", () => {
  it(
    "renders the same files as a full build of the same content, and compiles when the code is another version",
    {
      timeout: 10 * 60_000,
    },
    () => {
      const before = path.join(scratch, "before");
      cpSync(path.join(repoRoot, "content"), before, { recursive: true });
      const live = path.join(builds, "live");
      expect(build(before, live)).toContain("code and pages");

      // A session renamed, an FAQ added, a blog post added (a page the live build never had) and one taken out.
      const after = path.join(scratch, "after");
      cpSync(before, after, { recursive: true });
      const posts = path.join(after, "blog", "posts");
      const [first, second] = readdirSync(posts).sort();
      writeFileSync(
        path.join(posts, "99-new-since-the-live-build.md"),
        readFileSync(path.join(posts, first!), "utf8")
          .replace(/^id: .*$/m, "id: 99")
          .replace(/^title: .*$/m, "title: New since the live build"),
      );
      rmSync(path.join(posts, second!));
      const day = path.join(after, "schedule", "day-01.yaml");
      writeFileSync(day, readFileSync(day, "utf8").replace(/title: Registration.*$/m, "title: Doors open at nine"));
      const faqs = path.join(after, "faqs.yaml");
      writeFileSync(
        faqs,
        readFileSync(faqs, "utf8").replace(
          /^(faqs:\n)/m,
          "$1  - id: 900\n    column: 2\n    question: Is there parking?\n    answer: Yes, behind the church hall.\n    open: false\n",
        ),
      );

      const reused = path.join(builds, "reused");
      const steps = build(after, reused, live);
      expect(steps).toContain("pages");
      expect(steps).not.toContain("code and pages");
      // Both ways of making a file were taken (issue 65), so the comparison below covers both: pages rendered
      // again (their data changed) and pages copied from the live build, compressed copies made and taken.
      const made = /pages: (\d+) made with the live build's code, (\d+) of them its own/.exec(build.output);
      expect(Number(made?.[2])).toBeGreaterThan(0);
      expect(Number(made?.[2])).toBeLessThan(Number(made?.[1]));
      const compressed = /precompress: (\d+) files .*, (\d+) of them the live build's/.exec(build.output);
      expect(Number(compressed?.[2])).toBeGreaterThan(0);
      expect(Number(compressed?.[2])).toBeLessThan(Number(compressed?.[1]));
      expect(readFileSync(path.join(reused, "client", "schedule", "index.html"), "utf8")).toContain(
        "Doors open at nine",
      );
      expect(readFileSync(path.join(reused, "client", "blog-single", "99", "index.html"), "utf8")).toContain(
        "New since the live build",
      );

      // The live build made by other code: this publish compiles, as a commit touching app/ does.
      const older = path.join(builds, "older");
      cpSync(live, older, { recursive: true });
      writeFileSync(path.join(older, RENDERER.dir, RENDERER.code), JSON.stringify({ version: "another version" }));
      const full = path.join(builds, "full");
      expect(build(after, full, older)).toContain("code and pages");

      expect(files(reused)).toEqual(files(full));
      const same = (a: string | Buffer, b: string | Buffer) =>
        typeof a === "string" ? a === b : Buffer.isBuffer(b) && a.equals(b);
      expect(files(full).filter((rel) => !same(comparable(full, rel), comparable(reused, rel)))).toEqual([]);
    },
  );
});
