/**
 * Part of `npm run bench` (issue 41): how fast the content editor answers an organiser, at the API.
 *
 * - Editor ready: on a freshly started server (after BENCH_EDITOR_SETTLE_MS, default 3000, as an organiser
 *   arrives on a running server), from the sign-in request to every answer the editor waits for on opening
 *   (app/components/admin/content/content-editor.tsx: the file list, the picture folders, site.yaml's form schema,
 *   its text, history and changes since the live build). Then the same again on the warm server.
 * - Save answer: PUT /api/admin/content/file of a one-field change (a session's title in schedule/day-01.yaml),
 *   the first save after the editor opened and the next one.
 *
 * Each of BENCH_EDITOR_RUNS (default 5) runs starts its own server; the figures are medians with the spread.
 * Goal: under 1 s for each. The server edits a throwaway git copy of the content (CONTENT_DIR).
 *
 *   node --import tsx scripts/bench/editor.ts     (alone: needs npm run build first)
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startSite } from "../../tests/e2e/forms-delivery.helpers";
import { isMain } from "../is-main";
import { repoRoot } from "../quality/budgets";

const RUNS = Number(process.env.BENCH_EDITOR_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4310) + 10;
const SETTLE_MS = Number(process.env.BENCH_EDITOR_SETTLE_MS ?? 3000);
const ORGANISER = { email: "bench-editor@tncc.example.org", password: "bench organiser password" };
const GOAL_MS = 1000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const ms = (n: number) => `${Math.round(n)} ms`;
const summary = (xs: number[]) =>
  `median ${ms(median(xs))} (${ms(Math.min(...xs))}-${ms(Math.max(...xs))}), ${xs.length} runs`;

/** A throwaway git working copy of the content, as the server's CONTENT_DIR. */
function contentCopy(dir: string): string {
  const content = path.join(dir, "content");
  cpSync(path.join(repoRoot, "content"), content, { recursive: true, filter: (f) => !/\.tsx?$/.test(f) });
  const git = (args: string[]) =>
    execFileSync("git", ["-c", "user.name=bench", "-c", "user.email=bench@example.org", ...args], {
      cwd: content,
      stdio: "ignore",
    });
  git(["init", "--quiet"]);
  git(["add", "."]);
  git(["commit", "--quiet", "-m", "content"]);
  return content;
}

export async function benchEditor(): Promise<{ ready: number[]; save: number[] }> {
  const dir = mkdtempSync(path.join(tmpdir(), "tncc-bench-editor-"));
  const content = contentCopy(dir);
  const env = { DATA_DIR: path.join(dir, "data"), CONTENT_DIR: content, SMTP_URL: "" };
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email], {
    cwd: repoRoot,
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
  const ready: number[] = [];
  const readyWarm: number[] = [];
  const save: number[] = [];
  const saveNext: number[] = [];
  try {
    for (let i = 0; i < RUNS; i++) {
      const site = await startSite(PORT, env);
      try {
        await new Promise((r) => setTimeout(r, SETTLE_MS));
        const api = (p: string, init: RequestInit = {}, cookie = "") =>
          fetch(`${site.url}/api/admin${p}`, {
            ...init,
            headers: { Origin: site.url, "Content-Type": "application/json", Cookie: cookie, ...init.headers },
          });
        const open = async () => {
          const started = performance.now();
          const signIn = await api("/session", { method: "POST", body: JSON.stringify(ORGANISER) });
          if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
          const cookie = signIn.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; ");
          const answers = await Promise.all(
            [
              "/content/files",
              "/content/images",
              "/content/schema?path=site.yaml",
              "/content/file?path=site.yaml",
              "/content/history?path=site.yaml",
              "/content/changes",
            ].map(async (p) => {
              const res = await api(p, {}, cookie);
              if (!res.ok) throw new Error(`${p} answered ${res.status}`);
              return res.json();
            }),
          );
          return { took: performance.now() - started, cookie, files: (answers[0] as { files: string[] }).files };
        };
        const first = await open();
        if (!first.files.includes("schedule/day-01.yaml")) throw new Error("the file list lacks schedule/day-01.yaml");
        ready.push(first.took);
        readyWarm.push((await open()).took);

        const saveOnce = async (n: number) => {
          const rel = "schedule/day-01.yaml";
          const res = await api(`/content/file?path=${rel}`, {}, first.cookie);
          const file = (await res.json()) as { text: string; blob: string };
          const text = file.text.replace(/title: Registration.*$/m, `title: Registration and Welcome, bench ${i}.${n}`);
          const started = performance.now();
          const put = await api(
            "/content/file",
            { method: "PUT", body: JSON.stringify({ path: rel, text, base: file.blob }) },
            first.cookie,
          );
          const took = performance.now() - started;
          if (!put.ok) throw new Error(`save answered ${put.status}: ${await put.text()}`);
          return took;
        };
        save.push(await saveOnce(1));
        saveNext.push(await saveOnce(2));
        console.log(
          `editor run ${i + 1}: ready ${ms(ready.at(-1)!)} (again ${ms(readyWarm.at(-1)!)}), ` +
            `save ${ms(save.at(-1)!)} (next ${ms(saveNext.at(-1)!)})`,
        );
      } finally {
        await site.stop();
      }
    }
    console.log(`Editor ready, first open after a start: ${summary(ready)} (goal under ${ms(GOAL_MS)})`);
    console.log(`Editor ready, opened again:             ${summary(readyWarm)}`);
    console.log(`Save answer, first save:                ${summary(save)} (goal under ${ms(GOAL_MS)})`);
    console.log(`Save answer, next save:                 ${summary(saveNext)}`);
    for (const [what, xs] of [
      ["Opening the editor", ready],
      ["A save's answer", save],
    ] as const)
      if (median(xs) >= GOAL_MS) {
        console.error(`${what} takes ${ms(median(xs))}: over the ${ms(GOAL_MS)} goal.`);
        process.exitCode = 1;
      }
    return { ready, save };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchEditor();
