/**
 * The writes of an order's life as the organisers move it (issue 61; its states and words: ./life.ts):
 * cancel any order, release a pending one, record a refund paid by hand, resend the tickets. Each is one
 * transaction with its seats, the buyer's mail, the order's timeline step and the audit entry.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { ticketReference } from "../../../app/lib/tickets/orders";
import { audit, type AuditEntry } from "../../admin/audit/queries";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { ticketHolds, ticketOrders, tickets } from "../../db/schema";
import { addJob } from "../../jobs/queries";
import { queueMail, type MailDraft } from "../../mail/queries";
import { paidByHand, stateOf, type CancelResult, type Organiser, type RefundMethod, type ReleaseResult } from "./life";
import { addOrderEvent, type TicketOrder } from "../queries";

/** The refund job of a card order cancelled (./refund.ts): one per order. */
export const refundJobKey = (orderId: number) => `refund-order-${orderId}`;
/** How long the refund job waits for the route that cancelled to ask the provider itself. */
const REFUND_DELAY_MS = 60_000;

/**
 * Cancels an order, pending or paid: its tickets stop being valid, its seats go back to the stock (a pending
 * order's hold released, a paid order's sold seats given back), the buyer's mail, the timeline step and the
 * audit entry, in one transaction. A card payment's refund is owed from this commit on (its job); money that
 * came by hand is marked "refund owed" until the organiser records it.
 */
export async function cancelOrder(
  db: Db,
  id: number,
  at: Date,
  who: Organiser,
  mail: (order: TicketOrder, seats: number, was: "paid" | "pending") => MailDraft,
): Promise<CancelResult> {
  return db.transaction(async (tx) => {
    const t = tx;
    const [before] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, id)).for("update");
    if (!before) return { kind: "unknown" as const };
    if (before.status === "cancelled" || before.status === "refunded")
      return { kind: "already" as const, order: before };
    if (before.status === "released") return { kind: "released" as const, order: before };
    const was = before.status === "pending" ? ("pending" as const) : ("paid" as const);
    const [order] = await tx
      .update(ticketOrders)
      .set({ status: "cancelled", cancelledAt: at })
      .where(eq(ticketOrders.id, id))
      .returning();
    let seats = 0;
    if (was === "pending") {
      const [hold] = await tx
        .update(ticketHolds)
        .set({ status: "released" })
        .where(and(eq(ticketHolds.id, before.holdId), eq(ticketHolds.status, "held")))
        .returning();
      seats = hold?.seats ?? 0;
      if (hold) await tx.execute(sql`UPDATE ticket_stock SET held = held - ${seats} WHERE plan_id = ${hold.planId}`);
    } else {
      const cancelled = await tx
        .update(tickets)
        .set({ status: "cancelled" })
        .where(eq(tickets.orderId, id))
        .returning({ code: tickets.code });
      seats = cancelled.length;
      await tx.execute(sql`UPDATE ticket_stock SET sold = sold - ${seats} WHERE plan_id = ${before.planId}`);
    }
    const refundOwed = was === "paid" && paidByHand(order!);
    await queueMail(tx, mail(order!, seats, was));
    await addOrderEvent(t, id, "cancelled", at, { was, seats }, who.actor);
    if (refundOwed)
      await addOrderEvent(t, id, "refund-owed", at, { amountMinor: order!.amountMinor, currency: order!.currency });
    await audit(tx, {
      ...who,
      action: "ticket-cancel",
      target: ticketReference(id),
      detail: { plan: order!.planId, seats, was, amountMinor: order!.amountMinor, currency: order!.currency },
    });
    // A card payment's refund (issue 54): done at once by the route, or by the job a minute later should this
    // server die first.
    if (was === "paid" && order!.paymentIntent && order!.amountMinor > 0)
      await addJob(t, "refund", {
        key: refundJobKey(id),
        runAt: new Date(at.getTime() + REFUND_DELAY_MS),
        payload: { orderId: id, adminId: who.adminId, actor: who.actor },
      });
    return { kind: "cancelled" as const, order: order!, seats, was, refundOwed };
  });
}

/**
 * Releases a pending order before its deadline: its seats go back (the caller offers them to the waiting list),
 * the buyer is told not to pay, with the timeline step and the audit entry, in one transaction.
 */
export async function releaseOrder(
  db: Db,
  id: number,
  at: Date,
  who: Organiser,
  mail: (order: TicketOrder, seats: number) => MailDraft,
): Promise<ReleaseResult> {
  return db.transaction(async (tx) => {
    const t = tx;
    const [order] = await tx
      .update(ticketOrders)
      .set({ status: "released", releasedAt: at })
      .where(and(eq(ticketOrders.id, id), eq(ticketOrders.status, "pending")))
      .returning();
    if (!order) {
      const [before] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, id));
      if (!before) return { kind: "unknown" as const };
      return before.status === "released"
        ? { kind: "already" as const, order: before }
        : { kind: "not-pending" as const, order: before };
    }
    const [hold] = await tx
      .update(ticketHolds)
      .set({ status: "released" })
      .where(and(eq(ticketHolds.id, order.holdId), eq(ticketHolds.status, "held")))
      .returning();
    const seats = hold?.seats ?? 0;
    if (hold) await tx.execute(sql`UPDATE ticket_stock SET held = held - ${seats} WHERE plan_id = ${hold.planId}`);
    await queueMail(tx, mail(order, seats));
    await addOrderEvent(t, id, "released", at, { seats, by: "organiser" }, who.actor);
    await audit(tx, {
      ...who,
      action: "ticket-release",
      target: ticketReference(id),
      detail: { plan: order.planId, seats },
    });
    return { kind: "released" as const, order, hold: hold ?? null, seats };
  });
}

export type RefundResult =
  | { kind: "refunded"; order: TicketOrder }
  | { kind: "already"; order: TicketOrder }
  /** Nothing is owed: not cancelled, nothing paid, or paid by card (the provider refunds it). */
  | { kind: "not-owed"; order: TicketOrder }
  | { kind: "unknown" };

/** The refund of a cancelled order's money paid by hand, recorded: the order becomes "refunded" (audited). */
export async function recordRefund(
  db: Db,
  id: number,
  at: Date,
  who: Organiser,
  refund: { amountMinor: number; method: RefundMethod },
): Promise<RefundResult> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, id)).for("update");
    if (!before) return { kind: "unknown" as const };
    if (before.status === "refunded") return { kind: "already" as const, order: before };
    if (stateOf(before) !== "refund-owed") return { kind: "not-owed" as const, order: before };
    const [order] = await tx
      .update(ticketOrders)
      .set({ status: "refunded" })
      .where(eq(ticketOrders.id, id))
      .returning();
    const detail = { amountMinor: refund.amountMinor, currency: before.currency, method: refund.method };
    await addOrderEvent(tx, id, "refunded", at, { ...detail, at: "hand" }, who.actor);
    await audit(tx, {
      ...who,
      action: "ticket-refund",
      target: ticketReference(id),
      detail: { ...detail, result: "by-hand" },
    });
    return { kind: "refunded" as const, order: order! };
  });
}

/** A paid order's ticket mail sent again by an organiser, with its audit entry. */
export async function resendTicketMail(db: Db, mail: MailDraft, entry: AuditEntry): Promise<void> {
  await db.transaction(async (tx) => {
    await queueMail(tx, mail);
    await audit(tx, entry);
  });
}

/** Orders waiting for payment (issue 61, the organisers' home): how many, the money per currency, the oldest deadline. */
export async function moneyWaiting(
  db: Db,
): Promise<{ orders: number; amounts: { currency: string; minor: number }[]; oldestDue: Date | null }> {
  const rows = await db
    .select({
      currency: ticketOrders.currency,
      orders: sql<number>`count(*)::int`,
      minor: sql<number>`coalesce(sum(${ticketOrders.amountMinor}), 0)::bigint`,
      oldest: sql<string | Date | null>`min(${ticketOrders.dueAt})`,
    })
    .from(ticketOrders)
    .where(eq(ticketOrders.status, "pending"))
    .groupBy(ticketOrders.currency)
    .orderBy(ticketOrders.currency);
  const dues = rows.map((r) => (r.oldest === null ? null : new Date(r.oldest))).filter((d): d is Date => d !== null);
  return {
    orders: rows.reduce((n, r) => n + Number(r.orders), 0),
    amounts: rows.map((r) => ({ currency: r.currency, minor: Number(r.minor) })),
    oldestDue: dues.length ? new Date(Math.min(...dues.map((d) => d.getTime()))) : null,
  };
}

/** Pending orders made in [`from`, `to`): the organisers' daily mail (issue 61), oldest first. */
export async function newPendingOrders(db: Db, from: Date, to: Date): Promise<TicketOrder[]> {
  return db
    .select()
    .from(ticketOrders)
    .where(
      and(
        eq(ticketOrders.status, "pending"),
        sql`${ticketOrders.createdAt} >= ${from.toISOString()}::timestamptz`,
        sql`${ticketOrders.createdAt} < ${to.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(ticketOrders.id)
    .limit(500);
}

/** The seats of holds, by hold id (a pending order's people: it has no tickets yet). */
export async function holdSeats(db: Db, ids: number[]): Promise<Record<number, number>> {
  if (!ids.length) return {};
  const rows = await db
    .select({ id: ticketHolds.id, seats: ticketHolds.seats })
    .from(ticketHolds)
    .where(inArray(ticketHolds.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.seats]));
}

/** Whether an order's refund was recorded as done (requested from the provider, or left to be done by hand). */
export async function refundRecorded(db: Db, target: string): Promise<boolean> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`
      SELECT count(*)::int AS n FROM audit_log
      WHERE action = 'ticket-refund' AND target = ${target} AND detail->>'result' <> 'failed'`),
  );
  return Number(row?.n ?? 0) > 0;
}
