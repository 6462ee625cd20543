/**
 * What the organisers' Attendees tab reads and changes (issue 42, item 5): seats per plan, orders found by
 * buyer, reference, ticket code or holder, one order whole. It only reads: an order is changed by its life's
 * module (server/tickets/order-life/, issue 61). Searches are parameterised (the text is a bound value, its
 * LIKE wildcards escaped).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { ticketOrders, tickets } from "../db/schema";
import type { Ticket, TicketOrder } from "../tickets/queries";
import { volunteerName } from "../door/queries";
import { escapeLike } from "../db/sql";
import { referenceId, shortCodeKey, ticketCodeKey } from "../../app/lib/door/lookup";

export interface OrderRow {
  id: number;
  planId: string;
  name: string;
  email: string;
  status: string;
  tickets: number;
  amountMinor: number;
  currency: string;
  createdAt: Date;
}

interface RawOrderRow {
  id: number | string;
  plan_id: string;
  name: string;
  email: string;
  status: string;
  tickets: number | string;
  amount_minor: number;
  currency: string;
  created_at: string | Date;
}

const toRow = (r: RawOrderRow): OrderRow => ({
  id: Number(r.id),
  planId: r.plan_id,
  name: r.name,
  email: r.email,
  status: r.status,
  tickets: Number(r.tickets),
  amountMinor: Number(r.amount_minor),
  currency: r.currency,
  createdAt: new Date(r.created_at),
});

/** "TNCC-T000042", "T42" or "42" -> 42 (app/lib/door/lookup.ts: the door reads a search the same way). */
export { referenceId };

/**
 * Orders (newest first, at most `limit`) whose buyer's name or address, reference, ticket code (its first 6
 * characters or more, or whole in any case as the door finds it) or ticket holder matches `q`; without `q`, the
 * newest orders.
 */
export async function searchOrders(db: Db, q: string, limit = 50): Promise<OrderRow[]> {
  const text = q.trim();
  const like = `%${escapeLike(text)}%`;
  const ref = referenceId(text);
  const codePrefix = text.length >= 6 ? `${escapeLike(text)}%` : null;
  const code = ticketCodeKey(text);
  const where = text
    ? sql`WHERE o.name ILIKE ${like} OR o.email ILIKE ${like} ${ref !== null ? sql`OR o.id = ${ref}` : sql``}
        OR EXISTS (SELECT 1 FROM tickets t WHERE t.order_id = o.id AND (t.holder_name ILIKE ${like}
          OR t.holder_email ILIKE ${like} ${codePrefix ? sql`OR t.code LIKE ${codePrefix}` : sql``}
          ${code !== null ? sql`OR lower(t.code) = ${code}` : sql``}
          ${shortCodeKey(text) !== null ? sql`OR t.short_code = ${shortCodeKey(text)}` : sql``}))`
    : sql``;
  const rows = rowsOf<RawOrderRow>(
    await db.execute(sql`
      SELECT o.id, o.plan_id, o.name, o.email, o.status, o.amount_minor, o.currency, o.created_at,
        (SELECT count(*) FROM tickets t WHERE t.order_id = o.id)::int AS tickets
      FROM ticket_orders o ${where}
      ORDER BY o.id DESC LIMIT ${limit}`),
  );
  return rows.map(toRow);
}

/** One order and its tickets, in order. */
export async function orderWithTickets(db: Db, id: number): Promise<{ order: TicketOrder; tickets: Ticket[] } | null> {
  const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.id, id)).limit(1);
  if (!order) return null;
  const list = await db.select().from(tickets).where(eq(tickets.orderId, id)).orderBy(tickets.position);
  return { order, tickets: list };
}

/** Every ticket with its order and its admission at the door (issue 53), for the CSV (by order, then position). */
export async function allTickets(db: Db): Promise<
  {
    orderId: number;
    planId: string;
    holderName: string | null;
    buyerName: string;
    buyerEmail: string;
    orderStatus: string;
    ticketStatus: string;
    position: number;
    checkedInAt: Date | null;
    door: string | null;
    admittedBy: string | null;
  }[]
> {
  const rows = rowsOf<{
    order_id: number | string;
    plan_id: string;
    holder_name: string | null;
    name: string;
    email: string;
    order_status: string;
    ticket_status: string;
    position: number;
    scanned_at: string | Date | null;
    door: string | null;
    by: string | null;
  }>(
    await db.execute(sql`
      SELECT t.order_id, t.plan_id, t.holder_name, o.name, o.email, o.status AS order_status,
        t.status AS ticket_status, t.position, c.scanned_at, c.door, ${volunteerName} AS by
      FROM tickets t JOIN ticket_orders o ON o.id = t.order_id
        LEFT JOIN check_ins c ON c.code = t.code AND c.kind = 'admission' LEFT JOIN admins a ON a.id = c.admin_id
      ORDER BY t.order_id, t.position`),
  );
  return rows.map((r) => ({
    orderId: Number(r.order_id),
    planId: r.plan_id,
    holderName: r.holder_name,
    buyerName: r.name,
    buyerEmail: r.email,
    orderStatus: r.order_status,
    ticketStatus: r.ticket_status,
    position: Number(r.position),
    checkedInAt: r.scanned_at === null ? null : new Date(r.scanned_at),
    door: r.door,
    admittedBy: r.door === null ? null : r.by,
  }));
}
