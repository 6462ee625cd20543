/**
 * Git, the one way this project calls it: the content editor's working copy (server/content/), the publisher
 * (the content commit a publish takes, the push to CONTENT_GIT_REMOTE) and the build's commit id
 * (scripts/build/build-info.ts). Always `git -C <dir>`, never a shell; a failure rejects with execFile's error
 * (with its `stdout` and `stderr`, as promisify(execFile) rejects).
 */
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";

export interface GitOptions {
  /** Stop git after this long (default: no limit). */
  timeoutMs?: number;
  /** Largest output kept (default 1 MiB, as execFile's). */
  maxBuffer?: number;
  /** Written to git's standard input (a patch for `git apply -`). */
  input?: string | Buffer;
  /** The output as git wrote it, not trimmed (a patch). */
  raw?: boolean;
}

/** Runs `git -C dir ...args`; answers its standard output, trimmed unless `raw`. */
export function git(dir: string, args: readonly string[], options: GitOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      "git",
      ["-C", dir, ...args],
      { timeout: options.timeoutMs ?? 0, maxBuffer: options.maxBuffer ?? 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) =>
        error ? reject(Object.assign(error, { stdout, stderr })) : resolve(options.raw ? stdout : stdout.trim()),
    );
    if (options.input !== undefined) child.stdin!.end(options.input);
  });
}

/** Whether `git -C dir ...args` succeeds (a question git answers by its exit code). */
export const gitSucceeds = (dir: string, args: readonly string[]): Promise<boolean> =>
  git(dir, args).then(
    () => true,
    () => false,
  );

/** The commit HEAD names in `dir`, or null outside a git working copy (synchronous: the build's last step). */
export function headCommitSync(dir: string): string | null {
  try {
    return execFileSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8", stdio: "pipe" }).trim() || null;
  } catch {
    return null;
  }
}

/** The commit HEAD names in `dir`, or null outside a git working copy. */
export const headCommit = (dir: string, timeoutMs?: number): Promise<string | null> =>
  git(dir, ["rev-parse", "HEAD"], { timeoutMs }).then(
    (id) => id || null,
    () => null,
  );

/** git's blob id of a text (`git hash-object`): what a content save says it was based on. */
export const blobId = (text: string | Buffer) => {
  const bytes = Buffer.from(text);
  return createHash("sha1").update(`blob ${bytes.byteLength}\0`).update(bytes).digest("hex");
};
