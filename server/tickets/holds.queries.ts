/**
 * A purchase's hold on seats (issue 42): taken in batches (a rush shares each write to disk), its checkout
 * session, extended, released, or its time up. See ./queries.ts for how seats are counted.
 */
import { normalizeEmail } from "../../app/forms/email";
import { and, eq, getTableColumns, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { ticketHolds, ticketStock } from "../db/schema";
import { queueMails, type MailDraft } from "../mail/queries";
import { secretHash } from "../secret";
import { claimAddressMail } from "./address-mails.queries";
import type { Hold } from "./queries";

export interface HoldRequest {
  planId: string;
  quantity: number;
  seats: number;
  email: string;
  name: string;
  phone?: string | null;
  amountMinor: number;
  currency: string;
  /** The buyer's Idempotency-Key as sent; only its SHA-256 is stored (issue 61), see `storedKey`. */
  idempotencyKey?: string | null;
  waitlistId?: number | null;
  /** Until when the seats are kept (the checkout's lifetime). */
  expiresAt: Date;
  /** Who asked (a hash of the client's address): with `openLimit`, counted against the client's open holds. */
  clientHash?: string | null;
  /**
   * At most this many open holds per client, and per e-mail address when the hold mails it (a buyer's purchase;
   * a waiting-list offer has none). A new hold by the same client for the same address replaces that buyer's
   * open one instead. A pending order (its address confirmed) is not open: it never blocks anyone (issue 61).
   */
  openLimit?: number | null;
  /**
   * The address's confirmation link (a free registration, a "pay later" order: issue 61): the hold is made only
   * when the address may have its one order mail of the day (`addressHash`: the keyed hash of the address), and
   * the mail is queued in the hold's own transaction. An address's open holds count against `openLimit` only
   * for such a hold, whose refusal answers like its success ("check your e-mail").
   */
  mail?: { addressHash: string; draft: MailDraft } | null;
  /** A free order, or one paid later, waiting for its address: the hash of its mailed confirmation link. */
  confirmHash?: string | null;
  /**
   * How it is paid (issue 53): "card", "later" (once its address is confirmed, a pending order, released by its
   * own sweep; issue 61) or "manual".
   */
  paymentMethod?: string | null;
}

export type HoldResult =
  | { ok: true; hold: Hold; duplicate: boolean; replaced?: Hold[] }
  | { ok: false; soldOut: true; left: number }
  | { ok: false; conflict: true }
  /** The client, or the address, already has `openLimit` seats held: `until` is when the first is released. */
  | { ok: false; capped: true; until: Date; by: "client" | "address" }
  /** The address had its one order mail of the day: nothing held, nothing mailed. */
  | { ok: false; unmailed: true };

const holdColumns = Object.entries(getTableColumns(ticketHolds));

/** A hold from a raw query's row, each column read as drizzle reads it. */
const holdOfRow = (row: Record<string, unknown>): Hold =>
  Object.fromEntries(
    holdColumns.map(([key, column]) => {
      const value = row[column.name];
      return [key, value === null || value === undefined ? null : column.mapFromDriverValue(value)];
    }),
  ) as Hold;

/**
 * What a hold keeps of its Idempotency-Key (issue 61): its SHA-256, so a copy of the database replays nothing;
 * the key opens only the purchase it was sent with (`sameRequest`).
 */
const storedKey = (request: HoldRequest) => (request.idempotencyKey ? secretHash(request.idempotencyKey) : null);

const byKey = async (db: Db, key: string) =>
  (await db.select().from(ticketHolds).where(eq(ticketHolds.idempotencyKey, key)).limit(1))[0];

/** A key answers again only the purchase it came with: the same plan, quantity, address and name (issue 61). */
const sameRequest = (request: HoldRequest, hold: Hold) =>
  hold.planId === request.planId &&
  hold.quantity === request.quantity &&
  hold.email === request.email &&
  hold.name === request.name;
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
  const keys = requests.flatMap((r) => storedKey(r) ?? []);
  if (keys.length) {
    // The keys as one JSON parameter, as the rows below: a batch's list built into the statement cost the rush
    // more than the database's work on it (issue 65).
    const made = rowsOf<Record<string, unknown>>(
      await db.execute(sql`SELECT * FROM ticket_holds
        WHERE idempotency_key = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(keys)}::json)))`),
    ).map(holdOfRow);
    requests.forEach((r, i) => {
      const before = made.find((h) => h.idempotencyKey === storedKey(r));
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
    const key = storedKey(request);
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
        tx,
        todo.map((i) => requests[i]!),
        now,
      );
      const replacing = new Map<number, Hold[]>();
      const capped = (others: Hold[]) => new Date(Math.min(...others.map((h) => +h.expiresAt)));
      // Served in order, as one at a time would be: the client's limit on open holds, the seats, then the
      // address's limit and its mail of the day (after the seats: a refusal of the address answers like a
      // success, and a sold-out plan must answer alike for every address).
      const fits: number[] = [];
      for (const i of todo) {
        const r = requests[i]!;
        const email = normalizeEmail(r.email);
        // The same buyer again (same client, same address): their open hold makes way for this one.
        const theirs = r.openLimit
          ? open.filter((h) => h.id > 0 && h.clientHash === r.clientHash && normalizeEmail(h.email) === email)
          : [];
        const others = r.openLimit ? open.filter((h) => !theirs.includes(h)) : [];
        const byClient = r.clientHash ? others.filter((h) => h.clientHash === r.clientHash) : [];
        if (r.openLimit && byClient.length >= r.openLimit) {
          results[i] = { ok: false, capped: true, until: capped(byClient), by: "client" };
          continue;
        }
        const back = (planId: string) => theirs.reduce((n, h) => n + (h.planId === planId ? h.seats : 0), 0);
        const free = (left.get(r.planId) ?? 0) + back(r.planId);
        if (r.seats > free) {
          results[i] = { ok: false, soldOut: true, left: Math.max(0, free) };
          continue;
        }
        const byAddress = r.mail ? others.filter((h) => normalizeEmail(h.email) === email) : [];
        if (r.openLimit && byAddress.length >= r.openLimit) {
          results[i] = { ok: false, capped: true, until: capped(byAddress), by: "address" };
          continue;
        }
        if (r.mail && !(await claimAddressMail(tx, r.mail.addressHash, now))) {
          results[i] = { ok: false, unmailed: true };
          continue;
        }
        for (const h of theirs) {
          open.splice(open.indexOf(h), 1);
          left.set(h.planId, (left.get(h.planId) ?? 0) + h.seats);
        }
        left.set(r.planId, (left.get(r.planId) ?? 0) - r.seats);
        replacing.set(i, theirs);
        // Counted at once: a later request of this batch sees this one as open (id 0: not made yet).
        if (r.openLimit) open.push({ id: 0, clientHash: r.clientHash ?? null, email, expiresAt: r.expiresAt } as Hold);
        fits.push(i);
      }
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
      // The rows as one JSON parameter (issue 65): a batch's hundred-odd values built into a statement cost the
      // rush more than the database's work on them.
      const values = fits.map((i, n) => {
        const r = requests[i]!;
        return {
          id: ids[n]!,
          plan_id: r.planId,
          quantity: r.quantity,
          seats: r.seats,
          email: r.email,
          name: r.name,
          phone: r.phone ?? null,
          amount_minor: r.amountMinor,
          currency: r.currency,
          idempotency_key: storedKey(r),
          waitlist_id: r.waitlistId ?? null,
          client_hash: r.clientHash ?? null,
          confirm_hash: r.confirmHash ?? null,
          payment_method: r.paymentMethod ?? null,
          expires_at: r.expiresAt.toISOString(),
        };
      });
      // The columns a new hold is given, as named above (the rest take their defaults).
      const columns = sql.raw(Object.keys(values[0]!).join(", "));
      const made = rowsOf<Record<string, unknown>>(
        await tx.execute(sql`
          INSERT INTO ticket_holds (${columns})
          SELECT ${columns} FROM json_populate_recordset(NULL::ticket_holds, ${JSON.stringify(values)}::json)
          ON CONFLICT (idempotency_key) DO NOTHING
          RETURNING *`),
      ).map(holdOfRow);
      const byId = new Map(made.map((h) => [h.id, h]));
      const taken = new Map<string, number>();
      const mails: MailDraft[] = [];
      fits.forEach((i, n) => {
        const hold = byId.get(ids[n]!);
        if (!hold) return raced.push(i);
        results[i] = { ok: true, hold, duplicate: false, replaced: replaced.get(i) };
        taken.set(hold.planId, (taken.get(hold.planId) ?? 0) + hold.seats);
        const mail = requests[i]!.mail;
        if (mail) mails.push(mail.draft);
      });
      // The confirmation links, with their holds: a hold that mails its address is never kept without its mail.
      await queueMails(tx, mails);
      for (const [planId, seats] of taken) {
        const moved = await tx.execute(sql`
          UPDATE ticket_stock SET held = held + ${seats}
          WHERE plan_id = ${planId} AND sold + held + ${seats} <= capacity
          RETURNING plan_id`);
        if (!rowsOf(moved).length) throw new Error(`tickets: the seats of ${planId} changed under its lock`);
      }
    });
  for (const i of raced) results[i] = retried(requests[i]!, await byKey(db, storedKey(requests[i]!)!));
  return results as HoldResult[];
}

/**
 * The open holds (a buyer's, not an offer's; unexpired; not a pending order's, whose address is confirmed) of the
 * requests' clients and addresses.
 */
async function openHolds(db: Db, requests: HoldRequest[], now: Date): Promise<Hold[]> {
  const limited = requests.filter((r) => r.openLimit);
  if (!limited.length) return [];
  const clients = [...new Set(limited.flatMap((r) => (r.clientHash ? [r.clientHash] : [])))];
  const emails = [...new Set(limited.map((r) => normalizeEmail(r.email)))];
  // The lists as JSON parameters (see holdMany).
  return rowsOf<Record<string, unknown>>(
    await db.execute(sql`SELECT * FROM ticket_holds h
      WHERE status = 'held' AND expires_at > ${now.toISOString()}::timestamptz AND waitlist_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM ticket_orders o WHERE o.hold_id = h.id)
        AND (client_hash = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(clients)}::json)))
          OR lower(email) = ANY (ARRAY(SELECT json_array_elements_text(${JSON.stringify(emails)}::json))))`),
  ).map(holdOfRow);
}

export interface CheckoutSession {
  holdId: number;
  sessionId: string;
  url: string;
}

/** Records the provider's checkout sessions of holds (the webhook and the expiry name them) and their pages. */
export async function setCheckoutSessions(db: Db, sessions: CheckoutSession[]): Promise<void> {
  if (!sessions.length) return;
  const values = JSON.stringify(sessions.map((s) => ({ id: s.holdId, session_id: s.sessionId, url: s.url })));
  await db.execute(sql`
    UPDATE ticket_holds AS h SET checkout_session_id = v.session_id, checkout_url = v.url
    FROM json_to_recordset(${values}::json) AS v (id bigint, session_id text, url text) WHERE h.id = v.id`);
}

export const holdBySession = async (db: Db, sessionId: string): Promise<Hold | undefined> =>
  (await db.select().from(ticketHolds).where(eq(ticketHolds.checkoutSessionId, sessionId)).limit(1))[0];

export const holdById = async (db: Db, id: number): Promise<Hold | undefined> =>
  (await db.select().from(ticketHolds).where(eq(ticketHolds.id, id)).limit(1))[0];

/**
 * Gives a held hold's seats back; null when it was not held any more (sold, or released already), or (`expired`)
 * when its time was not up at that moment any more (a "pay later" order confirmed meanwhile keeps it longer).
 */
export async function releaseHold(db: Db, holdId: number, expired?: Date): Promise<Hold | null> {
  return db.transaction(async (tx) => {
    const [hold] = await tx
      .update(ticketHolds)
      .set({ status: "released" })
      .where(
        and(
          eq(ticketHolds.id, holdId),
          eq(ticketHolds.status, "held"),
          expired ? lt(ticketHolds.expiresAt, expired) : undefined,
        ),
      )
      .returning();
    if (!hold) return null;
    await tx.execute(sql`UPDATE ticket_stock SET held = held - ${hold.seats} WHERE plan_id = ${hold.planId}`);
    return hold;
  });
}

/**
 * Releases the holds whose time is up at `now` (a sweep; the provider's `expired` event does it sooner). A pending
 * order's ("later", with its order) are left to the pending sweep: it reminds the buyer first (releasePending); a
 * "pay later" hold whose address was never confirmed has no order, and goes back like any other (issue 61).
 */
export async function releaseExpired(db: Db, now: Date): Promise<Hold[]> {
  const due = rowsOf<{ id: number | string }>(
    await db.execute(
      sql`SELECT id FROM ticket_holds h WHERE status = 'held' AND expires_at < ${now.toISOString()}::timestamptz
        AND (payment_method IS DISTINCT FROM 'later' OR NOT EXISTS (SELECT 1 FROM ticket_orders o WHERE o.hold_id = h.id))
        ORDER BY id LIMIT 500`,
    ),
  );
  const released: Hold[] = [];
  for (const { id } of due) {
    const hold = await releaseHold(db, Number(id), now);
    if (hold) released.push(hold);
  }
  return released;
}

/** The hold (a free order's, or a "pay later" one's) waiting for the address its confirmation link was mailed to. */
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
