/**
 * Background work (issue 54, docs/decisions/037): one job queue, graphile-worker, on the database the site
 * already has (the embedded PostgreSQL or DATABASE_URL). A job is a row added in the same transaction as the
 * change that causes it (`addJob` with that transaction), so a change and its follow-up commit or roll back
 * together. Every server runs workers; each job runs on one of them, is retried with backoff when it throws, and
 * jobs of one `queue` run one after another across all servers (the announcements' pacing is global).
 *
 * Each feature declares its jobs in its own `jobs.ts` (issue 64), in one shape (`Job`: name, run, schedule,
 * queue, atStart) from one deps object it declares, with each job's payload (`JobPayloads`, ./queries.ts);
 * server/job-list.ts lists those features as server/app.ts lists the routes, and `startJobs` makes the task
 * list, the crontab and the adds at start from the declarations.
 *
 * The one exception: two jobs are added by SQL triggers, wherever in the code the row is written (migration
 * 019-jobs.sql): `mail` when a mail is queued (mail_queued) and `announce` when an announcement lists its
 * recipients (announcement_listed). ./declared.test.ts names them, so a new trigger that adds a job fails it.
 *
 * A worker that dies (kill -9, a power cut) leaves its job locked; graphile-worker frees such jobs only after
 * four hours. Here each worker holds a PostgreSQL advisory lock named after it for as long as it lives (the
 * server drops it with the connection), and the `rescue` job, run at start and every minute, frees the jobs of
 * workers whose lock is gone, so they run again within a minute on whichever server is alive.
 */
import { EventEmitter } from "node:events";
import { Logger, run, type Runner, type Task, type WorkerEvents } from "graphile-worker";
import type { Pool } from "pg";
import type { Db } from "../db/client";
import { safeError } from "../log-safe";
import { addJob, RESCUE_GRACE_MS, rescueJobs, wasReplaced, type JobName } from "./queries";

export { addJob, removeJob, type JobName, type JobOptions, type JobPayloads, type NoPayload } from "./queries";

/** What a job runs: the payload as stored (checked by the job; a cron's run adds `_cron`). */
export type JobHandler = (payload: Record<string, unknown>) => Promise<void>;

/** One background job, as its feature's `jobs.ts` declares it. */
export interface Job {
  name: JobName;
  run: JobHandler;
  /**
   * Run on a clock too: a crontab line's timing (minute granularity, UTC) and its options
   * (graphile-worker's `?…`, e.g. `jobKey=purge`); graphile-worker runs a cron line once across every server.
   */
  schedule?: { cron: string; options?: string };
  /** The queue of the job added at start (jobs of one queue run one at a time, across every server). */
  queue?: string;
  /** Added once at every start (key: its name; a job waiting already keeps its time). */
  atStart?: boolean;
}

/** The crontab of the declared schedules, one line each. */
export function crontabOf(jobs: readonly Job[]): string {
  return jobs
    .flatMap(({ name, schedule }) =>
      schedule ? [`${schedule.cron} ${name}${schedule.options ? ` ?${schedule.options}` : ""}`] : [],
    )
    .join("\n");
}

export interface JobsOptions {
  db: Db;
  /** The jobs this server runs (server/job-list.ts: every feature's). */
  jobs: readonly Job[];
  /** Jobs run at once by this server. */
  concurrency?: number;
  /** How often a job due later (a retry, a paced piece) is looked for, at most (ms); new jobs arrive by NOTIFY. */
  pollMs?: number;
  log?: (line: string) => void;
}

export interface Jobs {
  /** Finishes the jobs running, takes no more, and lets go of the database. */
  stop(): Promise<void>;
}

export async function startJobs(options: JobsOptions): Promise<Jobs> {
  const log = options.log ?? ((line: string) => console.error(line));
  const pool = (options.db as unknown as { $client: Pool }).$client;
  // A connection of its own (not one of the pool's) holds every worker's lock for as long as the server lives.
  const { default: pg } = await import("pg");
  const holder = new pg.Client(pool.options);
  await holder.connect();
  holder.on("error", (error) => log(`jobs: ${safeError(error)}`));
  const held: Promise<unknown>[] = [];
  const taskList: Record<string, Task> = {};
  for (const { name, run: handler } of options.jobs)
    taskList[name] = async (payload, helpers) => {
      try {
        await handler((payload ?? {}) as Record<string, unknown>);
      } catch (error) {
        // Replaced while it ran, its work is the new job's: done, rather than a failed row kept for ever.
        if (helpers.job.key && (await wasReplaced(options.db, helpers.job.id))) {
          log(`jobs: ${name} failed (${safeError(error)}); a newer ${name} job does its work`);
          return;
        }
        throw error;
      }
    };
  taskList.rescue = async () => {
    const freed = await rescueJobs(options.db);
    if (freed) log(`jobs: freed the jobs of ${freed} stopped worker(s)`);
  };
  const logger = new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`jobs: ${message}`);
  });
  const events = new EventEmitter() as WorkerEvents;
  events.on("worker:create", ({ worker }) => {
    held.push(
      holder
        .query("SELECT pg_advisory_lock(hashtextextended($1, 0))", [`tncc-worker:${worker.workerId}`])
        .catch((error: unknown) => log(`jobs: ${safeError(error)}`)),
    );
  });
  let runner: Runner;
  try {
    runner = await run({
      pgPool: pool,
      taskList,
      crontab: [crontabOf(options.jobs), "* * * * * rescue ?jobKey=rescue&jobKeyMode=preserve_run_at"].join("\n"),
      concurrency: options.concurrency ?? 2,
      pollInterval: options.pollMs ?? 2000,
      noHandleSignals: true,
      logger,
      events,
    });
  } catch (error) {
    await holder.end();
    throw error;
  }
  try {
    // What a worker that died before this start left locked runs again, once its lock is past the grace.
    await addJob(options.db, "rescue", { key: "rescue", runAt: new Date(Date.now() + RESCUE_GRACE_MS + 1000) });
    for (const job of options.jobs)
      if (job.atStart) await addJob(options.db, job.name, { key: job.name, keepRunAt: true, queue: job.queue });
  } catch (error) {
    await runner.stop();
    await holder.end();
    throw error;
  }
  return {
    async stop() {
      await runner.stop();
      await Promise.all(held);
      await holder.end();
    },
  };
}
