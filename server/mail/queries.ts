/**
 * The mail queue, written here only (outbox.test.ts): what a feature queues (in its own transaction), erases
 * or purges, and what the sender claims and marks. `FOR UPDATE SKIP LOCKED` lets several servers send at once
 * without taking the same row.
 */
import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { mailQueue, type MailAttachment } from "../db/schema";

export type { MailAttachment };

export interface MailDraft {
  to: string;
  replyTo?: string | null;
  subject: string;
  body: string;
  unsubscribeUrl?: string | null;
  /** An HTML version (its images attached with a `cid`). */
  html?: string | null;
  attachments?: MailAttachment[] | null;
}

/** The queue row of a mail (queueMail and queueMails insert it; a test builds a queued mail from it). */
export function mailRow(mail: MailDraft) {
  return {
    toAddr: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    body: mail.body,
    unsubscribeUrl: mail.unsubscribeUrl ?? null,
    html: mail.html ?? null,
    attachments: mail.attachments ?? null,
  };
}

export type QueuedMail = typeof mailQueue.$inferSelect;

/**
 * Queues one mail, in the caller's transaction when `db` is one (beside what the mail is about); a mail about
 * a submission names it, so that the submission's erasure takes its mails along.
 */
export async function queueMail(db: Db, mail: MailDraft, about?: { submissionId: number }): Promise<void> {
  await db.insert(mailQueue).values(about ? { ...mailRow(mail), submissionId: about.submissionId } : mailRow(mail));
}

/** Mails per INSERT: seven values each, far below PostgreSQL's 65,535 parameters. */
const MAIL_CHUNK = 1000;

/** The drafts as rows, MAIL_CHUNK to an INSERT, in order. */
function* chunks(mails: MailDraft[]) {
  for (let i = 0; i < mails.length; i += MAIL_CHUNK) yield mails.slice(i, i + MAIL_CHUNK).map(mailRow);
}

/** Queues mails in chunks of MAIL_CHUNK, in order (none: nothing written). */
export async function queueMails(db: Db, mails: MailDraft[]): Promise<void> {
  for (const rows of chunks(mails)) await db.insert(mailQueue).values(rows);
}

/** queueMails, answering each mail's id and address, in order (the announcements keep them per recipient). */
export async function queueMailsReturning(db: Db, mails: MailDraft[]): Promise<{ id: number; to: string }[]> {
  const queued: { id: number; to: string }[] = [];
  for (const rows of chunks(mails))
    queued.push(...(await db.insert(mailQueue).values(rows).returning({ id: mailQueue.id, to: mailQueue.toAddr })));
  return queued;
}

/**
 * Erases an address's mails: those about its submissions (`submissionIds`), and those sent to it, answering
 * to it or naming it in their text. `email` is lower-cased. Answers the erased mails' ids.
 */
export async function eraseMailsOf(db: Db, email: string, submissionIds: number[]): Promise<{ id: number }[]> {
  const idList = submissionIds.length
    ? sql.join(
        submissionIds.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`NULL`;
  return db
    .delete(mailQueue)
    .where(
      or(
        sql`${mailQueue.submissionId} IN (${idList})`,
        sql`lower(${mailQueue.toAddr}) = ${email}`,
        sql`lower(${mailQueue.replyTo}) = ${email}`,
        sql`strpos(lower(${mailQueue.body}), ${email}) > 0`,
      ),
    )
    .returning({ id: mailQueue.id });
}

/** Deletes the sent or failed mails queued before `before`, but for those about a submission (they go with it). */
export async function purgeOldMails(db: Db, before: Date): Promise<void> {
  await db
    .delete(mailQueue)
    .where(
      and(
        or(isNotNull(mailQueue.sentAt), isNotNull(mailQueue.failedAt)),
        lt(mailQueue.createdAt, before),
        isNull(mailQueue.submissionId),
      ),
    );
}

/**
 * Takes up to `limit` due mails for this sender. `FOR UPDATE SKIP LOCKED` lets several servers claim at
 * once without taking the same row; the lease (`claimed_until`) hands a row on only if its sender died.
 */
export async function claimMails(db: Db, limit: number, leaseMs: number): Promise<QueuedMail[]> {
  const result = await db.execute<Record<string, unknown>>(sql`
    UPDATE mail_queue SET claimed_until = now() + ${`${leaseMs} milliseconds`}::interval, attempts = attempts + 1
    WHERE id IN (
      SELECT id FROM mail_queue
      WHERE sent_at IS NULL AND failed_at IS NULL AND next_try_at <= now()
        AND (claimed_until IS NULL OR claimed_until < now())
      ORDER BY next_try_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_addr, reply_to, subject, body, unsubscribe_url, attempts, submission_id, html, attachments`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    submissionId: r.submission_id === null ? null : Number(r.submission_id),
    toAddr: String(r.to_addr),
    replyTo: (r.reply_to as string | null) ?? null,
    subject: String(r.subject),
    body: String(r.body),
    unsubscribeUrl: (r.unsubscribe_url as string | null) ?? null,
    html: (r.html as string | null) ?? null,
    attachments: (r.attachments as MailAttachment[] | null) ?? null,
    attempts: Number(r.attempts),
    nextTryAt: new Date(),
    claimedUntil: null,
    lastError: null,
    sentAt: null,
    failedAt: null,
    createdAt: new Date(),
  }));
}

/**
 * Marks mails sent, each by the sender whose claim was its try number `attempts` (claimMails counts a try per
 * claim), in one write; answers the ids marked. A mail another sender has claimed since (this claim had lapsed)
 * is left as it is.
 */
export async function markSent(db: Db, mails: readonly { id: number; attempts: number }[]): Promise<number[]> {
  if (!mails.length) return [];
  const rows = await db
    .update(mailQueue)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(
      and(
        or(...mails.map((m) => and(eq(mailQueue.id, m.id), eq(mailQueue.attempts, m.attempts)))),
        isNull(mailQueue.sentAt),
      ),
    )
    .returning({ id: mailQueue.id });
  return rows.map((r) => r.id);
}

/** Records a failed try: retried at `nextTry`, or given up for good when `final`. */
export async function markFailed(db: Db, id: number, error: string, nextTry: Date, final: boolean): Promise<void> {
  await db
    .update(mailQueue)
    .set({
      lastError: error.slice(0, 1000),
      nextTryAt: nextTry,
      claimedUntil: null,
      ...(final ? { failedAt: sql`now()` } : {}),
    })
    .where(eq(mailQueue.id, id));
}

/** When the next mail not sent yet becomes due: its retry, or the end of a claim whose sender may have died. */
export async function nextDue(db: Db): Promise<Date | null> {
  const [row] = rowsOf<{ due: string | Date | null }>(
    await db.execute(sql`
      SELECT min(greatest(next_try_at, coalesce(claimed_until, next_try_at))) AS due FROM mail_queue
      WHERE sent_at IS NULL AND failed_at IS NULL`),
  );
  return row?.due ? new Date(row.due) : null;
}
