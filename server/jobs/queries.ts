/**
 * The job queue's rows (graphile-worker's schema `graphile_worker`, see ./jobs.ts): adding a job in the caller's
 * transaction, and freeing the jobs of workers that died.
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** Every job the site has, by name. */
export type JobName = "mail" | "announce" | "sweep" | "purge" | "rescue" | "refund" | "alerts" | "pending-digest";

export interface JobOptions {
  /** At most one job waiting per key: adding another replaces it (or, with `keepRunAt`, keeps its time). */
  key?: string;
  keepRunAt?: boolean;
  /** Not before then (default: now). */
  runAt?: Date;
  /** Jobs of one queue run one at a time, across every server. */
  queue?: string;
  payload?: Record<string, unknown>;
}

/** Adds a job through `db`: pass the transaction of the change that causes it, so both commit or neither. */
export async function addJob(db: Db, name: JobName, options: JobOptions = {}): Promise<void> {
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
  if (gone.length)
    await db.execute(
      sql`SELECT graphile_worker.force_unlock_workers(ARRAY[${sql.join(
        gone.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[])`,
    );
  return gone.length;
}

/** Takes a job back before it ran (done another way meanwhile); nothing when there is none. */
export async function removeJob(db: Db, key: string): Promise<void> {
  await db.execute(sql`SELECT graphile_worker.remove_job(${key})`);
}
