/**
 * The daily purge (declared here since issue 64): "purge" deletes what is older than RETENTION_DAYS
 * (./queries.ts), at 03:00 UTC (a missed run filled within a day) and once at every start.
 */
import type { Db } from "../db/client";
import type { Job, NoPayload } from "../jobs";
import { purge } from "./queries";

declare module "../jobs/queries" {
  interface JobPayloads {
    purge: NoPayload;
  }
}

export interface RetentionJobsDeps {
  db: Db;
  /** RETENTION_DAYS. */
  retentionDays: number;
}

export const retentionJobs = ({ db, retentionDays }: RetentionJobsDeps): Job[] => [
  {
    name: "purge",
    run: async () => void (await purge(db, retentionDays)),
    schedule: { cron: "0 3 * * *", options: "fill=1d&jobKey=purge" },
    atStart: true,
  },
];
