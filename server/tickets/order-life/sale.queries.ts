/**
 * A hold sold (issue 42): its order, its signed tickets, the buyer's mail, the organiser's audit lines and (an
 * offer taken) its waiting-list entry bought, in one transaction (issue 61).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { ticketHolds, ticketOrderLinks, ticketOrders, tickets } from "../../db/schema";
import { audit, type AuditEntry } from "../../admin/audit/queries";
import { queueMail, type MailDraft } from "../../mail/queries";
import { newSecret, secretHash } from "../../secret";
import { addOrderEvent, type Hold, type Ticket, type TicketOrder } from "../queries";
import { offerSold } from "../waitlist/queries";

/** A new ticket's code and its signed QR text, and the short code printed under its QR (issue 61). */
export interface NewTicket {
  code: string;
  payload: string;
  shortCode: string;
}

/**
 * Inserts an order's tickets (`ticket(i)` makes the i-th, 0-based). Short codes are 40 random bits: one taken by
 * another ticket already is skipped by the unique index and that ticket is made again with new codes (a few tries).
 */
export async function insertTickets(
  db: Db,
  count: number,
  ticket: (i: number) => typeof tickets.$inferInsert,
): Promise<Ticket[]> {
  let wanted = Array.from({ length: count }, (_, i) => i);
  const made: Ticket[] = [];
  for (let attempt = 0; wanted.length && attempt < 5; attempt++) {
    const rows = wanted.map((i) => ticket(i));
    const inserted = await db
      .insert(tickets)
      .values(rows)
      .onConflictDoNothing({ target: tickets.shortCode })
      .returning();
    made.push(...inserted);
    const done = new Set(inserted.map((t) => t.position));
    wanted = wanted.filter((i, n) => !done.has(rows[n]!.position));
  }
  if (wanted.length) throw new Error("tickets: no free short code after 5 tries");
  return made;
}

export type SaleResult =
  /** `token`: the secret of the order's page, when this call made the order (only its hash is kept). */
  | { ok: true; order: TicketOrder; tickets: Ticket[]; created: boolean; token: string | null }
  /** The hold had been released and its seats went to someone else: nothing is sold (refund the payment). */
  | { ok: false; noSeat: true; hold: Hold }
  | { ok: false; unknown: true };

/** How a hold was paid, as its order keeps it (issue 53). */
export interface Payment {
  paymentIntent?: string | null;
  /** What was paid (default: the hold's amount). */
  amountMinor?: number;
  /** "card", "later", "complimentary", "door"; default the hold's own. */
  method?: string | null;
  /** A pending order's money: "bank-transfer", "cash" or "cheque". */
  paidBy?: string | null;
  /** Who recorded it (an organiser's e-mail), for the timeline. */
  actor?: string | null;
  /** Issued by hand by an organiser. */
  manual?: boolean;
  /** Issued by hand past the plan's capacity (issue 61): marked on the order. */
  overCapacity?: boolean;
  /** The time now (the injected clock). */
  at?: Date;
  /** The holders' names, one a ticket in order (issued by hand); the first stays the buyer's when none is given. */
  names?: string[];
  /** The organiser's audit lines for the sale, written in its transaction (issue 61: one transaction). */
  audit?: (order: TicketOrder) => AuditEntry[];
}

/**
 * Turns a hold into an order: its tickets (`ticket` makes each code and its signed text) and the buyer's mail
 * (`mail`), in one transaction. A hold sold already answers its order (a replayed webhook, a double
 * completion, an order marked paid twice); a released one is sold only while its seats are still free. A
 * pending order ("pay later") already has its row and reference: it becomes paid.
 */
export async function sellHold(
  db: Db,
  holdId: number,
  payment: Payment,
  ticket: (planId: string) => NewTicket,
  mail: (order: TicketOrder, tickets: Ticket[], token: string) => MailDraft,
): Promise<SaleResult> {
  const at = payment.at ?? new Date();
  return db.transaction(async (tx) => {
    const [hold] = await tx.select().from(ticketHolds).where(eq(ticketHolds.id, holdId)).for("update");
    if (!hold) return { ok: false as const, unknown: true as const };
    if (hold.status === "sold") {
      const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.holdId, hold.id));
      const all = await tx.select().from(tickets).where(eq(tickets.orderId, order!.id)).orderBy(tickets.position);
      return { ok: true as const, order: order!, tickets: all, created: false, token: null };
    }
    if (hold.status === "held") {
      await tx.execute(
        sql`UPDATE ticket_stock SET held = held - ${hold.seats}, sold = sold + ${hold.seats} WHERE plan_id = ${hold.planId}`,
      );
    } else {
      const taken = rowsOf<{ plan_id: string }>(
        await tx.execute(sql`
          UPDATE ticket_stock SET sold = sold + ${hold.seats}
          WHERE plan_id = ${hold.planId} AND sold + held + ${hold.seats} <= capacity
          RETURNING plan_id`),
      );
      if (!taken.length) return { ok: false as const, noSeat: true as const, hold };
    }
    await tx.update(ticketHolds).set({ status: "sold" }).where(eq(ticketHolds.id, hold.id));
    // A waiting-list offer taken: its entry has bought, with the sale (issue 61: one transaction).
    if (hold.waitlistId) await offerSold(tx, hold.id);
    const paid = {
      amountMinor: payment.amountMinor ?? hold.amountMinor,
      paymentIntent: payment.paymentIntent ?? null,
      paymentMethod: payment.method ?? hold.paymentMethod,
      paidBy: payment.paidBy ?? null,
      paidAt: at,
      status: "paid",
    };
    const [pending] = await tx.select().from(ticketOrders).where(eq(ticketOrders.holdId, hold.id));
    const [order] = pending
      ? await tx.update(ticketOrders).set(paid).where(eq(ticketOrders.id, pending.id)).returning()
      : await tx
          .insert(ticketOrders)
          .values({
            ...paid,
            holdId: hold.id,
            planId: hold.planId,
            email: hold.email,
            name: hold.name,
            currency: hold.currency,
            manual: payment.manual ?? false,
            overCapacity: payment.overCapacity ?? false,
            createdAt: at,
          })
          .returning();
    if (!pending) await addOrderEvent(tx, order!.id, "created", at, { method: paid.paymentMethod }, payment.actor);
    await addOrderEvent(
      tx,
      order!.id,
      "paid",
      at,
      {
        amountMinor: paid.amountMinor,
        currency: hold.currency,
        method: paid.paymentMethod,
        ...(paid.paidBy ? { paidBy: paid.paidBy } : {}),
        ...(pending?.status === "released" ? { afterRelease: true } : {}),
      },
      payment.actor,
    );
    const made = await insertTickets(tx, hold.seats, (i) => ({
      ...ticket(hold.planId),
      orderId: order!.id,
      planId: hold.planId,
      position: i + 1,
      holderName: payment.names?.[i] || (i === 0 ? hold.name : null),
    }));
    made.sort((a, b) => a.position - b.position);
    const token = newSecret();
    await tx.insert(ticketOrderLinks).values({ tokenHash: secretHash(token), orderId: order!.id });
    await queueMail(tx, mail(order!, made, token));
    await addOrderEvent(tx, order!.id, "mailed", at, { to: order!.email, tickets: made.length });
    for (const entry of payment.audit?.(order!) ?? []) await audit(tx, entry);
    return { ok: true as const, order: order!, tickets: made, created: true, token };
  });
}
