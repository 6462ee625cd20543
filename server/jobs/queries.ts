/**
 * The job queue's rows (graphile-worker's schema `graphile_worker`, see ./jobs.ts): adding a job in the caller's
 * transaction, and freeing the jobs of workers that died.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/**
 * Every job the site has, by name, with its payload: each feature adds its own from its `jobs.ts`
 * (`declare module "../jobs/queries" { interface JobPayloads { … } }`), so a new job touches that file only.
 * A job without a payload has `NoPayload`.
 */
export interface JobPayloads {
  /** Frees the jobs of workers that died (./jobs.ts). */
  rescue: NoPayload;
}

export type NoPayload = Record<string, never>;
export type JobName = keyof JobPayloads;

export interface JobOptions<N extends JobName = JobName> {
  /** At most one job waiting per key: adding another replaces it (or, with `keepRunAt`, keeps its time). */
  key?: string;
  keepRunAt?: boolean;
  /** Not before then (default: now). */
  runAt?: Date;
  /** Jobs of one queue run one at a time, across every server. */
  queue?: string;
  payload?: JobPayloads[N];
}

/** The options of a job `N`: optional when it has no payload, else with its payload. */
type OptionsOf<N extends JobName> = NoPayload extends JobPayloads[N]
  ? [options?: JobOptions<N>]
  : [options: JobOptions<N> & { payload: JobPayloads[N] }];

/**
 * Adds a job through `db`: pass the transaction of the change that causes it, so both commit or neither. The
 * name and the payload are checked by the compiler (`addJob(tx, "refund", { payload: { orderId } })`).
 */
export async function addJob<N extends JobName>(db: Db, name: N, ...[options = {}]: OptionsOf<N>): Promise<void> {
  await db.execute(sql`SELECT graphile_worker.add_job(
    ${name}, ${JSON.stringify(options.payload ?? {})}::json,
    queue_name => ${options.queue ?? null}::text,
    run_at => ${options.runAt?.toISOString() ?? null}::timestamptz,
    job_key => ${options.key ?? null}::text,
    job_key_mode => ${options.keepRunAt ? "preserve_run_at" : "replace"}::text)`);
}

export const RESCUE_GRACE_MS = 5000;

/** Advisory lock key of a worker: its liveness, seen by every server. */
const lockKey = (workerId: string) => sql`hashtextextended(${`tncc-worker:${workerId}`}, 0)`;

/**
 * Frees the jobs of workers that died: locked, and their worker's lock is free (taken and let go at once here).
 * A worker takes its lock as it is made, before its first job; jobs locked in the last `graceMs` are left alone
 * all the same.
 *
 * A keyed job added again while it ran (a mail queued while the outbox job was sending) is not changed by
 * graphile-worker 0.16: it loses its key and its tries (`attempts = max_attempts`, so it is never run again) and
 * a new job takes the key; the running one is deleted when it finishes. Its worker killed, it would stay as a
 * failed row once freed, which any failed-jobs alarm reports (issue 61). Such a job's work is the new job's, so
 * it is deleted instead of freed: replaced after it was locked (`updated_at > locked_at`: taking a job does not
 * touch `updated_at`), without its key, out of tries. `updated_at` is the replacing transaction's start
 * (`now()`), which may come before the lock when that transaction began earlier (a sale queueing its mail): such
 * a job never failed (`last_error IS NULL`), while a job on its last try of its own has failed before.
 */
export async function rescueJobs(db: Db, graceMs = RESCUE_GRACE_MS): Promise<number> {
  const dead = rowsOf<{ locked_by: string }>(
    await db.execute(sql`
      SELECT DISTINCT locked_by FROM graphile_worker._private_jobs
      WHERE locked_by IS NOT NULL AND locked_at < now() - ${`${graceMs} milliseconds`}::interval`),
  ).map((r) => r.locked_by);
  const gone: string[] = [];
  for (const id of dead)
    await db.transaction(async (tx) => {
      // Transaction-level: let go when this transaction ends.
      const [row] = rowsOf<{ free: boolean }>(
        await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${lockKey(id)}) AS free`),
      );
      if (row?.free) gone.push(id);
    });
  if (gone.length) {
    const workers = sql`ARRAY[${sql.join(
      gone.map((id) => sql`${id}`),
      sql`, `,
    )}]::text[]`;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        DELETE FROM graphile_worker._private_jobs
        WHERE locked_by = ANY(${workers}) AND key IS NULL AND attempts >= max_attempts
          AND (updated_at > locked_at OR last_error IS NULL)`);
      await tx.execute(sql`SELECT graphile_worker.force_unlock_workers(${workers})`);
    });
  }
  return gone.length;
}

/**
 * Whether a keyed job was added again while it ran (see rescueJobs): graphile-worker took its key and tries, so
 * the new job does its work. Failing, it would stay as a failed row: its worker completes it instead.
 */
export async function wasReplaced(db: Db, jobId: string): Promise<boolean> {
  const [row] = rowsOf<{ replaced: boolean }>(
    await db.execute(sql`
      SELECT key IS NULL AND attempts >= max_attempts AS replaced FROM graphile_worker._private_jobs
      WHERE id = ${jobId}::bigint`),
  );
  return row?.replaced ?? false;
}

/** Takes a job back before it ran (done another way meanwhile); nothing when there is none. */
export async function removeJob(db: Db, key: string): Promise<void> {
  await db.execute(sql`SELECT graphile_worker.remove_job(${key})`);
}
