/**
 * Paid sponsor-token orders (table `orders`, migration 002). Written by the payment webhook
 * (server/orders/webhook.ts) and by `GET /api/orders/:sessionId` when the provider confirms a paid
 * session before its webhook arrived; read by /success and the organisers' inbox.
 */
import { count, desc, eq, ilike, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { orders } from "../db/schema";

export type Order = typeof orders.$inferSelect;

export interface PaidOrder {
  /**
   * What makes a replay store nothing new: the webhook event's id (`evt_…`), or `session:<session id>` when
   * the order was confirmed by asking the provider (GET /api/orders) before the webhook came.
   */
  eventId: string;
  sessionId: string;
  tokenId: string | null;
  /** In the currency's minor unit (cents). */
  amountMinor: number;
  /** ISO 4217, lower case ("usd"). */
  currency: string;
  email: string | null;
  name: string | null;
}

/**
 * Records a paid order once: a second event with the same id, or a second event for the same checkout
 * session, stores nothing (`ON CONFLICT DO NOTHING`). Returns the order (new or earlier) and whether it
 * was new.
 */
export async function recordPaidOrder(db: Db, order: PaidOrder): Promise<{ order: Order; created: boolean }> {
  const [inserted] = await db
    .insert(orders)
    .values({
      stripeEventId: order.eventId,
      stripeSessionId: order.sessionId,
      tokenId: order.tokenId,
      amountMinor: order.amountMinor,
      currency: order.currency,
      email: order.email,
      name: order.name,
      status: "paid",
    })
    .onConflictDoNothing()
    .returning();
  if (inserted) return { order: inserted, created: true };
  const [earlier] = await db
    .select()
    .from(orders)
    .where(or(eq(orders.stripeEventId, order.eventId), eq(orders.stripeSessionId, order.sessionId)))
    .limit(1);
  if (!earlier) throw new Error(`order for ${order.sessionId} was neither stored nor found`);
  return { order: earlier, created: false };
}

/** The order of a checkout session, or null. */
export async function orderBySession(db: Db, sessionId: string): Promise<Order | null> {
  const [row] = await db.select().from(orders).where(eq(orders.stripeSessionId, sessionId)).limit(1);
  return row ?? null;
}

export interface OrderQuery {
  /** Rows per page (1 to 500). */
  limit: number;
  /** Rows to skip (0 and up). */
  offset: number;
  /** Optional text search: part of the e-mail, name, token id or session id (case-insensitive). */
  q?: string;
}

function matching(q: string | undefined) {
  const text = q?.trim();
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  return or(
    ilike(orders.email, pattern),
    ilike(orders.name, pattern),
    ilike(orders.tokenId, pattern),
    ilike(orders.stripeSessionId, pattern),
  );
}

/** Orders, newest first, one page of them (for the inbox). */
export async function listOrders(db: Db, { limit, offset, q }: OrderQuery): Promise<Order[]> {
  return db
    .select()
    .from(orders)
    .where(matching(q))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(Math.min(Math.max(Math.trunc(limit), 1), 500))
    .offset(Math.max(Math.trunc(offset), 0));
}

/** How many orders `listOrders` pages through (same `q`). */
export async function countOrders(db: Db, { q }: Pick<OrderQuery, "q"> = {}): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(matching(q));
  return Number(row?.n ?? 0);
}
