/**
 * The box office's jobs (declared here since issue 64):
 * - "sweep" releases the holds whose time is up, then adds itself again 30 s later; a cron line every minute
 *   starts it again should its chain ever break (a job given up), and it is added once at every start.
 * - "refund" asks the provider for the refund a cancel owes, should the route's server have died first
 *   (./order-life/refund.ts; added by the cancel's transaction, ./order-life/moves.queries.ts).
 * - "pending-digest" mails the organisers the new orders waiting for payment, daily at 13:00 UTC (morning in the
 *   Americas; issue 61, ./pending-digest.ts).
 */
import type { Db } from "../db/client";
import { addJob, type Job, type NoPayload } from "../jobs";
import { sweep, type BoxOffice } from "./box-office";
import { refundJob } from "./order-life/refund";
import { pendingDigestJob } from "./pending-digest";

declare module "../jobs/queries" {
  interface JobPayloads {
    sweep: NoPayload;
    refund: { orderId: number; adminId: number | null; actor: string | null };
    "pending-digest": NoPayload;
  }
}

/** How often holds whose time is up are released (the "sweep" job). */
const SWEEP_MS = 30_000;

export interface TicketJobsDeps {
  db: Db;
  boxOffice: BoxOffice;
  /** The organisers' daily mail: NOTIFY_EMAIL (else the content's contact address) and SITE_URL. */
  digest: { to?: string; siteUrl?: string };
}

export const ticketJobs = ({ db, boxOffice, digest }: TicketJobsDeps): Job[] => [
  {
    name: "sweep",
    run: async () => {
      await sweep(boxOffice.context);
      await addJob(db, "sweep", { key: "sweep", runAt: new Date(Date.now() + SWEEP_MS) });
    },
    schedule: { cron: "* * * * *", options: "jobKey=sweep&jobKeyMode=preserve_run_at" },
    atStart: true,
  },
  { name: "refund", run: refundJob({ db, box: boxOffice }) },
  {
    name: "pending-digest",
    run: pendingDigestJob({ db, plans: boxOffice.plans, ...digest }),
    schedule: { cron: "0 13 * * *", options: "jobKey=pending-digest" },
  },
];
