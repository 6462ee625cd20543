/**
 * Alerts for a kept agenda's starred sessions (issue 44, part 2; migration 012): the subscriptions (an e-mail
 * address confirmed by a mailed link, or a browser's push subscription) and, after a publish, which of them are
 * told about which change. A change is a session at its SEQUENCE (the number of changes the programme records);
 * `alerts_sent` keeps each one told per subscription, under a unique key, so nobody is told twice. Links are
 * kept as the SHA-256 of their secret (migration 015): a subscription's confirms and unsubscribes, and each mail
 * after that gets an unsubscribe link of its own (`alert_links`), minted as the mail is made.
 */
import { normalizeEmail } from "../../app/forms/email";
import { and, count, eq, gt, inArray, or, sql } from "drizzle-orm";
import { newSecret, secretHash } from "../secret";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { alertLinks, alertSubscriptions, mailQueue } from "../db/schema";
import { queueMail, queueMails, type MailDraft } from "../mail/queries";

export interface AlertSubscription {
  id: number;
  agendaId: number;
  email: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/**
 * Confirmation mails one address gets in 24 hours at most, whatever agendas ask: anyone can keep agendas and
 * subscribe someone else's address from each. Counted in the mail queue, so it holds across servers and restarts.
 */
export const ALERT_CONFIRMATIONS_PER_DAY = 3;

/**
 * An address for an agenda's alerts: new (or unsubscribed before) it becomes unconfirmed and gets the mail
 * `confirmMail` makes with its token, unless the address had ALERT_CONFIRMATIONS_PER_DAY of them already (the
 * answer does not say so); an address already waiting or confirmed changes nothing.
 */
export async function subscribeEmail(
  db: Db,
  agendaId: number,
  rawEmail: string,
  token: string,
  confirmMail: ((token: string) => MailDraft) | null,
): Promise<{ created: boolean; mailed: boolean }> {
  const email = normalizeEmail(rawEmail);
  return db.transaction(async (tx) => {
    const tokenHash = secretHash(token);
    const [inserted] = await tx
      .insert(alertSubscriptions)
      .values({ agendaId, email, tokenHash })
      .onConflictDoNothing()
      .returning({ id: alertSubscriptions.id });
    let kept = Boolean(inserted);
    if (!kept) {
      const [again] = await tx
        .update(alertSubscriptions)
        .set({ status: "unconfirmed", tokenHash, confirmedAt: null })
        .where(
          and(
            eq(alertSubscriptions.agendaId, agendaId),
            eq(alertSubscriptions.email, email),
            eq(alertSubscriptions.status, "unsubscribed"),
          ),
        )
        .returning({ id: alertSubscriptions.id });
      kept = Boolean(again);
    }
    if (!kept || !confirmMail) return { created: kept, mailed: false };
    const mail = confirmMail(token);
    // One request at a time per address, so that requests at once cannot pass the cap together.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`alert-confirmation:${mail.to}`}))`);
    const [sent] = await tx
      .select({ n: count() })
      .from(mailQueue)
      .where(
        and(
          eq(mailQueue.toAddr, mail.to),
          eq(mailQueue.subject, mail.subject),
          gt(mailQueue.createdAt, sql`now() - interval '24 hours'`),
        ),
      );
    if ((sent?.n ?? 0) >= ALERT_CONFIRMATIONS_PER_DAY) return { created: true, mailed: false };
    await queueMail(tx, mail);
    return { created: true, mailed: true };
  });
}

/** A browser's push subscription for an agenda (confirmed: the browser asked its person); the same endpoint once. */
export async function subscribePush(
  db: Db,
  agendaId: number,
  push: { endpoint: string; p256dh: string; auth: string },
  token: string,
): Promise<void> {
  await db
    .insert(alertSubscriptions)
    .values({ agendaId, ...push, tokenHash: secretHash(token), status: "confirmed", confirmedAt: new Date() })
    .onConflictDoUpdate({
      target: [alertSubscriptions.agendaId, alertSubscriptions.endpoint],
      targetWhere: sql`endpoint IS NOT NULL`,
      set: { p256dh: push.p256dh, auth: push.auth, status: "confirmed" },
    });
}

/** What an agenda's alerts are: its addresses (and whether each is confirmed) and whether a browser gets pushes. */
export async function agendaAlerts(db: Db, agendaId: number) {
  const rows = await db
    .select({ email: alertSubscriptions.email, status: alertSubscriptions.status })
    .from(alertSubscriptions)
    .where(
      and(eq(alertSubscriptions.agendaId, agendaId), inArray(alertSubscriptions.status, ["unconfirmed", "confirmed"])),
    );
  return {
    emails: rows.filter((r) => r.email).map((r) => ({ email: r.email!, confirmed: r.status === "confirmed" })),
    push: rows.some((r) => !r.email),
  };
}

/** What a mailed link acted on: its address (null for a browser's push subscription). */
export interface AlertLinkTarget {
  email: string | null;
}

/** Confirms the address of a token (double opt-in); undefined for an unknown or unsubscribed token. */
export async function confirmAlerts(db: Db, token: string): Promise<AlertLinkTarget | undefined> {
  const [row] = await db
    .update(alertSubscriptions)
    .set({ status: "confirmed", confirmedAt: sql`coalesce(${alertSubscriptions.confirmedAt}, now())` })
    .where(
      and(
        eq(alertSubscriptions.tokenHash, secretHash(token)),
        inArray(alertSubscriptions.status, ["unconfirmed", "confirmed"]),
      ),
    )
    .returning({ email: alertSubscriptions.email });
  return row;
}

/**
 * Stops the alerts of a token, the confirmation's or a later mail's (its row stays, unsubscribed, until the agenda
 * goes); undefined for an unknown token.
 */
export async function unsubscribeAlerts(db: Db, token: string): Promise<AlertLinkTarget | undefined> {
  const hash = secretHash(token);
  const [row] = await db
    .update(alertSubscriptions)
    .set({ status: "unsubscribed" })
    .where(
      or(
        eq(alertSubscriptions.tokenHash, hash),
        inArray(
          alertSubscriptions.id,
          db.select({ id: alertLinks.subscriptionId }).from(alertLinks).where(eq(alertLinks.tokenHash, hash)),
        ),
      ),
    )
    .returning({ email: alertSubscriptions.email });
  return row;
}

/** Stops an address's alerts for one agenda (its page's "Stop"), confirmed or still waiting; false when it had none. */
export async function stopAlertAddress(db: Db, agendaId: number, rawEmail: string): Promise<boolean> {
  const rows = await db
    .update(alertSubscriptions)
    .set({ status: "unsubscribed" })
    .where(
      and(
        eq(alertSubscriptions.agendaId, agendaId),
        eq(alertSubscriptions.email, normalizeEmail(rawEmail)),
        inArray(alertSubscriptions.status, ["unconfirmed", "confirmed"]),
      ),
    )
    .returning({ id: alertSubscriptions.id });
  return rows.length > 0;
}

/** Rows per INSERT of links: three values each. */
const LINK_CHUNK = 1000;

/** A new unsubscribe link's secret for each subscription, in order; only their hashes are stored. */
export async function mintAlertLinks(db: Db, subscriptionIds: readonly number[]): Promise<string[]> {
  const secrets = subscriptionIds.map(() => newSecret());
  const rows = subscriptionIds.map((subscriptionId, i) => ({ tokenHash: secretHash(secrets[i]!), subscriptionId }));
  for (let i = 0; i < rows.length; i += LINK_CHUNK) await db.insert(alertLinks).values(rows.slice(i, i + LINK_CHUNK));
  return secrets;
}

/** Removes a push subscription whose service answered that it is gone (404 or 410). */
export async function removePush(db: Db, id: number): Promise<void> {
  await db.delete(alertSubscriptions).where(eq(alertSubscriptions.id, id));
}

/** A session changed by a publish: its number and its SEQUENCE in the new build. */
export interface ChangedSession {
  number: number;
  sequence: number;
}

export interface QueuedAlerts {
  mails: number;
  pushes: { sub: AlertSubscription; sessions: number[] }[];
}

/**
 * In the caller's transaction `tx` (the speakers' mails of the same publish are queued in it too: ./speakers.ts):
 * records, for every confirmed subscription whose agenda stars one of `changed`, each change it was not told yet
 * (the unique key drops the rest), and queues one mail per address for all of its new changes (`mailFor` writes
 * it, with the secret of its own unsubscribe link). Answers the push subscriptions to tell, each with its new
 * changes.
 */
export async function queueAlerts(
  tx: Db,
  changed: readonly ChangedSession[],
  mailFor: (sub: AlertSubscription, sessions: number[], unsubscribeToken: string) => MailDraft,
): Promise<QueuedAlerts> {
  if (changed.length === 0) return { mails: 0, pushes: [] };
  const told = rowsOf<Record<string, unknown>>(
    await tx.execute(sql`
      WITH changed AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) AS c(number integer, sequence integer)
      ), fresh AS (
        INSERT INTO alerts_sent (subscription_id, session_number, sequence)
        SELECT s.id, c.number, c.sequence
        FROM alert_subscriptions s
        JOIN agenda_stars st ON st.agenda_id = s.agenda_id AND st.starred
        JOIN changed c ON c.number = st.session_number
        WHERE s.status = 'confirmed'
        ON CONFLICT DO NOTHING
        RETURNING subscription_id, session_number
      )
      SELECT s.id, s.agenda_id, s.email, s.endpoint, s.p256dh, s.auth,
             array_agg(f.session_number ORDER BY f.session_number) AS sessions
      FROM fresh f JOIN alert_subscriptions s ON s.id = f.subscription_id
      GROUP BY s.id`),
  );
  const subs = told.map((r) => ({
    sub: {
      id: Number(r.id),
      agendaId: Number(r.agenda_id),
      email: (r.email as string | null) ?? null,
      endpoint: (r.endpoint as string | null) ?? null,
      p256dh: (r.p256dh as string | null) ?? null,
      auth: (r.auth as string | null) ?? null,
    },
    sessions: sessionsOf(r.sessions),
  }));
  const mailed = subs.filter((s) => s.sub.email);
  const tokens = await mintAlertLinks(
    tx,
    mailed.map((s) => s.sub.id),
  );
  const mails = mailed.map((s, i) => mailFor(s.sub, s.sessions, tokens[i]!));
  await queueMails(tx, mails);
  return { mails: mails.length, pushes: subs.filter((s) => s.sub.endpoint) };
}

/** node-postgres answers an int[] as an array; a driver that does not, as its text "{3,4}". */
export function sessionsOf(value: unknown): number[] {
  if (Array.isArray(value)) return value.map(Number);
  return String(value ?? "")
    .replace(/[{}]/g, "")
    .split(",")
    .filter(Boolean)
    .map(Number);
}

const starring = (session?: number) =>
  session === undefined
    ? sql``
    : sql`AND EXISTS (SELECT 1 FROM agenda_stars st WHERE st.agenda_id = s.agenda_id AND st.session_number = ${session} AND st.starred)`;

/**
 * Confirmed alert addresses, each once (lower-case, with a subscription of theirs for the unsubscribe link): of
 * every kept agenda, or of those that star `session`. The announcements' audiences (server/announcements/).
 */
export async function alertAddresses(db: Db, session?: number): Promise<{ email: string; id: number }[]> {
  const rows = rowsOf<{ email: string; id: number | string }>(
    await db.execute(sql`
      SELECT DISTINCT ON (s.email) s.email, s.id FROM alert_subscriptions s
      WHERE s.email IS NOT NULL AND s.status = 'confirmed' ${starring(session)}
      ORDER BY s.email, s.id`),
  );
  return rows.map((r) => ({ email: r.email, id: Number(r.id) }));
}

/** How many addresses `alertAddresses` lists, without making their links. */
export async function alertAddressCount(db: Db, session?: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      SELECT count(DISTINCT s.email) AS n FROM alert_subscriptions s
      WHERE s.email IS NOT NULL AND s.status = 'confirmed' ${starring(session)}`),
  );
  return Number(row?.n ?? 0);
}

/** The sessions some confirmed alert address stars, by number. */
export async function alertedSessions(db: Db): Promise<number[]> {
  const rows = rowsOf<{ n: number | string }>(
    await db.execute(sql`
      SELECT DISTINCT st.session_number AS n FROM agenda_stars st
      JOIN alert_subscriptions s ON s.agenda_id = st.agenda_id
      WHERE st.starred AND s.email IS NOT NULL AND s.status = 'confirmed'
      ORDER BY 1`),
  );
  return rows.map((r) => Number(r.n));
}

/** Of these addresses, those still confirmed for alerts. */
export async function confirmedAlertAddresses(db: Db, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const rows = await db
    .selectDistinct({ email: alertSubscriptions.email })
    .from(alertSubscriptions)
    .where(and(inArray(alertSubscriptions.email, emails), eq(alertSubscriptions.status, "confirmed")));
  return new Set(rows.map((r) => r.email!));
}

/**
 * Who would be told of a change to each of `numbers` (issue 51, the Publish page): the kept agendas that star it,
 * and among them the confirmed alerts by e-mail and by push (an agenda with both counts in each).
 */
export async function sessionAudience(
  db: Db,
  numbers: readonly number[],
): Promise<Map<number, { starred: number; email: number; push: number }>> {
  if (!numbers.length) return new Map();
  const rows = rowsOf<{ n: number; starred: number; email: number; push: number }>(
    await db.execute(sql`
      SELECT s.session_number AS n, count(DISTINCT s.agenda_id)::int AS starred,
        count(DISTINCT a.agenda_id) FILTER (WHERE a.email IS NOT NULL)::int AS email,
        count(DISTINCT a.agenda_id) FILTER (WHERE a.endpoint IS NOT NULL)::int AS push
      FROM agenda_stars s
      LEFT JOIN alert_subscriptions a ON a.agenda_id = s.agenda_id AND a.status = 'confirmed'
      WHERE s.starred AND s.session_number IN (${sql.join(
        numbers.map((n) => sql`${n}`),
        sql`, `,
      )})
      GROUP BY s.session_number`),
  );
  return new Map(rows.map((r) => [Number(r.n), { starred: r.starred, email: r.email, push: r.push }]));
}
