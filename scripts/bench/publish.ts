/**
 * Part of `npm run bench` (issue 31): the time from "Publish" to the new page being served, for a one-field
 * change (a session's title, seen on /schedule) and for a change with one new photo (a gallery entry and its
 * picture, which the image pipeline encodes; seen on /gallery). Medians of BENCH_PUBLISH_RUNS (default 5)
 * with their spread, and each step's time for the one-field change. Goal (issue 65): 2.5 s for the one-field change
 * on a quiet machine and at most 0.25 of a full build in the same run, 8 s with two CPU burners (BENCH_BURNERS).
 * Each run's title is new (it names the run's start): a title an earlier run published would find its
 * compressed copies and share image in the build's caches, which an organiser's real edit never does.
 *
 * The server builds a copy of the content (CONTENT_DIR in a throwaway folder); the photos are written to
 * public/images/gallery/bench-*.jpg for the run and removed after it (the image step then drops their
 * derivatives).
 *
 * The same run times a full `npm run build` (into a throwaway folder) after the publishes, for the ratio.
 *
 * Before each press the bench does what the Publish page does when an organiser opens it (it asks for the live
 * build and for the changes to publish), then gives the organiser BENCH_PUBLISH_READ_MS (default 3000) to read
 * them: the server starts the next build then (issue 65), and the press finds it loaded. The time is counted
 * from the press.
 *
 *   node --import tsx scripts/bench/publish.ts     (alone: needs npm run build first)
 *   BENCH_PUBLISH_PHOTOS=0                          the one-field change only
 *   BENCH_BURNERS=2                                 with two processes spinning on the CPU all along (busy)
 *   BENCH_PUBLISH_READ_MS=0                         pressed as soon as the page opened
 */
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { PublishStep } from "../../app/lib/admin/publish";
import { startSite } from "../../tests/e2e/forms-delivery.helpers";
import { isMain } from "../is-main";
import { repoRoot } from "../quality/budgets";

const RUNS = Number(process.env.BENCH_PUBLISH_RUNS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 4310) + 20;
const ORGANISER = { email: "bench@tncc.example.org", password: "bench organiser password" };
/** Issue 65's goals for the one-field publish: quiet, and with BENCH_BURNERS; and its ratio to a full build. */
const BURNERS = Number(process.env.BENCH_BURNERS ?? 0);
const GOAL_MS = BURNERS > 0 ? 8_000 : 2_500;
const GOAL_RATIO = 0.25;
/** BENCH_PUBLISH_PHOTOS=0: the one-field change only. */
const PHOTOS = process.env.BENCH_PUBLISH_PHOTOS !== "0";
/** How long the organiser reads the Publish page before pressing. */
const READ_MS = Number(process.env.BENCH_PUBLISH_READ_MS ?? 3000);

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const summary = (xs: number[]) =>
  `median ${seconds(median(xs))} (${seconds(Math.min(...xs))}-${seconds(Math.max(...xs))}), ${xs.length} runs`;

export async function benchPublish(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), "tncc-bench-publish-"));
  const content = path.join(dir, "content");
  cpSync(path.join(repoRoot, "content"), content, { recursive: true, filter: (f) => !/\.tsx?$/.test(f) });
  const env = { DATA_DIR: path.join(dir, "data"), CONTENT_DIR: content, SMTP_URL: "" };
  execFileSync("npm", ["run", "-s", "admin:add", "--", ORGANISER.email], {
    cwd: repoRoot,
    input: `${ORGANISER.password}\n`,
    env: { ...process.env, ...env },
    stdio: ["pipe", "ignore", "inherit"],
  });
  const site = await startSite(PORT, env);
  const burners = Array.from({ length: BURNERS }, () =>
    spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
  );
  const photos: string[] = [];
  try {
    const signIn = await fetch(`${site.url}/api/admin/session`, {
      method: "POST",
      headers: { Origin: site.url, "Content-Type": "application/json" },
      body: JSON.stringify(ORGANISER),
    });
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

    /** Publishes; answers the ms until `page` contains `marker` (then waits for the job to end). */
    const publish = async (page: string, marker: string): Promise<number> => {
      // The Publish page opens, and the organiser reads it.
      for (const url of ["/api/admin/publish", "/api/admin/publish/pending"]) {
        const opened = await fetch(`${site.url}${url}`, { headers: { Cookie: cookie } });
        if (!opened.ok) throw new Error(`${url} answered ${opened.status}`);
      }
      await new Promise((resolve) => setTimeout(resolve, READ_MS));
      const started = performance.now();
      const res = await fetch(`${site.url}/api/admin/publish`, {
        method: "POST",
        headers: { Origin: site.url, Cookie: cookie },
      });
      if (res.status !== 202) throw new Error(`publish answered ${res.status}: ${await res.text()}`);
      const { job } = (await res.json()) as { job: { id: number } };
      let served: number | null = null;
      for (;;) {
        if (served === null && (await (await fetch(`${site.url}${page}`)).text()).includes(marker))
          served = performance.now() - started;
        const state = (await (
          await fetch(`${site.url}/api/admin/publish/${job.id}`, { headers: { Cookie: cookie } })
        ).json()) as { state: string; error: string | null; steps: PublishStep[] };
        if (state.state === "failed") throw new Error(`publish failed: ${state.error}`);
        if (state.state === "done" && served !== null) {
          for (const step of state.steps) {
            const ms = Date.parse(step.finishedAt ?? step.startedAt) - Date.parse(step.startedAt);
            stepTimes.set(step.name, [...(stepTimes.get(step.name) ?? []), ms]);
          }
          return served;
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    };

    /** Each step's times (ms) over the one-field publishes: where the time goes. */
    const stepTimes = new Map<string, number[]>();
    const day = path.join(content, "schedule/day-01.yaml");
    const gallery = path.join(content, "gallery.yaml");
    const field: number[] = [];
    const photo: number[] = [];
    const stamp = Date.now().toString(36);
    for (let i = 0; i < RUNS; i++) {
      // One field: a session's title.
      const title = `Registration and Welcome, take ${i + 1} of ${stamp}`;
      writeFileSync(day, readFileSync(day, "utf8").replace(/title: Registration.*$/m, `title: ${title}`));
      field.push(await publish("/schedule", title));
      const steps = new Map(stepTimes);
      if (!PHOTOS) {
        console.log(`publish run ${i + 1}: one field ${seconds(field.at(-1)!)}`);
        continue;
      }

      // One new photo: a gallery entry and its picture (noise: as slow to encode as a real photo).
      const name = `bench-${Date.now().toString(36)}`;
      const file = path.join(repoRoot, "public/images/gallery", `${name}.jpg`);
      photos.push(file);
      await sharp({
        create: {
          width: 1600,
          height: 1067,
          channels: 3,
          background: "#808080",
          noise: { type: "gaussian", mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 85 })
        .toFile(file);
      const entry = `  - id: ${9000 + i}\n    image: gallery/${name}.jpg\n    alt: A benchmark photo\n    caption: Benchmark ${i + 1}\n`;
      writeFileSync(gallery, readFileSync(gallery, "utf8").replace(/^gallery:\n/m, `gallery:\n${entry}`));
      photo.push(await publish("/gallery", `/_img/gallery/${name}-`));
      // Only the one-field publishes' steps are reported.
      stepTimes.clear();
      for (const [name, times] of steps) stepTimes.set(name, times);
      console.log(`publish run ${i + 1}: one field ${seconds(field.at(-1)!)}, one new photo ${seconds(photo.at(-1)!)}`);
    }
    console.log(
      `Publish to served, one field:     ${summary(field)} (goal under ${seconds(GOAL_MS)}; pressed ${seconds(READ_MS)} after the page opened)`,
    );
    for (const [name, times] of stepTimes) console.log(`  step ${name.padEnd(20)} ${summary(times)}`);
    if (PHOTOS) console.log(`Publish to served, one new photo: ${summary(photo)}`);
    // A full build of the same code and content, in the same run: the ratio the content-only publish wins.
    const full: number[] = [];
    // Inside the project: the pre-rendering imports the bundle it writes there, which needs node_modules.
    const fullDir = path.join(repoRoot, ".generated", `bench-full-build-${process.pid}`);
    for (let i = 0; i < Math.min(RUNS, 3); i++) {
      const started = performance.now();
      execFileSync(process.execPath, ["--import", "tsx", "scripts/build.ts"], {
        cwd: repoRoot,
        env: { ...process.env, ...env, BUILD_DIR: fullDir },
        stdio: "ignore",
      });
      full.push(performance.now() - started);
      rmSync(fullDir, { recursive: true, force: true });
    }
    console.log(
      `Full build (npm run build), same run:  ${summary(full)}; one-field publish / full build = ${(median(field) / median(full)).toFixed(2)}`,
    );
    if (median(field) >= GOAL_MS) {
      console.error(
        `Publishing a one-field change takes ${seconds(median(field))}: over the ${seconds(GOAL_MS)} goal.`,
      );
      process.exitCode = 1;
    }
    if (BURNERS === 0 && median(field) / median(full) > GOAL_RATIO) {
      console.error(`A one-field publish takes over ${GOAL_RATIO} of a full build.`);
      process.exitCode = 1;
    }
  } finally {
    for (const burner of burners) burner.kill();
    await site.stop();
    for (const file of photos) rmSync(file, { force: true });
    // Drops the benchmark photos' derivatives and manifest entries.
    if (photos.length) execFileSync(process.execPath, ["--import", "tsx", "scripts/make-images.ts"], { cwd: repoRoot });
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchPublish();
