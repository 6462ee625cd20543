/**
 * The announcements' pacing (issue 44, part 3; issue 54): the "announce" job moves the next piece of recipients
 * into the mail outbox, `perMinute` at most (ANNOUNCE_PER_MINUTE), so a sending to thousands neither floods the
 * mail server nor holds the outbox's other mails back for long. The job runs in its own queue, so one piece at a
 * time across every server: the rate is the site's, not each server's. Listing an announcement's recipients adds
 * the job (migration 019); each piece adds it again `tickMs` later while rows wait. What was queued is recorded
 * with the mail (./queries.ts), so after a crash the job simply goes on with the rows not queued yet.
 */
import type { Db } from "../db/client";
import { addJob } from "../jobs";
import { audienceById, type AudienceSource, type SessionNames } from "./audiences";
import { queuePiece } from "./queries";

export interface PacerOptions {
  db: Db;
  perMinute: number;
  tickMs?: number;
  sources?: AudienceSource[];
  /** The live programme's sessions by title and time, for the mails' "you starred …" (issue 62). */
  sessions?: () => Promise<SessionNames>;
}

/** The "announce" job: one piece, and the job again one tick later while recipients wait. */
export function announceJob(options: PacerOptions): () => Promise<void> {
  const tickMs = options.tickMs ?? 2000;
  const piece = Math.max(1, Math.round((options.perMinute * tickMs) / 60_000));
  return async () => {
    const names = await options.sessions?.();
    const { queued, skipped } = await queuePiece(options.db, piece, (db, id) =>
      audienceById(db, id, options.sources, names),
    );
    if (queued + skipped > 0)
      await addJob(options.db, "announce", {
        queue: "announce",
        key: "announce",
        runAt: new Date(Date.now() + tickMs),
      });
  };
}
