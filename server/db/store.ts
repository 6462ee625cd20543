/**
 * Every read and write the forms and the mail queue make. Each function is one transaction, so a caller
 * that got an answer knows the rows are committed.
 */
import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "./client";
import { mailQueue, newsletterSubscribers, rateLimits, signInFailures, submissions } from "./schema";

export interface MailDraft {
  to: string;
  replyTo?: string | null;
  subject: string;
  body: string;
  unsubscribeUrl?: string | null;
}

function mailRow(mail: MailDraft) {
  return {
    toAddr: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    body: mail.body,
    unsubscribeUrl: mail.unsubscribeUrl ?? null,
  };
}

/** The rows of a raw query (node-postgres answers `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface NewSubmission {
  kind: string;
  /** The client's Idempotency-Key; null for a plain form post. */
  key: string | null;
  data: Record<string, string>;
  email: string | null;
  page: string | null;
  consentVersion: string;
  ipHash: string;
  status: "new" | "pending";
}

/** The same fields with the same values, whatever their order. */
const sameData = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y))) ===
  JSON.stringify(Object.entries(b).sort(([x], [y]) => x.localeCompare(y)));

/**
 * Stores a submission and its notification mail together; a key seen before stores nothing. `conflict` says
 * the key was used before for another form or other values (the caller refuses it: issue 32).
 */
export async function saveSubmission(
  db: Db,
  row: NewSubmission,
  mail: MailDraft | null,
): Promise<{ id: number; duplicate: boolean; conflict?: boolean }> {
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(submissions)
      .values({ ...row, idempotencyKey: row.key })
      .onConflictDoNothing({ target: submissions.idempotencyKey })
      .returning({ id: submissions.id });
    if (!inserted) {
      const [earlier] = await tx
        .select({ id: submissions.id, kind: submissions.kind, data: submissions.data })
        .from(submissions)
        .where(eq(submissions.idempotencyKey, row.key ?? ""));
      const conflict = !earlier || earlier.kind !== row.kind || !sameData(earlier.data ?? {}, row.data);
      return { id: earlier?.id ?? 0, duplicate: true, conflict };
    }
    if (mail) await tx.insert(mailQueue).values({ ...mailRow(mail), submissionId: inserted.id });
    return { id: inserted.id, duplicate: false };
  });
}

export interface NewSubscriber {
  email: string;
  kind: string;
  consentVersion: string;
  ipHash: string;
  /** A fresh random token, used when the address is new (or was unsubscribed). */
  token: string;
}

/**
 * One row per address (compared lower-case): a new or unsubscribed address becomes "unconfirmed" and gets
 * a confirmation mail (when `confirmMail` is given); subscribing again changes nothing.
 */
export async function subscribe(
  db: Db,
  sub: NewSubscriber,
  confirmMail: ((token: string) => MailDraft) | null,
): Promise<{ created: boolean }> {
  const email = sub.email.toLowerCase();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(newsletterSubscribers)
      .values({ ...sub, email })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ token: newsletterSubscribers.token });
    let token = inserted?.token;
    if (!token) {
      const [again] = await tx
        .update(newsletterSubscribers)
        .set({ status: "unconfirmed", token: sub.token, unsubscribedAt: null, consentVersion: sub.consentVersion })
        .where(and(eq(newsletterSubscribers.email, email), eq(newsletterSubscribers.status, "unsubscribed")))
        .returning({ token: newsletterSubscribers.token });
      token = again?.token;
    }
    if (token && confirmMail) await tx.insert(mailQueue).values(mailRow(confirmMail(token)));
    return { created: Boolean(token) };
  });
}

/** Confirms (double opt-in) the address of a token; false for an unknown token. */
export async function confirmSubscriber(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: sql`coalesce(${newsletterSubscribers.confirmedAt}, now())` })
    .where(
      and(eq(newsletterSubscribers.token, token), inArray(newsletterSubscribers.status, ["unconfirmed", "confirmed"])),
    )
    .returning({ email: newsletterSubscribers.email });
  return rows.length > 0;
}

/** Unsubscribes the address of a token (and keeps it unsubscribed); false for an unknown token. */
export async function unsubscribe(db: Db, token: string): Promise<boolean> {
  const rows = await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: sql`coalesce(${newsletterSubscribers.unsubscribedAt}, now())` })
    .where(eq(newsletterSubscribers.token, token))
    .returning({ email: newsletterSubscribers.email });
  return rows.length > 0;
}

/** Counts one request in a fixed window; `allowed` is false past `limit`, with the seconds to wait. */
export async function countRequest(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfter: number }> {
  const start = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  const allowed = (row?.count ?? 1) <= limit;
  return { allowed, retryAfter: Math.max(1, Math.ceil((start.getTime() + windowMs - now) / 1000)) };
}

export type QueuedMail = typeof mailQueue.$inferSelect;

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
    RETURNING id, to_addr, reply_to, subject, body, unsubscribe_url, attempts, submission_id`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    submissionId: r.submission_id === null ? null : Number(r.submission_id),
    toAddr: String(r.to_addr),
    replyTo: (r.reply_to as string | null) ?? null,
    subject: String(r.subject),
    body: String(r.body),
    unsubscribeUrl: (r.unsubscribe_url as string | null) ?? null,
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
 * Marks a mail sent by the sender whose claim was try number `attempts` (claimMails counts a try per claim).
 * False when another sender has claimed it since (this claim had lapsed): nothing is written then.
 */
export async function markSent(db: Db, id: number, attempts: number): Promise<boolean> {
  const rows = await db
    .update(mailQueue)
    .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
    .where(and(eq(mailQueue.id, id), eq(mailQueue.attempts, attempts), isNull(mailQueue.sentAt)))
    .returning({ id: mailQueue.id });
  return rows.length > 0;
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
    await tx
      .delete(mailQueue)
      .where(
        and(
          or(isNotNull(mailQueue.sentAt), isNotNull(mailQueue.failedAt)),
          lt(mailQueue.createdAt, before),
          isNull(mailQueue.submissionId),
        ),
      );
    await tx.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 86_400_000)));
    // Wrong-password counts a day old (their locks last 15 minutes).
    await tx.delete(signInFailures).where(lt(signInFailures.updatedAt, new Date(now - 86_400_000)));
    return gone.length;
  });
}

/** A value shared by all instances, created once (first writer wins). */
export async function sharedSetting(db: Db, name: string, create: () => string): Promise<string> {
  await db.execute(sql`INSERT INTO settings (name, value) VALUES (${name}, ${create()}) ON CONFLICT (name) DO NOTHING`);
  const [row] = rowsOf<{ value: string }>(await db.execute(sql`SELECT value FROM settings WHERE name = ${name}`));
  return row?.value ?? create();
}
