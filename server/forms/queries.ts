/**
 * Every read and write the forms make: submissions, newsletter addresses and the forms' rate-limit counter
 * (the IP salt is server/db/settings.ts). Each function is one transaction, so a caller that got an answer knows the rows are committed.
 */
import { normalizeEmail } from "../../app/forms/email";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { newsletterSubscribers, submissions } from "../db/schema";
import { queueMail, type MailDraft } from "../mail/queries";

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
    if (mail) await queueMail(tx, mail, { submissionId: inserted.id });
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
  const email = normalizeEmail(sub.email);
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
    if (token && confirmMail) await queueMail(tx, confirmMail(token));
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
