/**
 * Announcements' storage (migration 013): sending lists the recipients in the transaction that stores the
 * announcement (each address once: the primary key), then `queuePiece` moves a piece of them into the mail
 * outbox; each recipient's mail row and its `queued_at` are written in one transaction, with the rows locked
 * (`FOR UPDATE SKIP LOCKED`), so neither a restart nor a second server queues anyone twice.
 */
import { normalizeEmail } from "../../app/forms/email";
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { AnnouncementRow } from "../../app/api/admin/announcements";
import type { ShownAnnouncement } from "../../app/lib/announcements";
import { announcementMail } from "../../app/lib/announcements";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { announcementRecipients, announcements, newsletterSubscribers } from "../db/schema";
import { queueMailsReturning } from "../mail/queries";
import { audit, type AuditEntry } from "../admin/audit/queries";
import type { Audience, Recipient } from "../mail";

/** Ticket holders: buyers of orders (paid or free) neither cancelled nor refunded, each address once. */
export async function ticketHolderAddresses(db: Db): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`SELECT DISTINCT lower(trim(email)) AS email FROM ticket_orders WHERE status = 'paid'`),
  );
  return rows.map((r) => r.email);
}

export async function ticketOrderCount(db: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await db.execute(sql`SELECT count(*)::int AS n FROM ticket_orders`));
  return Number(row?.n ?? 0);
}

/** Confirmed newsletter addresses (lower-case, each once) with their links' token. */
export async function newsletterRecipients(db: Db): Promise<{ email: string; token: string }[]> {
  const rows = await db
    .select({ email: newsletterSubscribers.email, token: newsletterSubscribers.token })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.status, "confirmed"));
  const seen = new Map<string, { email: string; token: string }>();
  for (const r of rows) {
    const email = normalizeEmail(r.email);
    if (!seen.has(email)) seen.set(email, { email, token: r.token });
  }
  return [...seen.values()];
}

/** Of these addresses, those whose newsletter subscription is confirmed now (not unsubscribed since). */
export async function confirmedNewsletterAddresses(db: Db, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(trim(${newsletterSubscribers.email}))` })
    .from(newsletterSubscribers)
    .where(
      and(
        eq(newsletterSubscribers.status, "confirmed"),
        sql`lower(trim(${newsletterSubscribers.email})) IN (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((r) => r.email));
}

/** Recipients' addresses are kept this long after the sending, then purged (docs/privacy.md). */
export const RECIPIENTS_KEPT_DAYS = 90;
/** Rows per INSERT when the recipients are listed. */
const LIST_CHUNK = 1000;

export interface NewAnnouncement {
  title: string;
  body: string;
  showsUntil: Date;
  /** The site's origin, for the mails' link. */
  siteUrl: string;
}

/**
 * Stores the announcement and its recipients (each address once) in one transaction, audited; answers its id.
 * Without an audience (issue 51) it is shown on the site only and has no recipients.
 */
export async function createAnnouncement(
  db: Db,
  a: NewAnnouncement,
  audience: Audience | null,
  recipients: Recipient[],
  who: { id: number; email: string },
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        title: a.title,
        body: a.body,
        audience: audience?.id ?? null,
        audienceLabel: audience?.label ?? null,
        siteUrl: a.siteUrl,
        showsUntil: a.showsUntil,
        createdBy: who.id,
        sentAt: now,
      })
      .returning({ id: announcements.id });
    const id = row!.id;
    for (let i = 0; i < recipients.length; i += LIST_CHUNK)
      await tx
        .insert(announcementRecipients)
        .values(
          recipients.slice(i, i + LIST_CHUNK).map((r) => ({
            announcementId: id,
            email: normalizeEmail(r.email),
            unsubscribeUrl: r.unsubscribeUrl,
          })),
        )
        .onConflictDoNothing();
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "announcement-send",
      target: `announcement:${id}`,
      detail: {
        title: a.title,
        audience: audience?.id ?? "site only",
        recipients: recipients.length,
        until: a.showsUntil.toISOString(),
      },
    });
    return id;
  });
}

/** Every announcement, newest first, with its sending's progress (a mail purged since counts as sent). */
export async function listAnnouncements(db: Db, limit = 50): Promise<AnnouncementRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT a.id, a.title, a.body, a.audience, a.audience_label, a.shows_until, a.sent_at, a.withdrawn_at,
        count(r.email)::int AS recipients,
        count(r.queued_at)::int AS queued,
        count(r.skipped_at)::int AS skipped,
        count(*) FILTER (WHERE r.mail_id IS NOT NULL AND (m.id IS NULL OR m.sent_at IS NOT NULL))::int AS sent,
        count(m.failed_at)::int AS failed
      FROM announcements a
      LEFT JOIN announcement_recipients r ON r.announcement_id = a.id
      LEFT JOIN mail_queue m ON m.id = r.mail_id
      GROUP BY a.id
      ORDER BY a.id DESC
      LIMIT ${limit}`),
  );
  const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();
  return rows.map((r) => ({
    id: Number(r.id),
    title: String(r.title),
    body: String(r.body),
    audience: r.audience === null ? null : String(r.audience),
    audienceLabel: r.audience_label === null ? null : String(r.audience_label),
    showsUntil: iso(r.shows_until),
    sentAt: iso(r.sent_at),
    withdrawnAt: r.withdrawn_at === null ? null : iso(r.withdrawn_at),
    recipients: Number(r.recipients),
    queued: Number(r.queued),
    sent: Number(r.sent),
    failed: Number(r.failed),
    skipped: Number(r.skipped),
  }));
}

/** Withdraws it (the banner goes; recipients not queued yet get no mail). False when there is no such one. */
export async function withdrawAnnouncement(db: Db, id: number, entry: AuditEntry, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(announcements)
      .set({ withdrawnAt: sql`coalesce(${announcements.withdrawnAt}, ${now})` })
      .where(eq(announcements.id, id))
      .returning({ id: announcements.id });
    if (rows.length === 0) return false;
    await audit(tx, entry);
    return true;
  });
}

/**
 * Every announcement showing at `now`, newest first: sent, not withdrawn, not expired. Several can be live at
 * once (issue 62): a new one never hides another. At most `limit` (a banner, not a list).
 */
export async function currentAnnouncements(db: Db, now: Date, limit = 10): Promise<ShownAnnouncement[]> {
  const rows = await db
    .select({
      id: announcements.id,
      title: announcements.title,
      body: announcements.body,
      until: announcements.showsUntil,
    })
    .from(announcements)
    .where(and(isNull(announcements.withdrawnAt), gt(announcements.showsUntil, now), lte(announcements.sentAt, now)))
    .orderBy(desc(announcements.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, until: row.until.toISOString() }));
}

/**
 * Queues up to `limit` recipients not queued yet (of announcements not withdrawn), oldest announcement first;
 * an address that left its audience since it was listed is marked skipped instead. Answers how many rows it
 * handled (0: nothing waits).
 */
export async function queuePiece(
  db: Db,
  limit: number,
  audienceOf: (db: Db, id: string) => Promise<Audience | null>,
): Promise<{ queued: number; skipped: number }> {
  return db.transaction(async (tx) => {
    const waiting = rowsOf<{ announcement_id: string; email: string; unsubscribe_url: string | null }>(
      await tx.execute(sql`
        SELECT r.announcement_id, r.email, r.unsubscribe_url
        FROM announcement_recipients r JOIN announcements a ON a.id = r.announcement_id
        WHERE r.queued_at IS NULL AND r.skipped_at IS NULL AND a.withdrawn_at IS NULL
        ORDER BY r.announcement_id, r.email
        LIMIT ${limit}
        FOR UPDATE OF r SKIP LOCKED`),
    );
    if (waiting.length === 0) return { queued: 0, skipped: 0 };
    const ids = [...new Set(waiting.map((w) => Number(w.announcement_id)))];
    const rows = await tx
      .select()
      .from(announcements)
      .where(
        sql`${announcements.id} IN (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    let queued = 0;
    let skipped = 0;
    for (const a of rows) {
      const mine = waiting.filter((w) => Number(w.announcement_id) === a.id);
      // A site-only announcement (no audience) has no recipients, so it is never here.
      const audience = a.audience === null ? null : await audienceOf(tx, a.audience);
      const still = audience?.stillIn
        ? await audience.stillIn(
            tx,
            mine.map((w) => w.email),
          )
        : null;
      const reason =
        audience?.reason ?? `you are among the ${(a.audienceLabel ?? "announcement's audience").toLowerCase()}`;
      const send = still ? mine.filter((w) => still.has(w.email)) : mine;
      const gone = still ? mine.filter((w) => !still.has(w.email)) : [];
      if (gone.length)
        await tx
          .update(announcementRecipients)
          .set({ skippedAt: sql`now()` })
          .where(
            and(
              eq(announcementRecipients.announcementId, a.id),
              sql`${announcementRecipients.email} IN (${sql.join(
                gone.map((g) => sql`${g.email}`),
                sql`, `,
              )})`,
            ),
          );
      skipped += gone.length;
      if (send.length === 0) continue;
      const mails = await queueMailsReturning(
        tx,
        send.map((w) => {
          const text = announcementMail(a, { siteUrl: a.siteUrl, reason, unsubscribeUrl: w.unsubscribe_url });
          return { to: w.email, subject: text.subject, body: text.body, unsubscribeUrl: w.unsubscribe_url };
        }),
      );
      const values = sql.join(
        mails.map((m) => sql`(${m.to}, ${m.id}::bigint)`),
        sql`, `,
      );
      await tx.execute(sql`
        UPDATE announcement_recipients r SET queued_at = now(), mail_id = v.mail_id
        FROM (VALUES ${values}) AS v(email, mail_id)
        WHERE r.announcement_id = ${a.id} AND r.email = v.email`);
      queued += send.length;
    }
    return { queued, skipped };
  });
}

/** For the purge: recipients of announcements sent more than RECIPIENTS_KEPT_DAYS ago. */
export async function purgeAnnouncementRecipients(db: Db, now: number): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(sql`
      WITH gone AS (
        DELETE FROM announcement_recipients r USING announcements a
        WHERE a.id = r.announcement_id AND a.sent_at < ${new Date(now - RECIPIENTS_KEPT_DAYS * 86_400_000)}
        RETURNING 1)
      SELECT count(*)::int AS n FROM gone`),
  );
  return Number(rows[0]?.n ?? 0);
}
