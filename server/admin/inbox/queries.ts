/**
 * What the inbox reads and changes: submissions per form, comments, orders, and the erasure of an address.
 * Searches are parameterised (the search text is a bound value, its LIKE wildcards escaped).
 */
import { and, desc, eq, gte, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import type { InboxKind } from "../../../app/forms";
import type { ListQuery } from "../../../app/forms/admin";
import type { Db } from "../../db/client";
import { eraseMailsOf } from "../../mail/queries";
import {
  alertSubscriptions,
  announcementRecipients,
  newsletterSubscribers,
  orders,
  submissions,
} from "../../db/schema";
import { countOrders, listOrders } from "../../orders/queries";
import { rowsOf } from "../../db/rows";
import { normalizeEmail, type SessionAdmin } from "../accounts/queries";
import { escapeLike } from "../../db/sql";
import { secretHash } from "../../secret";
import { audit } from "../audit/queries";

/** The status a submission of this form starts in ("pending" for comments). */
export const unreadStatus = (kind: string) => (kind === "comment" ? "pending" : "new");

function listWhere(query: Pick<ListQuery, "kind" | "q" | "status" | "from" | "to">): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(submissions.kind, query.kind)];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(or(sql`${submissions.data}::text ILIKE ${pattern}`, sql`${submissions.email} ILIKE ${pattern}`));
  }
  if (query.status) conditions.push(eq(submissions.status, query.status));
  if (query.from) conditions.push(gte(submissions.createdAt, new Date(query.from)));
  if (query.to) conditions.push(lt(submissions.createdAt, new Date(query.to)));
  return and(...conditions);
}

const summaryColumns = {
  id: submissions.id,
  kind: submissions.kind,
  status: submissions.status,
  email: submissions.email,
  data: submissions.data,
  page: submissions.page,
  createdAt: submissions.createdAt,
  handledAt: submissions.handledAt,
};

export async function listSubmissions(db: Db, query: ListQuery, perPage: number) {
  const where = listWhere(query);
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(submissions)
    .where(where);
  const total = Number(counted?.n ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Number(query.page ?? 1), pageCount);
  const items = await db
    .select(summaryColumns)
    .from(submissions)
    .where(where)
    .orderBy(desc(submissions.createdAt), desc(submissions.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return { items, page, pageCount, total };
}

/** Every submission of a form, newest first (the CSV export). */
export function allSubmissions(db: Db, kind: InboxKind) {
  return db
    .select(summaryColumns)
    .from(submissions)
    .where(eq(submissions.kind, kind))
    .orderBy(desc(submissions.createdAt), desc(submissions.id));
}

/** Per form: how many submissions, and how many not read yet ("new", or "pending" comments). */
export async function countsByKind(db: Db): Promise<Record<string, { total: number; unread: number }>> {
  const rows = await db
    .select({
      kind: submissions.kind,
      total: sql<number>`count(*)::int`,
      unread: sql<number>`count(*) FILTER (WHERE ${submissions.status} IN ('new', 'pending'))::int`,
    })
    .from(submissions)
    .groupBy(submissions.kind);
  return Object.fromEntries(rows.map((r) => [r.kind, { total: Number(r.total), unread: Number(r.unread) }]));
}

export async function getSubmission(db: Db, id: number) {
  const [row] = await db.select(summaryColumns).from(submissions).where(eq(submissions.id, id));
  return row;
}

/** Sets a submission's status; the row (or undefined when there is none of that kind). */
export async function setStatus(db: Db, id: number, status: string, kinds: "comment" | "other", who: SessionAdmin) {
  const [row] = await setStatuses(db, [id], status, kinds, who);
  return row;
}

/** Sets the status of every row of `ids` that exists (comments only, or everything else), each audited, at once. */
export async function setStatuses(
  db: Db,
  ids: readonly number[],
  status: string,
  kinds: "comment" | "other",
  who: SessionAdmin,
) {
  return db.transaction(async (tx) => {
    const kindMatch = kinds === "comment" ? eq(submissions.kind, "comment") : sql`${submissions.kind} <> 'comment'`;
    const rows = await tx
      .update(submissions)
      .set({ status, handledAt: status === "new" || status === "pending" ? null : sql`now()` })
      .where(and(inArray(submissions.id, [...ids]), kindMatch))
      .returning(summaryColumns);
    for (const row of rows)
      await audit(tx, {
        adminId: who.id,
        actor: who.email,
        action: kinds === "comment" ? `comment-${status}` : `submission-${status}`,
        target: `submission:${row.id}`,
      });
    return rows;
  });
}

export async function deleteComment(db: Db, id: number, who: SessionAdmin): Promise<boolean> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(submissions)
      .where(and(eq(submissions.id, id), eq(submissions.kind, "comment")))
      .returning({ id: submissions.id });
    if (gone.length)
      await audit(tx, { adminId: who.id, actor: who.email, action: "comment-deleted", target: `submission:${id}` });
    return gone.length > 0;
  });
}

/** One page of paid orders for the inbox (the store functions /success's lookup shares: server/db/orders.ts). */
export async function listOrderPage(db: Db, rawPage: number, perPage: number) {
  const total = await countOrders(db);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(rawPage, pageCount);
  const items = await listOrders(db, { limit: perPage, offset: (page - 1) * perPage });
  return { items, page, pageCount, total };
}

export interface ErasureCounts {
  submissions: number;
  mail_queue: number;
  newsletter_subscribers: number;
  orders: number;
  /** Alerts of kept agendas (issue 44) to the address, with the changes each was told about. */
  alert_subscriptions: number;
  announcement_recipients: number;
}

/**
 * Erases everything stored for an address, in one transaction: submissions sent with it (in the email
 * column or any data field), mails to it, from it or about it (its notification mails), its newsletter
 * subscription, its paid orders and its place on announcements' recipient lists. Audited with the SHA-256 of the address, never the address.
 */
export async function eraseAddress(db: Db, rawEmail: string, who: SessionAdmin): Promise<ErasureCounts> {
  const email = normalizeEmail(rawEmail);
  return db.transaction(async (tx) => {
    const ids = rowsOf<{ id: number }>(
      await tx.execute(sql`
        SELECT id FROM submissions
        WHERE lower(email) = ${email}
           OR EXISTS (SELECT 1 FROM jsonb_each_text(data) AS f(key, value) WHERE lower(trim(f.value)) = ${email})`),
    ).map((r) => Number(r.id));
    const idList = ids.length
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : sql`NULL`;
    const mails = await eraseMailsOf(tx, email, ids);
    const subs = ids.length
      ? await tx
          .delete(submissions)
          .where(sql`${submissions.id} IN (${idList})`)
          .returning({ id: submissions.id })
      : [];
    const news = await tx
      .delete(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${email}`)
      .returning({ email: newsletterSubscribers.email });
    const paid = await tx
      .delete(orders)
      .where(sql`lower(${orders.email}) = ${email}`)
      .returning({ id: orders.id });
    const alerts = await tx
      .delete(alertSubscriptions)
      .where(sql`lower(${alertSubscriptions.email}) = ${email}`)
      .returning({ id: alertSubscriptions.id });
    const listed = await tx
      .delete(announcementRecipients)
      .where(sql`${announcementRecipients.email} = ${email}`)
      .returning({ id: announcementRecipients.announcementId });
    const counts: ErasureCounts = {
      submissions: subs.length,
      mail_queue: mails.length,
      newsletter_subscribers: news.length,
      orders: paid.length,
      alert_subscriptions: alerts.length,
      announcement_recipients: listed.length,
    };
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "erasure",
      target: `email-sha256:${secretHash(email)}`,
      detail: { ...counts },
    });
    return counts;
  });
}

/** The number of paid orders (the inbox's counts). */
export async function paidOrderCount(db: Db): Promise<number> {
  const [paid] = await db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return Number(paid?.n ?? 0);
}
