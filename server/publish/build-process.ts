/**
 * A publish's build: scripts/build.ts in a child process (`npm run build`'s), its output line by line, stopped
 * when it takes too long; and what its output says when it fails.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";
import { buildStartLine, stepOf } from "../../app/lib/build-outputs";

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
  /** BUILD_REUSE: the live build's folder; when only content and pictures changed since, its code is reused (issue 52). */
  reuse?: string;
}

/** A build started ahead (BUILD_WAIT, scripts/build.ts): loaded, waiting to be told its name and content commit. */
export interface WaitingBuild {
  readonly folder: string;
  readonly reuse: string | undefined;
  /** False once it stopped (a failure while loading, or `stop`): it can build nothing then. */
  alive(): boolean;
  /** Builds as `id`, recording `commit` (BUILD_CONTENT_COMMIT); every output line, those printed while it waited first; answers the exit code. */
  run(id: string, commit: string | null, onLine: (line: string) => void): Promise<number>;
  /** Stops it; answers once it ended. */
  stop(): Promise<unknown>;
}

/**
 * Starts the build, which loads its code and the live build's renderer, then waits for `run` (issue 65: a
 * publish's build is started when the organiser opens the Publish page, and the press finds it loaded).
 */
export function startBuild({ repo, env, folder, reuse }: BuildRequest): WaitingBuild {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(repo, "scripts/build.ts")], {
    cwd: repo,
    env: { ...env, BUILD_DIR: folder, BUILD_WAIT: "1", ...(reuse ? { BUILD_REUSE: reuse } : {}) },
    stdio: ["pipe", "pipe", "pipe"],
  });
  // A build that stopped early says why on its output; writing to it then is no second fault.
  child.stdin!.on("error", () => {});
  let printed: string[] = [];
  // Kept to be shown when it runs (a failure while loading), the newest only.
  let onLine = (line: string): void => {
    if (printed.push(line) > 200) printed.shift();
  };
  createInterface({ input: child.stdout! }).on("line", (line) => onLine(line));
  createInterface({ input: child.stderr! }).on("line", (line) => onLine(line));
  let running = true;
  const exited = new Promise<number>((resolve) => {
    child.on("error", (error) => {
      onLine(`The build could not start: ${error.message}`);
      running = false;
      resolve(1);
    });
    child.on("close", (code) => {
      running = false;
      resolve(code ?? 1);
    });
  });
  return {
    folder,
    reuse,
    alive: () => running,
    async run(id, commit, lines) {
      for (const line of printed) lines(line);
      printed = [];
      onLine = lines;
      child.stdin!.end(buildStartLine(id, commit));
      const timeout = setTimeout(() => child.kill("SIGKILL"), BUILD_TIMEOUT_MS);
      try {
        return await exited;
      } finally {
        clearTimeout(timeout);
      }
    },
    stop() {
      // Before `run`: stdin closed, and the build stops its renderer and ends; while building: stopped.
      if (child.stdin!.writableEnded) child.kill("SIGTERM");
      else child.stdin!.end();
      return exited;
    },
  };
}
