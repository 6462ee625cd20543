/**
 * The box office's database work (issue 42). Seats are counted per plan in `ticket_stock` and changed only by
 * conditional updates (`... WHERE sold + held + n <= capacity`): PostgreSQL re-checks the condition on the
 * row as the previous writer left it, so concurrent buyers can never take more than the capacity, on the
 * embedded database and on a shared server alike. A hold keeps seats for a checkout; it becomes an order (its
 * tickets and its mail in the same transaction, so the mail goes out after a crash) or is released.
 */
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { mailQueue, ticketHolds, ticketOrders, tickets, ticketStock } from "../db/schema";
import { mailRow, type MailDraft } from "../mail/queries";

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

export interface HoldRequest {
  planId: string;
  quantity: number;
  seats: number;
  email: string;
  name: string;
  phone?: string | null;
  amountMinor: number;
  currency: string;
  idempotencyKey?: string | null;
  waitlistId?: number | null;
  /** Until when the seats are kept (the checkout's lifetime). */
  expiresAt: Date;
}

export type HoldResult =
  | { ok: true; hold: Hold; duplicate: boolean }
  | { ok: false; soldOut: true; left: number }
  | { ok: false; conflict: true };

const byKey = async (db: Db, key: string) =>
  (await db.select().from(ticketHolds).where(eq(ticketHolds.idempotencyKey, key)).limit(1))[0];

const sameRequest = (request: HoldRequest, hold: Hold) =>
  hold.planId === request.planId && hold.quantity === request.quantity && hold.email === request.email;
const retried = (request: HoldRequest, hold: Hold | undefined): HoldResult =>
  hold && sameRequest(request, hold) ? { ok: true, hold, duplicate: true } : { ok: false, conflict: true };

/**
 * Keeps `seats` of a plan for a buyer, or says how many are left. One conditional update takes the seats
 * (never a read, then a write); a retried request (same Idempotency-Key) answers the hold it made.
 */
export async function holdSeats(db: Db, request: HoldRequest): Promise<HoldResult> {
  return (await holdMany(db, [request]))[0]!;
}

/**
 * Several buyers' holds in one transaction (one write to disk for all: the box office batches the requests
 * that arrive while the previous batch commits), each taken by its own conditional update in turn, exactly as
 * one at a time would be. A request whose key was used meanwhile gives its seats back in the same transaction.
 */
export async function holdMany(db: Db, requests: HoldRequest[]): Promise<HoldResult[]> {
  const results: (HoldResult | null)[] = requests.map(() => null);
  const keys = requests.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : []));
  if (keys.length) {
    const made = await db.select().from(ticketHolds).where(inArray(ticketHolds.idempotencyKey, keys));
    requests.forEach((r, i) => {
      const before = made.find((h) => h.idempotencyKey === r.idempotencyKey);
      if (before) results[i] = retried(r, before);
    });
  }
  const raced: number[] = [];
  await db.transaction(async (tx) => {
    const inBatch = new Set<string>();
    for (const [i, request] of requests.entries()) {
      if (results[i]) continue;
      // A retry within this batch: answered after the commit, from the hold the first one made.
      if (request.idempotencyKey && inBatch.has(request.idempotencyKey)) {
        raced.push(i);
        continue;
      }
      const taken = rowsOf<{ left: number }>(
        await tx.execute(sql`
          UPDATE ticket_stock SET held = held + ${request.seats}
          WHERE plan_id = ${request.planId} AND sold + held + ${request.seats} <= capacity
          RETURNING capacity - sold - held AS left`),
      );
      if (!taken.length) {
        const [row] = await tx.select().from(ticketStock).where(eq(ticketStock.planId, request.planId));
        results[i] = { ok: false, soldOut: true, left: row ? Math.max(0, row.capacity - row.sold - row.held) : 0 };
        continue;
      }
      const [hold] = await tx
        .insert(ticketHolds)
        .values({
          planId: request.planId,
          quantity: request.quantity,
          seats: request.seats,
          email: request.email,
          name: request.name,
          phone: request.phone ?? null,
          amountMinor: request.amountMinor,
          currency: request.currency,
          idempotencyKey: request.idempotencyKey ?? null,
          waitlistId: request.waitlistId ?? null,
          expiresAt: request.expiresAt,
        })
        .onConflictDoNothing({ target: ticketHolds.idempotencyKey })
        .returning();
      if (hold) {
        if (request.idempotencyKey) inBatch.add(request.idempotencyKey);
        results[i] = { ok: true, hold, duplicate: false };
        continue;
      }
      // The same key in a request that ran alongside (or earlier in this batch): its seats go back.
      await tx.execute(sql`UPDATE ticket_stock SET held = held - ${request.seats} WHERE plan_id = ${request.planId}`);
      raced.push(i);
    }
  });
  for (const i of raced) results[i] = retried(requests[i]!, await byKey(db, requests[i]!.idempotencyKey!));
  return results as HoldResult[];
}

/** Records the provider's checkout session of a hold (the webhook and the expiry name it) and its page. */
export async function setCheckoutSession(db: Db, holdId: number, sessionId: string, url: string): Promise<void> {
  await db
    .update(ticketHolds)
    .set({ checkoutSessionId: sessionId, checkoutUrl: url })
    .where(eq(ticketHolds.id, holdId));
}

export const orderOfHold = async (db: Db, holdId: number): Promise<TicketOrder | undefined> =>
  (await db.select().from(ticketOrders).where(eq(ticketOrders.holdId, holdId)).limit(1))[0];

export const holdBySession = async (db: Db, sessionId: string): Promise<Hold | undefined> =>
  (await db.select().from(ticketHolds).where(eq(ticketHolds.checkoutSessionId, sessionId)).limit(1))[0];

export const holdById = async (db: Db, id: number): Promise<Hold | undefined> =>
  (await db.select().from(ticketHolds).where(eq(ticketHolds.id, id)).limit(1))[0];

/** Gives a held hold's seats back; null when it was not held any more (sold, or released already). */
export async function releaseHold(db: Db, holdId: number): Promise<Hold | null> {
  return db.transaction(async (tx) => {
    const [hold] = await tx
      .update(ticketHolds)
      .set({ status: "released" })
      .where(and(eq(ticketHolds.id, holdId), eq(ticketHolds.status, "held")))
      .returning();
    if (!hold) return null;
    await tx.execute(sql`UPDATE ticket_stock SET held = held - ${hold.seats} WHERE plan_id = ${hold.planId}`);
    return hold;
  });
}

/** Releases the holds whose time is up at `now` (a sweep; the provider's `expired` event does it sooner). */
export async function releaseExpired(db: Db, now: Date): Promise<Hold[]> {
  const due = rowsOf<{ id: number | string }>(
    await db.execute(
      sql`SELECT id FROM ticket_holds WHERE status = 'held' AND expires_at < ${now.toISOString()}::timestamptz ORDER BY id LIMIT 500`,
    ),
  );
  const released: Hold[] = [];
  for (const { id } of due) {
    const hold = await releaseHold(db, Number(id));
    if (hold) released.push(hold);
  }
  return released;
}

/** A new ticket's code and its signed QR text. */
export interface NewTicket {
  code: string;
  payload: string;
}

export type SaleResult =
  | { ok: true; order: TicketOrder; tickets: Ticket[]; created: boolean }
  /** The hold had been released and its seats went to someone else: nothing is sold (refund the payment). */
  | { ok: false; noSeat: true; hold: Hold }
  | { ok: false; unknown: true };

/**
 * Turns a hold into an order: its tickets (`ticket` makes each code and its signed text) and the buyer's mail
 * (`mail`), in one transaction. A hold sold already answers its order (a replayed webhook, a double
 * completion); a released one is sold only while its seats are still free.
 */
export async function sellHold(
  db: Db,
  holdId: number,
  payment: { paymentIntent?: string | null; amountMinor?: number },
  ticket: (planId: string) => NewTicket,
  mail: (order: TicketOrder, tickets: Ticket[]) => MailDraft,
): Promise<SaleResult> {
  return db.transaction(async (tx) => {
    const [hold] = await tx.select().from(ticketHolds).where(eq(ticketHolds.id, holdId)).for("update");
    if (!hold) return { ok: false as const, unknown: true as const };
    if (hold.status === "sold") {
      const [order] = await tx.select().from(ticketOrders).where(eq(ticketOrders.holdId, hold.id));
      const all = await tx.select().from(tickets).where(eq(tickets.orderId, order!.id)).orderBy(tickets.position);
      return { ok: true as const, order: order!, tickets: all, created: false };
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
    const [order] = await tx
      .insert(ticketOrders)
      .values({
        holdId: hold.id,
        token: randomBytes(24).toString("base64url"),
        planId: hold.planId,
        email: hold.email,
        name: hold.name,
        amountMinor: payment.amountMinor ?? hold.amountMinor,
        currency: hold.currency,
        paymentIntent: payment.paymentIntent ?? null,
      })
      .returning();
    const made = await tx
      .insert(tickets)
      .values(
        Array.from({ length: hold.seats }, (_, i) => ({
          ...ticket(hold.planId),
          orderId: order!.id,
          planId: hold.planId,
          position: i + 1,
          holderName: i === 0 ? hold.name : null,
        })),
      )
      .returning();
    made.sort((a, b) => a.position - b.position);
    await tx.insert(mailQueue).values(mailRow(mail(order!, made)));
    return { ok: true as const, order: order!, tickets: made, created: true };
  });
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
    await tx.insert(mailQueue).values(mailRow(mail(order)));
    return { order, seats: cancelled.length };
  });
}

/** The name written on a ticket (null: none). */
export async function nameTicket(db: Db, code: string, name: string | null): Promise<void> {
  await db.update(tickets).set({ holderName: name }).where(eq(tickets.code, code));
}

/** A ticket sent to another address: kept with the ticket, and its mail queued in the same transaction. */
export async function forwardTicket(db: Db, code: string, email: string, mail: MailDraft): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(tickets).set({ holderEmail: email }).where(eq(tickets.code, code));
    await tx.insert(mailQueue).values(mailRow(mail));
  });
}

/** The tickets' signing key (PKCS#8 PEM): `made` is stored when there is none yet (whoever starts first). */
export async function signingKey(db: Db, made: string): Promise<string> {
  await db.execute(
    sql`INSERT INTO signing_keys (name, private_pem) VALUES ('tickets', ${made}) ON CONFLICT (name) DO NOTHING`,
  );
  const rows = rowsOf<{ private_pem: string }>(
    await db.execute(sql`SELECT private_pem FROM signing_keys WHERE name = 'tickets'`),
  );
  return rows[0]!.private_pem;
}

/** An order by the secret of its page. */
export async function orderByToken(db: Db, token: string): Promise<{ order: TicketOrder; tickets: Ticket[] } | null> {
  const [order] = await db.select().from(ticketOrders).where(eq(ticketOrders.token, token)).limit(1);
  if (!order) return null;
  const all = await db.select().from(tickets).where(eq(tickets.orderId, order.id)).orderBy(tickets.position);
  return { order, tickets: all };
}
