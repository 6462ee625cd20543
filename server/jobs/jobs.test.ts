// @vitest-environment node
/**
 * The job queue (issue 54) on both databases: a job commits or rolls back with the change that adds it, runs
 * once, is retried when it throws, and a job whose worker was killed in the middle runs again, once, on another
 * server (the rescue of ./queries.ts), not four hours later.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { addJob, startJobs } from ".";

describe.each(databaseBackends("jobs"))("background jobs (%s)", (name, open) => {
  let database: Database;
  let cleanup: () => void;
  let where: { databaseUrl?: string; dataDir?: string };
  beforeAll(async () => {
    ({ database, cleanup, where } = await open());
    await database.db.execute(sql`CREATE TABLE job_test_steps (part int NOT NULL, pid int NOT NULL)`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
  });
  /** Jobs of one task still in the queue (`locked`: only those a worker holds). */
  const queued = async (task: string, locked = false) =>
    rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = ${task} AND (${!locked} OR locked_by IS NOT NULL)`,
      ),
    )[0]!.n;
  const steps = async () =>
    rowsOf<{ part: number; pid: number }>(
      await database.db.execute(sql`SELECT part, pid FROM job_test_steps ORDER BY part`),
    );

  it("a job added in a transaction that rolls back never runs; committed, it runs once", async () => {
    const ran: unknown[] = [];
    const jobs = await startJobs({
      db: database.db,
      pollMs: 100,
      jobs: [{ name: "alerts", run: async (p) => void ran.push(p.buildId) }],
    });
    try {
      await database.db
        .transaction(async (tx) => {
          await addJob(tx, "alerts", { payload: { buildId: "1" } });
          throw new Error("rolled back");
        })
        .catch(() => {});
      await database.db.transaction(async (tx) => addJob(tx, "alerts", { payload: { buildId: "2" } }));
      // The worker deletes the job's row just after its run returns: wait for that, then it ran once.
      await expect.poll(() => queued("alerts")).toBe(0);
      expect(ran).toEqual(["2"]);
    } finally {
      await jobs.stop();
    }
  });

  it("a job that throws is tried again", async () => {
    let tries = 0;
    const jobs = await startJobs({
      db: database.db,
      pollMs: 100,
      jobs: [
        {
          name: "announce",
          run: async () => {
            if (++tries === 1) throw new Error("the first try fails");
          },
        },
      ],
      log: () => {},
    });
    try {
      await addJob(database.db, "announce");
      // graphile-worker waits about e^1 ≈ 3 s before the second try.
      await expect.poll(() => tries, { timeout: 20_000 }).toBe(2);
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it(`a worker killed between a step's parts: the step runs again on another server, once (${name})`, async () => {
    let child: ChildProcess | null = spawn(
      process.execPath,
      ["--import", "tsx", "tests/fixtures/job-worker.ts", JSON.stringify(where)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await addJob(database.db, "sweep", { key: "sweep" });
      await expect.poll(steps, { timeout: 30_000 }).toHaveLength(1);
      const killed = child.pid!;
      child.kill("SIGKILL");
      await new Promise((resolve) => child!.once("exit", resolve));
      child = null;
      // The job is still locked by the dead worker.
      expect(await queued("sweep", true)).toBe(1);
      let done = 0;
      const jobs = await startJobs({
        db: database.db,
        pollMs: 100,
        jobs: [
          {
            name: "sweep",
            run: async () => {
              await database.db.execute(sql`INSERT INTO job_test_steps (part, pid) VALUES (2, ${process.pid})`);
              done++;
            },
          },
        ],
      });
      try {
        await expect.poll(() => done, { timeout: 30_000 }).toBe(1);
        expect(await steps()).toEqual([
          { part: 1, pid: killed },
          { part: 2, pid: process.pid },
        ]);
        expect(await queued("sweep")).toBe(0);
      } finally {
        await jobs.stop();
      }
    } finally {
      child?.kill("SIGKILL");
    }
  }, 90_000);

  it(`a keyed job added again while it ran, then failing, leaves no failed row: the new job does the work (${name})`, async () => {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const started: number[] = [];
    const jobs = await startJobs({
      db: database.db,
      pollMs: 100,
      jobs: [
        {
          name: "alerts",
          run: async () => {
            started.push(started.length + 1);
            if (started.length > 1) return;
            await released;
            throw new Error("the mail server went away");
          },
        },
      ],
      log: () => {},
    });
    try {
      await addJob(database.db, "alerts", { key: "alerts", payload: { buildId: "1" } });
      await expect.poll(() => started.length, { timeout: 20_000 }).toBe(1);
      await addJob(database.db, "alerts", { key: "alerts", payload: { buildId: "1" } });
      release();
      await expect.poll(() => queued("alerts"), { timeout: 20_000 }).toBe(0);
      expect(started).toEqual([1, 2]);
    } finally {
      await jobs.stop();
    }
  }, 30_000);

  it(`a keyed job added again while its killed worker ran it leaves no failed row (issue 61, ${name})`, async () => {
    await database.db.execute(sql`DELETE FROM job_test_steps`);
    const failed = async () =>
      rowsOf<{ n: number }>(
        await database.db.execute(
          sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE attempts >= max_attempts`,
        ),
      )[0]!.n;
    let child: ChildProcess | null = spawn(
      process.execPath,
      ["--import", "tsx", "tests/fixtures/job-worker.ts", JSON.stringify(where)],
      { stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await addJob(database.db, "sweep", { key: "sweep" });
      await expect.poll(steps, { timeout: 30_000 }).toHaveLength(1);
      // Added again while it runs (as a mail queued while the outbox job sends): graphile-worker takes the key
      // from the running job and leaves it no tries; a new job carries the key.
      await addJob(database.db, "sweep", { key: "sweep" });
      child.kill("SIGKILL");
      await new Promise((resolve) => child!.once("exit", resolve));
      child = null;
      expect(await failed()).toBe(1);
      let done = 0;
      const jobs = await startJobs({
        db: database.db,
        pollMs: 100,
        jobs: [
          {
            name: "sweep",
            run: async () => {
              done++;
            },
          },
        ],
      });
      try {
        // The new job runs once; the replaced one is gone, not left as a failed row.
        await expect.poll(() => queued("sweep"), { timeout: 30_000 }).toBe(0);
        expect(done).toBe(1);
        expect(await failed()).toBe(0);
      } finally {
        await jobs.stop();
      }
    } finally {
      child?.kill("SIGKILL");
    }
  }, 90_000);
});
