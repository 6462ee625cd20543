/**
 * The version of the site's code (issue 52): a hash of everything `react-router build` compiles, which is the
 * project's files apart from the content and the pictures (content/, public/images/) and what no build reads
 * (docs, tests), the variables the
 * bundles are built with (VITE_*, SITE_*) and Node's version. Two builds with the same version have the same
 * scripts and renderer, so a publish whose changes are all in content/ and public/images/ reuses the live
 * build's (scripts/build.ts). Read from git: the index's blob ids, plus the bytes of files changed or added
 * since; null outside a git working copy (every publish is then a full build).
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/** The folders a content-only publish may change: all the rest is code. */
export const CONTENT_ONLY = ["content", "public/images"] as const;
/** What no build reads (the docs, the tests, CI's script): a change there compiles nothing either. */
const NEVER_BUILT = ["docs", "tests", ".ci", "*.md", "**/*.test.ts", "**/*.test.tsx"];
const PATHSPEC = [
  ".",
  ...CONTENT_ONLY.map((dir) => `:(exclude)${dir}`),
  ...NEVER_BUILT.map((glob) => `:(exclude,glob)${glob}`),
];

const lines = (repo: string, args: string[]) =>
  execFileSync("git", ["-C", repo, ...args, "-z", "--", ...PATHSPEC], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "ignore"],
    maxBuffer: 64 * 1024 * 1024,
  })
    .split("\0")
    .filter(Boolean);

export function codeVersion(repo: string, env: Record<string, string | undefined>): string | null {
  const hash = createHash("sha256");
  try {
    // What git holds (mode, blob id, path of each file), then what the working tree has that git does not.
    for (const line of lines(repo, ["ls-files", "--stage"])) hash.update(line).update("\0");
    const edited = [
      ...lines(repo, ["diff", "--name-only"]),
      ...lines(repo, ["ls-files", "--others", "--exclude-standard"]),
    ];
    for (const file of [...new Set(edited)].sort()) {
      let bytes: Buffer | string;
      try {
        bytes = readFileSync(path.join(repo, file));
      } catch {
        bytes = "(deleted)";
      }
      hash.update(file).update("\0").update(bytes).update("\0");
    }
  } catch {
    return null;
  }
  const built = Object.keys(env)
    .filter((name) => /^(VITE|SITE)_/.test(name))
    .sort()
    .map((name) => `${name}=${env[name] ?? ""}`);
  hash.update(JSON.stringify({ env: built, node: process.version }));
  return hash.digest("hex");
}
