// @vitest-environment node
/**
 * The jobs as declared (issue 64): the one exception to "a job is added by TypeScript" is the SQL triggers of
 * the migrations, named here, so a new trigger that adds a job fails this test until it is named (and
 * documented in ./jobs.ts). And the features' declarations give the worker the crontab and the adds at start
 * that server/start.ts wrote by hand before: same names, timings and keys (rows of existing databases).
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { allJobs, type JobsDeps } from "../job-list";
import { addJob, crontabOf } from ".";

const MIGRATIONS = path.join(import.meta.dirname, "..", "db", "migrations");

describe("the jobs' declarations", () => {
  it("only the triggers mail_queued (mail) and announcement_listed (announce) add jobs in the migrations", () => {
    const found: string[] = [];
    let calls = 0;
    for (const file of readdirSync(MIGRATIONS)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      const text = readFileSync(path.join(MIGRATIONS, file), "utf8");
      calls += (text.match(/add_jobs?\s*\(/gi) ?? []).length;
      // Each function that adds a job: its name and the job's.
      for (const part of text.split(/CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+/i).slice(1)) {
        const fn = /^[\w.]+/.exec(part)![0];
        for (const m of part.matchAll(/add_jobs?\s*\(\s*'([^']+)'/gi)) found.push(`${file}: ${fn} adds ${m[1]}`);
      }
    }
    expect(found).toEqual(["019-jobs.sql: mail_queued adds mail", "019-jobs.sql: announcement_listed adds announce"]);
    // No add_job outside those two (one with no literal name, or outside a function).
    expect(calls).toBe(found.length);
  });

  // Those of every start before issue 64 are all there, unchanged (a new job may join them).
  it("the crontab and the adds at start keep those of every start before issue 64", () => {
    const deps = {
      db: {} as Database["db"],
      mail: { send: async () => {} },
      announce: { perMinute: 60 },
      boxOffice: { plans: async () => ({}) },
      digest: {},
      retentionDays: 30,
      publisher: { sendAlerts: async () => {} },
      shifts: { event: async () => ({ timeZone: "UTC" }) },
    } as unknown as JobsDeps;
    const jobs = allJobs(deps);
    expect(jobs.map((j) => j.name)).toEqual(
      expect.arrayContaining([
        "alerts",
        "announce",
        "mail",
        "pending-digest",
        "purge",
        "refund",
        "shift-end",
        "shift-gap",
        "shift-reminder",
        "sweep",
      ]),
    );
    expect(crontabOf(jobs).split("\n")).toEqual(
      expect.arrayContaining([
        "0 3 * * * purge ?fill=1d&jobKey=purge",
        "0 13 * * * pending-digest ?jobKey=pending-digest",
        "* * * * * sweep ?jobKey=sweep&jobKeyMode=preserve_run_at",
      ]),
    );
    const atStart = jobs.filter((j) => j.atStart).map((j) => [j.name, j.queue ?? null]);
    expect(atStart).toEqual(
      expect.arrayContaining([
        ["mail", null],
        ["announce", "announce"],
        ["sweep", null],
        ["purge", null],
      ]),
    );
    // None of the others is added at start, nor on a clock.
    for (const name of ["alerts", "refund", "shift-reminder", "shift-gap", "shift-end"]) {
      expect(atStart.map(([n]) => n)).not.toContain(name);
      expect(crontabOf(jobs)).not.toContain(` ${name} `);
    }
    // Without SMTP_URL, no mail job.
    expect(allJobs({ ...deps, mail: null }).some((j) => j.name === "mail")).toBe(false);
  });

  it("addJob's name and payload are checked by the compiler (tsc fails should one line below compile)", () => {
    const typed = async (tx: Database["db"]) => {
      await addJob(tx, "refund", { key: "refund-order-1", payload: { orderId: 1, adminId: null, actor: null } });
      await addJob(tx, "sweep", { key: "sweep", keepRunAt: true });
      // @ts-expect-error a payload of the wrong type
      await addJob(tx, "refund", { payload: { orderId: "1", adminId: null, actor: null } });
      // @ts-expect-error a job with a payload needs it
      await addJob(tx, "refund", { key: "refund-order-1" });
      // @ts-expect-error no such job
      await addJob(tx, "refunds");
      // @ts-expect-error a job without a payload takes none
      await addJob(tx, "sweep", { payload: { n: 1 } });
    };
    expect(typed).toBeTypeOf("function");
  });
});
