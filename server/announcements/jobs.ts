/**
 * The announcements' job (issue 44, declared here since issue 64): "announce" moves the next piece of recipients
 * into the outbox (./sender.ts), in its own queue so one piece runs at a time across every server. Listing an
 * announcement's recipients adds it (the trigger announcement_listed, migration 019: the one documented
 * exception of server/jobs/), each piece adds it again while rows wait, and it is added once at every start.
 */
import type { Db } from "../db/client";
import type { Job, NoPayload } from "../jobs";
import type { SessionNames } from "./audiences";
import { announceJob } from "./sender";

declare module "../jobs/queries" {
  interface JobPayloads {
    announce: NoPayload;
  }
}

export interface AnnouncementJobsDeps {
  db: Db;
  announce: {
    /** ANNOUNCE_PER_MINUTE. */
    perMinute: number;
    /** The live programme's sessions, for the mails' "you starred …". */
    sessions?: () => Promise<SessionNames>;
  };
}

export const announcementJobs = ({ db, announce }: AnnouncementJobsDeps): Job[] => [
  { name: "announce", run: announceJob({ db, ...announce }), queue: "announce", atStart: true },
];
