/**
 * The box office's database work (issue 42). Seats are counted per plan in `ticket_stock` and changed only by
 * conditional updates (`... WHERE sold + held + n <= capacity`): PostgreSQL re-checks the condition on the
 * row as the previous writer left it, so concurrent buyers can never take more than the capacity, on the
 * embedded database and on a shared server alike (holds also lock the row first, to serve a batch in one go). A hold keeps seats for a checkout; it becomes an order (its
 * tickets and its mail in the same transaction, so the mail goes out after a crash) or is released.
 */
import { and, count, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import {
  mailQueue,
  ticketForwards,
  ticketHolds,
  ticketOrderEvents,
  ticketOrderLinks,
  ticketOrders,
  tickets,
  ticketStock,
} from "../db/schema";
import { mailRow, type MailDraft } from "../mail/queries";
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
  /** Who asked (a hash of the client's address): with `openLimit`, counted against the client's open holds. */
  clientHash?: string | null;
  /**
   * At most this many open holds per client and per e-mail address (a buyer's purchase; a waiting-list offer
   * has none). A new hold by the same client for the same address replaces that buyer's open one instead.
   */
  openLimit?: number | null;
  /** A free order waiting for its address: the hash of its mailed confirmation link. */
  confirmHash?: string | null;
  /** How it is paid (issue 53): "card", "later" (a pending order, released by its own sweep) or "manual". */
  paymentMethod?: string | null;
}

export type HoldResult =
  | { ok: true; hold: Hold; duplicate: boolean; replaced?: Hold[] }
  | { ok: false; soldOut: true; left: number }
  | { ok: false; conflict: true }
  /** The client, or the address, already has `openLimit` seats held: `until` is when the first is released. */
  | { ok: false; capped: true; until: Date };

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
export async function holdSeats(db: Db, request: HoldRequest, now = new Date()): Promise<HoldResult> {
  return (await holdMany(db, [request], now))[0]!;
}

/**
 * Several buyers' holds in one transaction (one write to disk for all: the box office batches the requests
 * that arrive while the previous batch commits), served in their order exactly as one at a time would be.
 * The plans' rows are locked first (`FOR UPDATE`: another batch, or another server on the same database,
 * waits for this one's commit and then sees its seats taken); the holds are inserted in one statement, and
 * each plan's counter moves once, by a conditional update that could not oversell even without the lock.
 * A few statements per batch instead of two per buyer: what makes a rush fast (issue 42's bench).
 */
export async function holdMany(db: Db, requests: HoldRequest[], now = new Date()): Promise<HoldResult[]> {
  const results: (HoldResult | null)[] = requests.map(() => null);
  const keys = requests.flatMap((r) => (r.idempotencyKey ? [r.idempotencyKey] : []));
  if (keys.length) {
    const made = await db.select().from(ticketHolds).where(inArray(ticketHolds.idempotencyKey, keys));
    requests.forEach((r, i) => {
      const before = made.find((h) => h.idempotencyKey === r.idempotencyKey);
      if (before) results[i] = retried(r, before);
    });
  }
  // A retry within this batch, or a key another request used meanwhile: answered after the commit, from the
  // hold the first one made.
  const raced: number[] = [];
  const todo: number[] = [];
  const inBatch = new Set<string>();
  for (const [i, request] of requests.entries()) {
    if (results[i]) continue;
    const key = request.idempotencyKey;
    if (key && inBatch.has(key)) raced.push(i);
    else todo.push(i);
    if (key) inBatch.add(key);
  }
  if (todo.length)
    await db.transaction(async (tx) => {
      // Every plan's row is locked (a few rows): a buyer's open holds are counted across plans, so two batches
      // (or two servers) never both let the same client past its limit.
      const rows = await tx.select().from(ticketStock).orderBy(ticketStock.planId).for("update");
      const left = new Map(rows.map((r) => [r.planId, r.capacity - r.sold - r.held]));
      const open = await openHolds(
        tx as unknown as Db,
        todo.map((i) => requests[i]!),
        now,
      );
      const replacing = new Map<number, Hold[]>();
      // Served in order, as one at a time would be: the limit on open holds, then the seats.
      const fits = todo.filter((i) => {
        const r = requests[i]!;
        const email = r.email.toLowerCase();
        // The same buyer again (same client, same address): their open hold makes way for this one.
        const theirs = r.openLimit
          ? open.filter((h) => h.id > 0 && h.clientHash === r.clientHash && h.email.toLowerCase() === email)
          : [];
        const others = r.openLimit
          ? open.filter(
              (h) =>
                !theirs.includes(h) &&
                ((r.clientHash && h.clientHash === r.clientHash) || h.email.toLowerCase() === email),
            )
          : [];
        if (r.openLimit && others.length >= r.openLimit) {
          results[i] = { ok: false, capped: true, until: new Date(Math.min(...others.map((h) => +h.expiresAt))) };
          return false;
        }
        const back = (planId: string) => theirs.reduce((n, h) => n + (h.planId === planId ? h.seats : 0), 0);
        const free = (left.get(r.planId) ?? 0) + back(r.planId);
        if (r.seats > free) {
          results[i] = { ok: false, soldOut: true, left: Math.max(0, free) };
          return false;
        }
        for (const h of theirs) {
          open.splice(open.indexOf(h), 1);
          left.set(h.planId, (left.get(h.planId) ?? 0) + h.seats);
        }
        left.set(r.planId, (left.get(r.planId) ?? 0) - r.seats);
        replacing.set(i, theirs);
        // Counted at once: a later request of this batch sees this one as open (id 0: not made yet).
        if (r.openLimit) open.push({ id: 0, clientHash: r.clientHash ?? null, email, expiresAt: r.expiresAt } as Hold);
        return true;
      });
      // Holds replaced by their buyer's new one: released (their seats counted free above).
      const replaced = new Map<number, Hold[]>();
      for (const i of fits) {
        const gone: Hold[] = [];
        for (const h of replacing.get(i) ?? []) {
          const [was] = await tx
            .update(ticketHolds)
            .set({ status: "replaced" })
            .where(and(eq(ticketHolds.id, h.id), eq(ticketHolds.status, "held")))
            .returning();
          if (!was) continue;
          await tx.execute(sql`UPDATE ticket_stock SET held = held - ${was.seats} WHERE plan_id = ${was.planId}`);
          gone.push(was);
        }
        if (gone.length) replaced.set(i, gone);
      }
      if (!fits.length) return;
      // The holds' ids drawn first, so each returned row is known for whose it is.
      const ids = rowsOf<{ id: string | number }>(
        await tx.execute(
          sql`SELECT nextval(pg_get_serial_sequence('ticket_holds', 'id')) AS id FROM generate_series(1, ${fits.length})`,
        ),
      ).map((r) => Number(r.id));
      const made = await tx
        .insert(ticketHolds)
        .values(
          fits.map((i, n) => {
            const r = requests[i]!;
            return {
              id: ids[n]!,
              planId: r.planId,
              quantity: r.quantity,
              seats: r.seats,
              email: r.email,
              name: r.name,
              phone: r.phone ?? null,
              amountMinor: r.amountMinor,
              currency: r.currency,
              idempotencyKey: r.idempotencyKey ?? null,
              waitlistId: r.waitlistId ?? null,
              clientHash: r.clientHash ?? null,
              confirmHash: r.confirmHash ?? null,
              paymentMethod: r.paymentMethod ?? null,
              expiresAt: r.expiresAt,
            };
          }),
        )
        .onConflictDoNothing({ target: ticketHolds.idempotencyKey })
        .returning();
      const byId = new Map(made.map((h) => [h.id, h]));
      const taken = new Map<string, number>();
      fits.forEach((i, n) => {
        const hold = byId.get(ids[n]!);
        if (!hold) return raced.push(i);
        results[i] = { ok: true, hold, duplicate: false, replaced: replaced.get(i) };
        taken.set(hold.planId, (taken.get(hold.planId) ?? 0) + hold.seats);
      });
      for (const [planId, seats] of taken) {
        const moved = await tx.execute(sql`
          UPDATE ticket_stock SET held = held + ${seats}
          WHERE plan_id = ${planId} AND sold + held + ${seats} <= capacity
          RETURNING plan_id`);
        if (!rowsOf(moved).length) throw new Error(`tickets: the seats of ${planId} changed under its lock`);
      }
    });
  for (const i of raced) results[i] = retried(requests[i]!, await byKey(db, requests[i]!.idempotencyKey!));
  return results as HoldResult[];
}

/** The open holds (a buyer's, not an offer's; unexpired) of the requests' clients and addresses. */
async function openHolds(db: Db, requests: HoldRequest[], now: Date): Promise<Hold[]> {
  const limited = requests.filter((r) => r.openLimit);
  if (!limited.length) return [];
  const clients = [...new Set(limited.flatMap((r) => (r.clientHash ? [r.clientHash] : [])))];
  const emails = [...new Set(limited.map((r) => r.email.toLowerCase()))];
  return db
    .select()
    .from(ticketHolds)
    .where(
      and(
        eq(ticketHolds.status, "held"),
        gt(ticketHolds.expiresAt, now),
        sql`${ticketHolds.waitlistId} IS NULL`,
        sql`(${
          clients.length
            ? sql`${ticketHolds.clientHash} IN (${sql.join(
                clients.map((c) => sql`${c}`),
                sql`, `,
              )}) OR `
            : sql``
        }lower(${ticketHolds.email}) IN (${sql.join(
          emails.map((e) => sql`${e}`),
          sql`, `,
        )}))`,
      ),
    );
}

export interface CheckoutSession {
  holdId: number;
  sessionId: string;
  url: string;
}

/** Records the provider's checkout sessions of holds (the webhook and the expiry name them) and their pages. */
export async function setCheckoutSessions(db: Db, sessions: CheckoutSession[]): Promise<void> {
  if (!sessions.length) return;
  const values = sql.join(
    sessions.map((s) => sql`(${s.holdId}::bigint, ${s.sessionId}::text, ${s.url}::text)`),
    sql`, `,
  );
  await db.execute(sql`
    UPDATE ticket_holds AS h SET checkout_session_id = v.session_id, checkout_url = v.url
    FROM (VALUES ${values}) AS v(id, session_id, url) WHERE h.id = v.id`);
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

/**
 * Releases the holds whose time is up at `now` (a sweep; the provider's `expired` event does it sooner). A pending
 * order's ("later") are left to the pending sweep: it reminds the buyer first (releasePending).
 */
export async function releaseExpired(db: Db, now: Date): Promise<Hold[]> {
  const due = rowsOf<{ id: number | string }>(
    await db.execute(
      sql`SELECT id FROM ticket_holds WHERE status = 'held' AND expires_at < ${now.toISOString()}::timestamptz
        AND payment_method IS DISTINCT FROM 'later' ORDER BY id LIMIT 500`,
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
  /** The time now (the injected clock). */
  at?: Date;
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
            createdAt: at,
          })
          .returning();
    if (!pending)
      await addOrderEvent(tx as unknown as Db, order!.id, "created", at, { method: paid.paymentMethod }, payment.actor);
    await addOrderEvent(
      tx as unknown as Db,
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
    const token = newSecret();
    await tx.insert(ticketOrderLinks).values({ tokenHash: secretHash(token), orderId: order!.id });
    await tx.insert(mailQueue).values(mailRow(mail(order!, made, token)));
    await addOrderEvent(tx as unknown as Db, order!.id, "mailed", at, { to: order!.email, tickets: made.length });
    return { ok: true as const, order: order!, tickets: made, created: true, token };
  });
}

/**
 * A "pay later" hold's order, pending from the start (issue 53): its reference, its deadline, its page's link
 * (only the hash kept) and the buyer's mail with how to pay, in one transaction. A retried request answers
 * the order made before, with a new link.
 */
export async function openPendingOrder(
  db: Db,
  hold: Hold,
  dueAt: Date,
  at: Date,
  mail: (order: TicketOrder, token: string) => MailDraft,
): Promise<{ order: TicketOrder; token: string; created: boolean }> {
  return db.transaction(async (tx) => {
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
    await tx.insert(ticketOrderLinks).values({ tokenHash: secretHash(token), orderId: order.id });
    if (made) {
      await addOrderEvent(tx as unknown as Db, order.id, "created", at, {
        method: "later",
        dueAt: dueAt.toISOString(),
      });
      await tx.insert(mailQueue).values(mailRow(mail(order, token)));
      await addOrderEvent(tx as unknown as Db, order.id, "mailed", at, { to: order.email, what: "how to pay" });
    }
    return { order, token, created: Boolean(made) };
  });
}

/**
 * "Pay later" holds still held with no order: their server stopped between taking the seats and opening the
 * order (issue 54: the rush across servers, one killed), or a purchase is between the two right now. The sweep
 * opens their orders (opening one twice makes one order and one mail: openPendingOrder).
 */
export async function laterHoldsWithoutOrder(db: Db): Promise<Hold[]> {
  return db
    .select()
    .from(ticketHolds)
    .where(
      and(
        eq(ticketHolds.paymentMethod, "later"),
        eq(ticketHolds.status, "held"),
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
    await tx.insert(mailQueue).values(mailRow(mail(order)));
    await addOrderEvent(tx as unknown as Db, order.id, "reminded", at, {
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
    await tx.insert(mailQueue).values(mailRow(mail(order)));
    await addOrderEvent(tx as unknown as Db, order.id, "released", at, { seats: hold?.seats ?? 0 });
    return { order, hold: hold ?? (await tx.select().from(ticketHolds).where(eq(ticketHolds.id, order.holdId)))[0]! };
  });
}

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
 * A hold for tickets an organiser issues by hand (issue 53): counted like any other; past the plan's capacity
 * only when `override` (a reason, audited by the caller). The plan's row is locked, so two at once are counted
 * one after the other. The hold is sold at once (sellHold).
 */
export async function manualHold(
  db: Db,
  request: Omit<HoldRequest, "openLimit" | "clientHash" | "confirmHash">,
  override: boolean,
): Promise<{ ok: true; hold: Hold } | { ok: false; left: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(ticketStock).where(eq(ticketStock.planId, request.planId)).for("update");
    const left = row ? row.capacity - row.sold - row.held : 0;
    if (!row || (request.seats > left && !override)) return { ok: false as const, left: Math.max(0, left) };
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
        paymentMethod: "manual",
        expiresAt: request.expiresAt,
      })
      .returning();
    await tx.execute(sql`UPDATE ticket_stock SET held = held + ${request.seats} WHERE plan_id = ${request.planId}`);
    return { ok: true as const, hold: hold! };
  });
}

/** Writes holder names on an order's tickets, in order (the first stays the buyer's when none is given). */
export async function nameTickets(db: Db, orderId: number, names: string[]): Promise<void> {
  for (const [i, name] of names.entries())
    if (name)
      await db
        .update(tickets)
        .set({ holderName: name })
        .where(and(eq(tickets.orderId, orderId), eq(tickets.position, i + 1)));
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
    await addOrderEvent(tx as unknown as Db, order.id, "refunded", now, { at: "provider", seats: cancelled.length });
    return { order, seats: cancelled.length };
  });
}

/** The name written on a ticket (null: none). */
export async function nameTicket(db: Db, code: string, name: string | null): Promise<void> {
  await db.update(tickets).set({ holderName: name }).where(eq(tickets.code, code));
}

/** At most this many forwards of one ticket, and of one order's tickets, a day (issue 50). */
export const FORWARDS_PER_TICKET = 3;
export const FORWARDS_PER_ORDER = 10;

/**
 * A ticket sent to another address: kept with the ticket, counted, and its mail queued in one transaction;
 * refused ("ticket" or "order") past FORWARDS_PER_TICKET a ticket or FORWARDS_PER_ORDER an order in 24 hours.
 * The order's row is locked first, so two requests at once are counted one after the other.
 */
export async function forwardTicket(
  db: Db,
  ticket: { code: string; orderId: number },
  email: string,
  mail: MailDraft,
  now: Date,
): Promise<{ ok: true } | { ok: false; limit: "ticket" | "order" }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: ticketOrders.id })
      .from(ticketOrders)
      .where(eq(ticketOrders.id, ticket.orderId))
      .for("update");
    const since = new Date(now.getTime() - 86_400_000);
    const sent = await tx
      .select({ code: ticketForwards.code, n: count() })
      .from(ticketForwards)
      .where(and(eq(ticketForwards.orderId, ticket.orderId), gt(ticketForwards.createdAt, since)))
      .groupBy(ticketForwards.code);
    const ofTicket = sent.find((r) => r.code === ticket.code)?.n ?? 0;
    const ofOrder = sent.reduce((n, r) => n + r.n, 0);
    if (ofTicket >= FORWARDS_PER_TICKET) return { ok: false as const, limit: "ticket" as const };
    if (ofOrder >= FORWARDS_PER_ORDER) return { ok: false as const, limit: "order" as const };
    await tx.insert(ticketForwards).values({ orderId: ticket.orderId, code: ticket.code, createdAt: now });
    await tx.update(tickets).set({ holderEmail: email }).where(eq(tickets.code, ticket.code));
    await tx.insert(mailQueue).values(mailRow(mail));
    return { ok: true as const };
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

/** The held hold of a free order waiting for the address its confirmation link was mailed to. */
export const holdToConfirm = async (db: Db, secret: string): Promise<Hold | undefined> =>
  (
    await db
      .select()
      .from(ticketHolds)
      .where(eq(ticketHolds.confirmHash, secretHash(secret)))
      .limit(1)
  )[0];

/** Keeps a held hold's seats until `until` (never shorter than it had). */
export async function extendHold(db: Db, holdId: number, until: Date): Promise<void> {
  await db.execute(sql`
    UPDATE ticket_holds SET expires_at = greatest(expires_at, ${until.toISOString()}::timestamptz)
    WHERE id = ${holdId} AND status = 'held'`);
}

/** A pending order whose hold its buyer replaced with a new purchase: released with it. */
export async function replacedPending(db: Db, holdId: number, at: Date): Promise<void> {
  await db
    .update(ticketOrders)
    .set({ status: "released", releasedAt: at })
    .where(and(eq(ticketOrders.holdId, holdId), eq(ticketOrders.status, "pending")));
}

export interface OrderListRow extends TicketOrder {
  tickets: number;
}

/**
 * Every ticket order for the Box office tab (issue 53), newest first, at most `limit`: `show` filters by status
 * ("manual": issued by hand), `q` finds a buyer's name or address, a reference (TNCC-T000042, T42) or a ticket's
 * code or holder. The text is a bound value, its LIKE wildcards escaped.
 */
export async function listTicketOrders(
  db: Db,
  { q, show, limit = 100 }: { q: string; show: string; limit?: number },
): Promise<OrderListRow[]> {
  const text = q.trim();
  const like = `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
  const ref = /^(?:TNCC-)?T?0*(\d{1,12})$/i.exec(text);
  const conditions = [
    show === "manual"
      ? sql`${ticketOrders.manual} = true`
      : show !== "all"
        ? sql`${ticketOrders.status} = ${show}`
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
    })
    .from(ticketOrders)
    .where(and(...conditions))
    .orderBy(sql`${ticketOrders.id} DESC`)
    .limit(limit);
  return rows.map((r) => ({ ...r.order, tickets: Number(r.tickets) }));
}

/** An order's tickets, in order. */
export const ticketsOfOrder = (db: Db, orderId: number): Promise<Ticket[]> =>
  db.select().from(tickets).where(eq(tickets.orderId, orderId)).orderBy(tickets.position);

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
