/**
 * "Publish" (issue 31): builds the saved content into a new folder beside the live one (`npm run build`'s
 * scripts/build.ts in a child process, BUILD_DIR=.generated/publish/<id>), reports its steps as they run,
 * and on success moves it under BUILDS_DIR and makes it live (server/publish/site.ts). A failed build changes nothing that visitors
 * see; its error (the content file and field when content is at fault) is kept on the job.
 *
 * The content's commit is taken when the job starts, before the build reads a file, and handed to the build
 * (BUILD_CONTENT_COMMIT, written to build.json): the build's record, the audit entry and the push name that
 * commit, never one an organiser saved while the build ran (issue 39).
 *
 * One publish at a time across every server on the database: a unique index admits one queued or running
 * job. A job whose server stopped (no heartbeat for STALE_MS) is marked failed by the next request.
 */
import { existsSync } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { newBuildId, type BuildInfo, type ChangeAudience, type PublishStep } from "../../app/lib/admin/publish";
import type { NamedBuild, PendingPublish, PublishJob, PublishOverview } from "../../app/api/admin/publish";
import { IMAGE_MANIFEST, stepOf } from "../../app/lib/build-outputs";
import { git, headCommit } from "../git";
import { buildSummary } from "../content";
import { BUILD_TIMEOUT_MS, buildError, startBuild, type WaitingBuild } from "./build-process";
import { ProgrammeChanges, type Organiser } from "./programme-changes";
import { nameOf, namesOf } from "../admin/accounts/queries";
import { safeError } from "../log-safe";
import { DEPLOYED, type LiveSite } from "./site";
import {
  activeJob,
  addBuild,
  failStaleJobs,
  ensureLocal,
  insertJob,
  jobById,
  KEEP_BUILDS,
  liveRow,
  markAlerted,
  markReplacing,
  owedAlerts,
  readBuildInfo,
  recentBuilds,
  recentJobs,
  updateJob,
  type BuildStore,
  type JobRow,
} from "./queries";

/** A running job's row is touched at least this often… */
const HEARTBEAT_MS = 10_000;
/** …so one untouched for this long belongs to a server that stopped. */
const STALE_MS = 120_000;
/** Output lines kept for the error message. */
const TAIL_LINES = 80;
/** A build started ahead that no publish took in this long is stopped (it holds two processes' memory). */
const WAITING_MS = 10 * 60_000;

export type { Organiser };
export { buildError } from "./build-process";

export interface PublisherOptions {
  site: LiveSite;
  store: BuildStore;
  /** The folder with scripts/build.ts and node_modules (the server's own). */
  repo: string;
  /** The build's environment (config.buildEnv: PATH, SITE_*, VITE_*, CONTENT_DIR…), never the server's secrets. */
  env: Record<string, string>;
  /** CONTENT_GIT_REMOTE: after each publish the content's commits are pushed there (a deploy key's remote). */
  push?: { remote: string; contentDir: string };
  /** Writes an audit entry (server/admin/audit/queries.ts). */
  audit: (entry: {
    adminId: number;
    actor: string;
    action: string;
    target: string;
    detail: Record<string, unknown>;
  }) => Promise<void>;
  log?: (line: string) => void;
  /**
   * Called once a publish is live, with the build folder that was live before (null: none) and the new one:
   * the alerts of changed sessions (server/alerts/alerts.ts). Its failure is logged; the publish stands.
   */
  afterLive?: (beforeDir: string | null, afterDir: string) => Promise<void>;
  /** Who would be told of each session's change (the alerts' subscribers): for the Publish page. */
  audience?: (numbers: number[]) => Promise<Map<number, ChangeAudience>>;
  /** Of these speakers (by id), those mailed of their own session's change (issue 63): for the Publish page. */
  speakersTold?: (ids: number[]) => Promise<Set<number>>;
  /** The image manifest the content is checked against (default .generated/images.json in `repo`). */
  imageManifest?: string;
  /** PUBLISH_KILL_AFTER_SWITCH: the crash test's fault, a SIGKILL between going live and the alerts. */
  killAfterSwitch?: boolean;
}

const jobOf = (row: JobRow): PublishJob => ({
  id: row.id,
  state: row.state as PublishJob["state"],
  steps: row.steps,
  error: row.error,
  buildId: row.buildId,
  requestedBy: row.requestedBy,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
});

export class Publisher {
  private child: WaitingBuild | null = null;
  /** The next publish's build, started ahead when an organiser opens the Publish page (issue 65). */
  private waiting: { build: WaitingBuild; timer: NodeJS.Timeout } | null = null;
  private readonly programme: ProgrammeChanges;

  constructor(private readonly options: PublisherOptions) {
    this.programme = new ProgrammeChanges({
      site: options.site,
      contentDir: this.contentDir,
      imageManifest: options.imageManifest ?? path.join(options.repo, IMAGE_MANIFEST),
      audience: options.audience,
      speakersTold: options.speakersTold,
      db: options.store.db,
      log: options.log,
    });
  }

  private get db() {
    return this.options.store.db;
  }

  /** Marks failed the jobs of servers that stopped mid-publish. */
  private async failStale(): Promise<void> {
    await failStaleJobs(this.db, new Date(Date.now() - STALE_MS));
  }

  /**
   * Starts a publish; answers the new job, or the one already under way (`started: false`) when another
   * organiser or server is publishing.
   */
  async start(by: Organiser, quiet: readonly number[] = []): Promise<{ job: PublishJob; started: boolean }> {
    await this.failStale();
    const row = await insertJob(this.db, by.email);
    if (!row) {
      const active = await activeJob(this.db);
      if (active) return { job: (await this.jobsOf([active]))[0]!, started: false };
      return this.start(by, quiet);
    }
    void this.run(row.id, by, new Set(quiet));
    return { job: { ...jobOf(row), requestedBy: nameOf(by) }, started: true };
  }

  async job(id: number): Promise<PublishJob | null> {
    await this.failStale();
    const row = await jobById(this.db, id);
    return row ? (await this.jobsOf([row]))[0]! : null;
  }

  /** Jobs as the Publish page shows them: who asked by name (issue 62), never their address. */
  private async jobsOf(rows: JobRow[]): Promise<PublishJob[]> {
    const names = await namesOf(
      this.db,
      rows.map((r) => r.requestedBy),
    );
    return rows.map((row) => ({
      ...jobOf(row),
      requestedBy: row.requestedBy ? (names.get(row.requestedBy) ?? null) : null,
    }));
  }

  /**
   * The live build, the builds kept and the newest jobs; each build named by the content changes it brought
   * since the build before it (issue 41, ./changes.ts).
   */
  async overview(): Promise<PublishOverview> {
    this.startAhead();
    await this.failStale();
    const [live, newest, jobs] = await Promise.all([
      liveRow(this.db),
      // One more than kept: the build before the oldest kept one, if still recorded, tells what that one brought.
      recentBuilds(this.db, KEEP_BUILDS + 1),
      recentJobs(this.db, 5),
    ]);
    const named = (build: BuildInfo): Promise<NamedBuild> => {
      const before = newest.find((b) => Date.parse(b.builtAt) < Date.parse(build.builtAt));
      return buildSummary(this.contentDir, before === undefined ? null : before.commit, build.commit).then(
        (summary) => ({ ...build, summary }),
      );
    };
    const builds = await Promise.all(newest.slice(0, KEEP_BUILDS).map(named));
    // Who switched, by name (issue 62): the address recorded is not shown; a deploy (the server starting on a
    // newer build from code) is no one's.
    const switchedBy = live?.switchedBy === DEPLOYED ? null : (live?.switchedBy ?? null);
    const names = await namesOf(this.db, [switchedBy]);
    return {
      live: live && {
        ...(builds.find((b) => b.id === live.info.id) ?? (await named(live.info))),
        switchedAt: live.switchedAt.toISOString(),
        switchedBy: switchedBy ? (names.get(switchedBy) ?? null) : null,
      },
      builds,
      jobs: await this.jobsOf(jobs),
    };
  }

  private async run(jobId: number, by: Organiser, quiet: ReadonlySet<number>): Promise<void> {
    const { store, site } = this.options;
    const id = newBuildId();
    let folder: string | null = null;
    const steps: PublishStep[] = [];
    const now = () => new Date().toISOString();
    // Writes one after another, so the row always ends with the newest steps.
    let saving: Promise<unknown> = Promise.resolve();
    const save = (values: Partial<JobRow>) =>
      (saving = saving.then(() => updateJob(this.db, jobId, { steps, heartbeatAt: new Date(), ...values })));
    const step = (name: string) => {
      const last = steps.at(-1);
      if (last?.state === "running") Object.assign(last, { state: "done", finishedAt: now() });
      steps.push({ name, state: "running", startedAt: now(), finishedAt: null });
      return save({});
    };
    const heartbeat = setInterval(() => void save({}).catch(() => {}), HEARTBEAT_MS);
    heartbeat.unref();
    /** The commit that recorded this publish's programme changes, undone if the publish fails. */
    let recorded: string | null = null;
    try {
      // The programme changes since the live build, recorded in the day files as the organiser's commit (issue 51).
      await step("programme");
      recorded = await this.programme.record(by, quiet);
      // Before anything reads the content: what this publish publishes.
      const commit = await this.contentHead();
      await save({ state: "running", buildId: id });
      if (!this.canBuild)
        throw new BuildFailed(
          "Publishing needs the build tools on this server: install with `npm ci` (not `npm ci --omit=dev`).",
        );
      const build = this.takeBuild();
      folder = build.folder;
      await removeStale(this.staging, folder);
      const tail: string[] = [];
      const code = await this.build(build, id, commit, (line) => {
        tail.push(line);
        if (tail.length > TAIL_LINES) tail.shift();
        const named = stepOf(line);
        if (named) void step(named).catch(() => {});
      });
      if (code !== 0) throw new BuildFailed(buildError(tail));
      const built = readBuildInfo(folder);
      if (built && built.commit !== commit)
        throw new BuildFailed(
          `The build recorded content commit ${built.commit ?? "none"}, not ${commit ?? "none"} as the publish started from.`,
        );
      await step("store");
      const info = await addBuild(store, folder, "move");
      await step("switch");
      // The alerts are owed from the switch until queued: the switch commits their job (setLive), which any
      // server runs, this one having stopped or not.
      await markReplacing(this.db, info.id, site.current.info?.id ?? null);
      recorded = null;
      await site.publish(info.id, by.email);
      if (this.options.killAfterSwitch) process.kill(process.pid, "SIGKILL");
      Object.assign(steps.at(-1)!, { state: "done", finishedAt: now() });
      let pushError: string | null = null;
      if (this.options.push && commit) {
        await step("push");
        pushError = await this.pushContent(commit);
        Object.assign(steps.at(-1)!, { state: pushError ? "failed" : "done", finishedAt: now() });
      }
      await save({
        state: "done",
        finishedAt: new Date(),
        error: pushError && `Published, but the content could not be pushed to its repository: ${pushError}`,
      });
      await this.options.audit({
        adminId: by.id,
        actor: by.email,
        action: "publish",
        target: `build:${info.id}`,
        detail: { commit, job: jobId },
      });
      this.options.log?.(`Published build ${info.id} (by ${by.email})`);
    } catch (error) {
      const message = error instanceof BuildFailed ? error.message : `The publish failed: ${safeError(error)}`;
      const last = steps.at(-1);
      if (last?.state === "running") Object.assign(last, { state: "failed", finishedAt: now() });
      if (folder) await rm(folder, { recursive: true, force: true }).catch(() => {});
      // A publish that failed records no programme change.
      if (recorded) await this.programme.undo(recorded, by);
      await save({ state: "failed", error: message, finishedAt: new Date() }).catch(() => {});
      await this.options
        .audit({
          adminId: by.id,
          actor: by.email,
          action: "publish-failed",
          target: `build:${id}`,
          detail: { job: jobId },
        })
        .catch(() => {});
    } finally {
      clearInterval(heartbeat);
    }
  }

  /** What "Publish" would put live now: the programme's changes with who would be told, and the other changes. */
  pending(): Promise<PendingPublish> {
    this.startAhead();
    return this.programme.pending();
  }

  /** Puts a session taken out of the programme back into its day, as it is live ("Put it back"). */
  restoreSession(by: Organiser, number: number): Promise<{ title: string } | { error: string }> {
    return this.programme.restoreSession(by, number);
  }

  /**
   * The "alerts" job (issue 54): the alerts of the programme changes a publish made live (server/alerts/), from
   * the build it replaced and its own (copied from the database when this server has not got them), then marked
   * sent. A failure throws and the job is tried again; each subscriber is told each change once all the same
   * (server/alerts/ records what it sent).
   */
  async sendAlerts(buildId: string): Promise<void> {
    const owed = await owedAlerts(this.db, buildId);
    if (!owed) return;
    if (this.options.afterLive) {
      const before = await ensureLocal(this.options.store, owed.replaced).catch(() => null);
      await this.options.afterLive(before, await ensureLocal(this.options.store, buildId));
    }
    await markAlerted(this.db, buildId, new Date());
  }

  /** Pushes the published commit to CONTENT_GIT_REMOTE, on the working copy's branch; answers the error, or null. */
  private async pushContent(commit: string): Promise<string | null> {
    const { remote, contentDir } = this.options.push!;
    try {
      const inContent = (args: string[]) => git(contentDir, args, { timeoutMs: 60_000 });
      const branch = await inContent(["rev-parse", "--abbrev-ref", "HEAD"]);
      await inContent(["push", "--quiet", remote, `${commit}:refs/heads/${branch === "HEAD" ? "main" : branch}`]);
      return null;
    } catch (error) {
      const stderr = String((error as { stderr?: string }).stderr ?? "").trim();
      return stderr.split("\n").at(-1) || safeError(error);
    }
  }

  /** The folder the build reads: CONTENT_DIR. */
  private get contentDir(): string {
    return this.options.env.CONTENT_DIR ?? path.join(this.options.repo, "content");
  }

  /** The content's git HEAD, or null outside a git working copy. */
  private async contentHead(): Promise<string | null> {
    return headCommit(this.contentDir, 60_000);
  }

  /** Where builds are made: inside the repository, as the pre-rendering imports the build's server bundle, which needs node_modules. */
  private get staging(): string {
    return path.join(this.options.repo, ".generated", "publish");
  }

  private get canBuild(): boolean {
    return existsSync(path.join(this.options.repo, "node_modules", "@react-router", "dev"));
  }

  /** A build of its own (./build-process.ts), loading until it is told to run. */
  private newBuild(): WaitingBuild {
    const { repo, env } = this.options;
    return startBuild({
      repo,
      env,
      folder: path.join(this.staging, newBuildId()),
      reuse: this.options.site.current.dir,
    });
  }

  /**
   * Starts the next publish's build ahead, so that "Publish" finds its code loaded (issue 65); stopped when no
   * publish takes it within WAITING_MS. Not while this server publishes, nor when it cannot build.
   */
  private startAhead(): void {
    if (this.child || !this.canBuild || !this.options.site.current.dir) return;
    if (this.waiting && (!this.waiting.build.alive() || this.waiting.build.reuse !== this.options.site.current.dir))
      this.dropWaiting();
    const build = this.waiting?.build ?? this.newBuild();
    if (this.waiting) clearTimeout(this.waiting.timer);
    const timer = setTimeout(() => this.dropWaiting(), WAITING_MS);
    timer.unref();
    this.waiting = { build, timer };
  }

  /** The build started ahead when it can build this publish (it reuses the build live now), else a new one. */
  private takeBuild(): WaitingBuild {
    const ahead = this.waiting?.build;
    if (ahead?.alive() && ahead.reuse === this.options.site.current.dir) {
      clearTimeout(this.waiting!.timer);
      this.waiting = null;
      return ahead;
    }
    this.dropWaiting();
    return this.newBuild();
  }

  private dropWaiting(): void {
    if (!this.waiting) return;
    const { build, timer } = this.waiting;
    this.waiting = null;
    clearTimeout(timer);
    void build
      .stop()
      .then(() => rm(build.folder, { recursive: true, force: true }))
      .catch(() => {});
  }

  /** Runs `build` as `id` (./build-process.ts); answers its exit code. */
  private async build(
    build: WaitingBuild,
    id: string,
    commit: string | null,
    onLine: (line: string) => void,
  ): Promise<number> {
    this.child = build;
    try {
      return await build.run(id, commit, onLine);
    } finally {
      this.child = null;
    }
  }

  /** Goes back to `buildId`, or to the newest build older than the live one; answers it and how long it took. */
  async rollback(by: Organiser, buildId?: string): Promise<{ build: BuildInfo; tookMs: number } | { error: string }> {
    const started = performance.now();
    const live = await liveRow(this.db);
    const kept = await recentBuilds(this.db);
    const target = buildId
      ? kept.find((b) => b.id === buildId)
      : kept.find((b) => live && Date.parse(b.builtAt) < Date.parse(live.info.builtAt));
    if (!target)
      return { error: buildId ? "That build is no longer kept." : "There is no earlier build to go back to." };
    if (target.id === live?.info.id) return { error: "That build is already live." };
    await this.options.site.publish(target.id, by.email);
    const tookMs = Math.round(performance.now() - started);
    await this.options.audit({
      adminId: by.id,
      actor: by.email,
      action: "rollback",
      target: `build:${target.id}`,
      detail: { commit: target.commit, from: live?.info.id ?? null, tookMs },
    });
    return { build: target, tookMs };
  }

  /** Stops a build in progress (the server is stopping); its job is marked failed. */
  stop(): void {
    this.dropWaiting();
    this.child?.stop();
  }
}

class BuildFailed extends Error {}

/** Removes what publishes interrupted by a stop left (a folder older than a build may take). */
async function removeStale(staging: string, keep: string): Promise<void> {
  for (const name of await readdir(staging).catch(() => [] as string[])) {
    const folder = path.join(staging, name);
    if (folder === keep) continue;
    const age = Date.now() - (await stat(folder).catch(() => ({ mtimeMs: Date.now() }))).mtimeMs;
    if (age > BUILD_TIMEOUT_MS) await rm(folder, { recursive: true, force: true });
  }
}
