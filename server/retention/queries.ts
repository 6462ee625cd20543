/**
 * Retention (RETENTION_DAYS, docs/deploy.md): what the site deletes once it is old, across the forms, the
 * newsletter, the mail queue, the rate-limit and sign-in counters, kept agendas unused for 90 days, and announcements' recipient lists after 90 days. server/start.ts runs it daily.
 */
import { and, eq, lt } from "drizzle-orm";
import { purgeAnnouncementRecipients } from "../announcements/queries";
import { purgeUnusedAgendas } from "../agenda/queries";
import type { Db } from "../db/client";
import { purgeOldMails } from "../mail/queries";
import { newsletterSubscribers, rateLimits, signInFailures, submissions } from "../db/schema";

/**
 * Deletes what is older than the retention period: handled submissions (their mails go with them),
 * unsubscribed addresses, sent or failed mails, old rate-limit windows. Returns the number of submissions.
 */
export async function purge(db: Db, retentionDays: number, now = Date.now()): Promise<number> {
  const before = new Date(now - retentionDays * 86_400_000);
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(submissions)
      .where(and(eq(submissions.status, "handled"), lt(submissions.handledAt, before)))
      .returning({ id: submissions.id });
    await tx
      .delete(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.status, "unsubscribed"), lt(newsletterSubscribers.unsubscribedAt, before)));
    await purgeOldMails(tx, before);
    await tx.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 86_400_000)));
    // Wrong-password counts a day old (their locks last 15 minutes).
    await tx.delete(signInFailures).where(lt(signInFailures.updatedAt, new Date(now - 86_400_000)));
    // Kept agendas nobody synced, opened or fetched as a calendar for 90 days (issue 44).
    await purgeUnusedAgendas(tx, now);
    // Announcements' recipient lists 90 days after the sending (issue 44); the announcements themselves stay.
    await purgeAnnouncementRecipients(tx, now);
    return gone.length;
  });
}
