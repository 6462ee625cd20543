/**
 * Every feature's background jobs (issue 64), as server/app.ts lists the features' routes: each feature
 * declares its jobs in its own `jobs.ts` (name, run, schedule, queue, at start; server/jobs/index.ts `Job`) from
 * the deps it declares, and server/start.ts makes one `JobsDeps` from the settings and the runtime. The worker
 * (server/jobs/) makes the task list, the crontab and the adds at start from these declarations.
 *
 * Here, not in server/jobs/: the features import server/jobs/ (to add a job), so server/jobs/ imports none of
 * them (no two server folders import each other).
 */
import { announcementJobs, type AnnouncementJobsDeps } from "./announcements/jobs";
import type { Job } from "./jobs";
import { mailJobs, type MailJobsDeps } from "./mail/jobs";
import { publishJobs, type PublishJobsDeps } from "./publish/jobs";
import { retentionJobs, type RetentionJobsDeps } from "./retention/jobs";
import { shiftJobs, type ShiftJobsDeps } from "./shifts/jobs";
import { ticketJobs, type TicketJobsDeps } from "./tickets/jobs";

/** What every feature's jobs need, in one object. */
export type JobsDeps = MailJobsDeps &
  AnnouncementJobsDeps &
  TicketJobsDeps &
  RetentionJobsDeps &
  PublishJobsDeps &
  ShiftJobsDeps;

/** Every feature with background work. */
const JOB_FEATURES: ((deps: JobsDeps) => Job[])[] = [
  mailJobs,
  announcementJobs,
  ticketJobs,
  retentionJobs,
  publishJobs,
  shiftJobs,
];

/** Every job of the site, from its feature's declaration; throws when two declare one name. */
export function allJobs(deps: JobsDeps): Job[] {
  const jobs = JOB_FEATURES.flatMap((feature) => feature(deps));
  const names = new Set<string>();
  for (const { name } of jobs) {
    if (names.has(name)) throw new Error(`Two jobs are named "${name}"`);
    names.add(name);
  }
  return jobs;
}
