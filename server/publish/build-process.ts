/**
 * A publish's build: scripts/build.ts in a child process (`npm run build`'s), its output line by line, stopped
 * when it takes too long; and what its output says when it fails.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { stepOf } from "../../app/lib/build-outputs";

/** A build that takes longer is stopped. */
export const BUILD_TIMEOUT_MS = 15 * 60_000;

/** What a failed build printed that says why: the content problems when there are any, else its last lines. */
export function buildError(lines: readonly string[]): string {
  // eslint-disable-next-line no-control-regex
  const clean = lines.map((l) => l.replace(/\u001b\[[0-9;]*m/g, "").trimEnd()).filter((l) => l.trim() !== "");
  const useful = clean.filter((l) => !/^\s+at /.test(l) && stepOf(l) === null);
  const start = useful.findIndex((l) => /Content has \d+ problem/.test(l));
  if (start >= 0) {
    const problems: string[] = [];
    for (const line of useful.slice(start + 1)) {
      if (!/^\s*-?\s*\S+\.(ya?ml|md|json)\b/.test(line)) break;
      problems.push(line.trim());
    }
    return [useful[start]!.replace(/^.*?(Content has)/, "$1"), ...new Set(problems)].join("\n");
  }
  return useful.slice(-15).join("\n") || "The build stopped without a message.";
}

export interface BuildRequest {
  /** The folder with scripts/build.ts and node_modules. */
  repo: string;
  /** The build's environment (never the server's secrets). */
  env: Record<string, string>;
  /** BUILD_DIR: where the build goes. */
  folder: string;
  id: string;
  /** BUILD_CONTENT_COMMIT (none: empty). */
  commit: string | null;
  /** BUILD_REUSE: the live build's folder; when only content and pictures changed since, its code is reused (issue 52). */
  reuse?: string;
  /** Every output line. */
  onLine: (line: string) => void;
}

/** Starts the build; `exited` answers its exit code. */
export function runBuild({ repo, env, folder, id, commit, reuse, onLine }: BuildRequest) {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "scripts/build.ts")], {
    cwd: repo,
    env: {
      ...env,
      BUILD_DIR: folder,
      BUILD_ID: id,
      BUILD_CONTENT_COMMIT: commit ?? "",
      ...(reuse ? { BUILD_REUSE: reuse } : {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  createInterface({ input: child.stdout! }).on("line", onLine);
  createInterface({ input: child.stderr! }).on("line", onLine);
  const exited = new Promise<number>((resolve) => {
    const timeout = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
    child.on("error", (error) => {
      onLine(`The build could not start: ${error.message}`);
      resolve(1);
    });
    child.on("close", (code) => {
      clearTimeout(timeout);
      resolve(code ?? 1);
    });
  });
  return { exited, stop: () => void child.kill("SIGTERM") };
}
