/**
 * The box office's orders and seats (issue 42): each plan's stock, an order, its page's links, its timeline and
 * the organisers' list. The rest of its SQL is by job beside it: holds (./holds.queries.ts), the sale of a hold
 * (./order-life/sale.queries.ts), "pay later" orders (./order-life/pending.queries.ts), orders issued by hand (./manual.queries.ts),
 * and a ticket's holder, forwards and signing key (./tickets.queries.ts).
 *
 * Seats are counted per plan in `ticket_stock` and changed only by conditional updates
 * (`... WHERE sold + held + n <= capacity`): PostgreSQL re-checks the condition on the row as the previous writer
 * left it, so concurrent buyers can never take more than the capacity, on the embedded database and on a shared
 * server alike (holds also lock the row first, to serve a batch in one go). A hold keeps seats for a checkout; it
 * becomes an order (its tickets and its mail in the same transaction, so the mail goes out after a crash) or is
 * released.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import {
  type ticketHolds,
  ticketOrderEvents,
  ticketOrderLinks,
  ticketOrders,
  tickets,
  ticketStock,
} from "../db/schema";
import { queueMail, type MailDraft } from "../mail/queries";
import { newSecret, secretHash } from "../secret";

export type Hold = typeof ticketHolds.$inferSelect;
export type TicketOrder = typeof ticketOrders.$inferSelect;
export type Ticket = typeof tickets.$inferSelect;

/** Each plan's capacity (people) as content says now; sold and held are kept. */
export async function syncStock(db: Db, capacities: Record<string, number>): Promise<void> {
  for (const [planId, capacity] of Object.entries(capacities))
    await db
      .insert(ticketStock)
      .values({ planId, capacity })
      .onConflictDoUpdate({ target: ticketStock.planId, set: { capacity } });
}

export interface Stock {
  capacity: number;
  sold: number;
  held: number;
  left: number;
}

/** Every plan's seats now. */
export async function stock(db: Db): Promise<Record<string, Stock>> {
  const rows = await db.select().from(ticketStock);
  return Object.fromEntries(
    rows.map((r) => [
      r.planId,
      { capacity: r.capacity, sold: r.sold, held: r.held, left: Math.max(0, r.capacity - r.sold - r.held) },
    ]),
  );
}

/** One step of an order's timeline (issue 53), in the caller's transaction. */
export async function addOrderEvent(
  db: Db,
  orderId: number,
  kind: string,
  at: Date,
  detail?: Record<string, unknown> | null,
  actor?: string | null,
): Promise<void> {
  await db
    .insert(ticketOrderEvents)
    .values({ orderId, kind, createdAt: at, detail: detail ?? null, actor: actor ?? null });
}

export const orderOfHold = async (db: Db, holdId: number): Promise<TicketOrder | undefined> =>
  (await db.select().from(ticketOrders).where(eq(ticketOrders.holdId, holdId)).limit(1))[0];

export const orderById = async (db: Db, id: number): Promise<TicketOrder | undefined> =>
  (await db.select().from(ticketOrders).where(eq(ticketOrders.id, id)).limit(1))[0];

export type OrderEvent = typeof ticketOrderEvents.$inferSelect;

/** An order's timeline: its own steps and each ticket's check-ins, oldest first. */
export async function orderTimeline(
  db: Db,
  orderId: number,
): Promise<{ at: Date; kind: string; detail: Record<string, unknown> | null; actor: string | null }[]> {
  const steps = await db
    .select()
    .from(ticketOrderEvents)
    .where(eq(ticketOrderEvents.orderId, orderId))
    .orderBy(ticketOrderEvents.createdAt, ticketOrderEvents.id);
  const admitted = rowsOf<{ code: string; position: number; at: string | Date; door: string | null }>(
    await db.execute(sql`
      SELECT t.code, t.position, c.scanned_at AS at, c.door FROM check_ins c
      JOIN tickets t ON t.code = c.code WHERE t.order_id = ${orderId} AND c.kind = 'admission'`),
  );
  return [
    ...steps.map((s) => ({ at: s.createdAt, kind: s.kind, detail: s.detail, actor: s.actor })),
    ...admitted.map((a) => ({
      at: new Date(a.at),
      kind: "admitted",
      detail: { ticket: a.position, door: a.door },
      actor: null,
    })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * A paid order refunded at the provider (its dashboard): the order becomes "refunded", its tickets
 * "cancelled" and its seats go back to the stock, with the buyer's mail, in one transaction; null when no
 * paid order has that payment (refunded already, or not ours).
 */
export async function refundedAtProvider(
  db: Db,
  paymentIntent: string,
  now: Date,
  mail: (order: TicketOrder) => MailDraft,
): Promise<{ order: TicketOrder; seats: number } | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(ticketOrders)
      .set({ status: "refunded", cancelledAt: now })
      .where(and(eq(ticketOrders.paymentIntent, paymentIntent), eq(ticketOrders.status, "paid")))
      .returning();
    if (!order) return null;
    const cancelled = await tx
      .update(tickets)
      .set({ status: "cancelled" })
      .where(eq(tickets.orderId, order.id))
      .returning({ code: tickets.code });
    await tx.execute(sql`UPDATE ticket_stock SET sold = sold - ${cancelled.length} WHERE plan_id = ${order.planId}`);
    await queueMail(tx, mail(order));
    await addOrderEvent(tx, order.id, "refunded", now, { at: "provider", seats: cancelled.length });
    return { order, seats: cancelled.length };
  });
}

/** An order by a secret of its page (only the secrets' hashes are kept). */
export async function orderByToken(db: Db, token: string): Promise<{ order: TicketOrder; tickets: Ticket[] } | null> {
  const [found] = await db
    .select({ order: ticketOrders })
    .from(ticketOrderLinks)
    .innerJoin(ticketOrders, eq(ticketOrders.id, ticketOrderLinks.orderId))
    .where(eq(ticketOrderLinks.tokenHash, secretHash(token)))
    .limit(1);
  if (!found) return null;
  const { order } = found;
  const all = await db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(tickets.position);
  return { order, tickets: all };
}

/** A new secret link to an order's page (its buyer back from the checkout; the mailed one is not kept). */
export async function newOrderLink(db: Db, orderId: number): Promise<string> {
  const token = newSecret();
  await db.insert(ticketOrderLinks).values({ tokenHash: secretHash(token), orderId });
  return token;
}

export interface OrderListRow extends TicketOrder {
  tickets: number;
  /** People the order is for: its hold's seats (a pending order has no tickets yet). */
  seats: number;
}

/**
 * Every ticket order for the Box office's one Orders list (issues 53, 61), newest first, at most `limit`: `show`
 * filters by status ("manual": issued by hand; "refund-owed": cancelled with money paid by hand not given back),
 * `method` by how it is paid ("free": nothing to pay, card or none; an order from before issue 53 names no
 * method), `q` finds a buyer's name or address, a reference (TNCC-T000042, T42) or a ticket's code or holder.
 * The text is a bound value, its LIKE wildcards escaped.
 */
export async function listTicketOrders(
  db: Db,
  { q, show, method = "all", limit = 100 }: { q: string; show: string; method?: string; limit?: number },
): Promise<OrderListRow[]> {
  const text = q.trim();
  const like = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const ref = /^(?:TNCC-)?T?0*(\d{1,12})$/i.exec(text);
  const conditions = [
    show === "manual"
      ? sql`${ticketOrders.manual} = true`
      : show === "refund-owed"
        ? sql`(${ticketOrders.status} = 'cancelled' AND ${ticketOrders.amountMinor} > 0
            AND ${ticketOrders.paidAt} IS NOT NULL AND ${ticketOrders.paymentIntent} IS NULL)`
        : show !== "all"
          ? sql`${ticketOrders.status} = ${show}`
          : sql`true`,
    method === "free"
      ? sql`(${ticketOrders.amountMinor} = 0 AND coalesce(${ticketOrders.paymentMethod}, 'card') = 'card')`
      : method === "card"
        ? sql`(coalesce(${ticketOrders.paymentMethod}, 'card') = 'card' AND ${ticketOrders.amountMinor} > 0)`
        : method !== "all"
          ? sql`${ticketOrders.paymentMethod} = ${method}`
          : sql`true`,
    text
      ? sql`(${ticketOrders.name} ILIKE ${like} OR ${ticketOrders.email} ILIKE ${like}
          ${ref ? sql`OR ${ticketOrders.id} = ${Number(ref[1])}` : sql``}
          OR EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = ${ticketOrders.id}
            AND (t.holder_name ILIKE ${like} OR lower(t.code) = ${text.toLowerCase()})))`
      : sql`true`,
  ];
  const rows = await db
    .select({
      order: ticketOrders,
      tickets: sql<number>`(SELECT count(*) FROM tickets t WHERE t.order_id = ${ticketOrders.id})::int`,
      seats: sql<number>`(SELECT h.seats FROM ticket_holds h WHERE h.id = ${ticketOrders.holdId})::int`,
    })
    .from(ticketOrders)
    .where(and(...conditions))
    .orderBy(sql`${ticketOrders.id} DESC`)
    .limit(limit);
  return rows.map((r) => ({ ...r.order, tickets: Number(r.tickets), seats: Number(r.seats ?? r.tickets) }));
}

/** An order's tickets, in order. */
export const ticketsOfOrder = (db: Db, orderId: number): Promise<Ticket[]> =>
  db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.position);
