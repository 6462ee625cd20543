/**
 * "Pay later" orders (issue 53): opened pending, reminded once past their deadline, released unpaid, released with
 * a hold its buyer replaced; a waiting-list offer to be paid later.
 */
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ticketHolds, ticketOrderLinks, ticketOrders } from "../../db/schema";
import { queueMail, type MailDraft } from "../../mail/queries";
import { newSecret, secretHash } from "../../secret";
import { addOrderEvent, type Hold, type TicketOrder } from "../queries";

/** Thrown inside an order's transaction to undo it: its hold was not held any more. */
class NotHeld extends Error {}

/**
 * A "pay later" hold's order, pending (issue 53): its reference, its deadline, its page's link (only the hash
 * kept) and the buyer's mail with how to pay, in one transaction. A retried request answers the order made
 * before, with a new link. With `keepUntil` (the buyer confirmed the address, issue 61) the hold is kept until
 * then in the same transaction, only while it is still held and its confirmation window not over at `at`:
 * else no order is opened (null).
 */
export async function openPendingOrder(
  db: Db,
  hold: Hold,
  dueAt: Date,
  at: Date,
  mail: (order: TicketOrder, token: string) => MailDraft,
  keepUntil?: Date,
): Promise<{ order: TicketOrder; token: string; created: boolean } | null> {
  return db
    .transaction(async (tx) => opened(tx, hold, dueAt, at, mail, keepUntil))
    .catch((error: unknown) => {
      if (error instanceof NotHeld) return null;
      throw error;
    });
}

async function opened(
  tx: Db,
  hold: Hold,
  dueAt: Date,
  at: Date,
  mail: (order: TicketOrder, token: string) => MailDraft,
  keepUntil?: Date,
): Promise<{ order: TicketOrder; token: string; created: boolean }> {
  const token = newSecret();
  const [made] = await tx
    .insert(ticketOrders)
    .values({
      holdId: hold.id,
      planId: hold.planId,
      email: hold.email,
      name: hold.name,
      amountMinor: hold.amountMinor,
      currency: hold.currency,
      status: "pending",
      paymentMethod: "later",
      dueAt,
      createdAt: at,
    })
    .onConflictDoNothing({ target: ticketOrders.holdId })
    .returning();
  const order = made ?? (await tx.select().from(ticketOrders).where(eq(ticketOrders.holdId, hold.id)))[0]!;
  if (made && keepUntil) {
    const [kept] = await tx
      .update(ticketHolds)
      .set({ expiresAt: keepUntil })
      .where(and(eq(ticketHolds.id, hold.id), eq(ticketHolds.status, "held"), gt(ticketHolds.expiresAt, at)))
      .returning();
    if (!kept) throw new NotHeld();
  }
  await tx.insert(ticketOrderLinks).values({ tokenHash: secretHash(token), orderId: order.id });
  if (made) {
    await addOrderEvent(tx, order.id, "created", at, {
      method: "later",
      dueAt: dueAt.toISOString(),
    });
    await queueMail(tx, mail(order, token));
    await addOrderEvent(tx, order.id, "mailed", at, { to: order.email, what: "how to pay" });
  }
  return { order, token, created: Boolean(made) };
}

/**
 * "Pay later" holds still held with no order: their server stopped between taking the seats and opening the
 * order (issue 54: the rush across servers, one killed; a waiting-list offer paid later), or one is between the
 * two right now. The sweep opens their orders (opening one twice makes one order and one mail: openPendingOrder).
 * Not a purchase waiting for its address to be confirmed (`confirm_hash`, issue 61): its order opens only then.
 */
export async function laterHoldsWithoutOrder(db: Db): Promise<Hold[]> {
  return db
    .select()
    .from(ticketHolds)
    .where(
      and(
        eq(ticketHolds.paymentMethod, "later"),
        eq(ticketHolds.status, "held"),
        sql`${ticketHolds.confirmHash} IS NULL`,
        sql`NOT EXISTS (SELECT 1 FROM ticket_orders o WHERE o.hold_id = ${ticketHolds.id})`,
      ),
    )
    .orderBy(ticketHolds.id)
    .limit(500);
}

/** Pending orders whose deadline has passed at `now` (the pay-later provider judges each). */
export async function pendingPastDue(db: Db, now: Date): Promise<TicketOrder[]> {
  return db
    .select()
    .from(ticketOrders)
    .where(and(eq(ticketOrders.status, "pending"), sql`${ticketOrders.dueAt} <= ${now.toISOString()}::timestamptz`))
    .orderBy(ticketOrders.id)
    .limit(500);
}

/** A pending order's one reminder: kept as sent with its mail, once (null: reminded already, or not pending). */
export async function remindPending(
  db: Db,
  orderId: number,
  at: Date,
  releaseAt: Date,
  mail: (order: TicketOrder) => MailDraft,
): Promise<TicketOrder | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(ticketOrders)
      .set({ remindedAt: at })
      .where(
        and(eq(ticketOrders.id, orderId), eq(ticketOrders.status, "pending"), sql`${ticketOrders.remindedAt} IS NULL`),
      )
      .returning();
    if (!order) return null;
    await tx.execute(
      sql`UPDATE ticket_holds SET expires_at = ${releaseAt.toISOString()}::timestamptz WHERE id = ${order.holdId} AND status = 'held'`,
    );
    await queueMail(tx, mail(order));
    await addOrderEvent(tx, order.id, "reminded", at, {
      to: order.email,
      releaseAt: releaseAt.toISOString(),
    });
    return order;
  });
}

/** An unpaid pending order released: its seats back, the buyer's mail, in one transaction (null: not pending). */
export async function releasePending(
  db: Db,
  orderId: number,
  at: Date,
  mail: (order: TicketOrder) => MailDraft,
): Promise<{ order: TicketOrder; hold: Hold } | null> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .update(ticketOrders)
      .set({ status: "released", releasedAt: at })
      .where(and(eq(ticketOrders.id, orderId), eq(ticketOrders.status, "pending")))
      .returning();
    if (!order) return null;
    const [hold] = await tx
      .update(ticketHolds)
      .set({ status: "released" })
      .where(and(eq(ticketHolds.id, order.holdId), eq(ticketHolds.status, "held")))
      .returning();
    if (hold) await tx.execute(sql`UPDATE ticket_stock SET held = held - ${hold.seats} WHERE plan_id = ${hold.planId}`);
    await queueMail(tx, mail(order));
    await addOrderEvent(tx, order.id, "released", at, { seats: hold?.seats ?? 0 });
    return { order, hold: hold ?? (await tx.select().from(ticketHolds).where(eq(ticketHolds.id, order.holdId)))[0]! };
  });
}

/** A pending order whose hold its buyer replaced with a new purchase: released with it. */
export async function replacedPending(db: Db, holdId: number, at: Date): Promise<void> {
  await db
    .update(ticketOrders)
    .set({ status: "released", releasedAt: at })
    .where(and(eq(ticketOrders.holdId, holdId), eq(ticketOrders.status, "pending")));
}

/**
 * A held hold (a waiting-list offer) to be paid later: kept until `until` (the deadline and the grace after the
 * reminder), its seats left to the pending sweep. Null when it is not held any more.
 */
export async function holdPaidLater(db: Db, holdId: number, until: Date): Promise<Hold | null> {
  const [hold] = await db
    .update(ticketHolds)
    .set({ paymentMethod: "later", expiresAt: until })
    .where(and(eq(ticketHolds.id, holdId), eq(ticketHolds.status, "held")))
    .returning();
  return hold ?? null;
}
