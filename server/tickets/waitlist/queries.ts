/**
 * The waiting list's database work (issue 42, item 4). One row per plan and address: "unconfirmed" until its
 * link is opened, then "waiting" (in line by `confirmed_at`), "offered" while a hold of its own keeps seats for
 * it (ticket_holds.waitlist_id), "bought" once that hold is sold, "left" when an offer ran out unused. Seats
 * are only ever taken through `holdSeats` (../queries.ts): nobody is offered a seat that someone else holds.
 * An entry's link is kept as the SHA-256 of its secret (migration 015): the confirmation's, replaced by the
 * offer's when an offer is mailed.
 */
import { normalizeEmail } from "../../../app/forms/email";
import { secretHash } from "../../secret";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { ticketHolds, ticketWaitlist } from "../../db/schema";
import { queueMail, type MailDraft } from "../../mail/queries";
import type { Hold } from "../queries";

export type WaitlistEntry = typeof ticketWaitlist.$inferSelect;

export interface JoinRequest {
  planId: string;
  email: string;
  quantity: number;
  name?: string | null;
  /** A fresh random secret, used when the address is new on this plan's list (or had left it); its hash is kept. */
  token: string;
}

/** Thrown inside a join's transaction to undo it: the address had its order mail of the day. */
class NoMail extends Error {}

/**
 * Puts an address on a plan's list (compared lower-case) and queues its confirmation mail in the same
 * transaction. Joining again changes nothing and sends nothing (`created` false), unless the address had left
 * the list: then it joins again at the end, unconfirmed. When `mayMail` refuses (issue 61: the address had its
 * one order mail of the day), nothing is stored nor mailed (`created` false, no entry).
 */
export async function joinWaitlist(
  db: Db,
  request: JoinRequest,
  confirmMail: (token: string) => MailDraft,
  mayMail?: (tx: Db) => Promise<boolean>,
): Promise<{ created: boolean; entry?: WaitlistEntry }> {
  const email = normalizeEmail(request.email);
  return db
    .transaction(async (tx) => {
      let [entry] = await tx
        .insert(ticketWaitlist)
        .values({
          planId: request.planId,
          email,
          name: request.name ?? null,
          quantity: request.quantity,
          tokenHash: secretHash(request.token),
        })
        .onConflictDoNothing({ target: [ticketWaitlist.planId, ticketWaitlist.email] })
        .returning();
      if (!entry)
        [entry] = await tx
          .update(ticketWaitlist)
          .set({
            status: "unconfirmed",
            quantity: request.quantity,
            name: request.name ?? null,
            tokenHash: secretHash(request.token),
            createdAt: sql`now()`,
            confirmedAt: null,
            offeredAt: null,
          })
          .where(
            and(
              eq(ticketWaitlist.planId, request.planId),
              eq(ticketWaitlist.email, email),
              eq(ticketWaitlist.status, "left"),
            ),
          )
          .returning();
      if (entry) {
        if (mayMail && !(await mayMail(tx))) throw new NoMail();
        await queueMail(tx, confirmMail(request.token));
        return { created: true, entry };
      }
      const [existing] = await tx
        .select()
        .from(ticketWaitlist)
        .where(and(eq(ticketWaitlist.planId, request.planId), eq(ticketWaitlist.email, email)));
      return { created: false, entry: existing! };
    })
    .catch((error: unknown) => {
      if (error instanceof NoMail) return { created: false };
      throw error;
    });
}

export const entryByToken = async (db: Db, token: string): Promise<WaitlistEntry | undefined> =>
  (
    await db
      .select()
      .from(ticketWaitlist)
      .where(eq(ticketWaitlist.tokenHash, secretHash(token)))
      .limit(1)
  )[0];

/** Confirms an entry (it gets in line at `now`); a confirmed one stays where it is. Undefined: no such token. */
export async function confirmEntry(db: Db, token: string, now: Date): Promise<WaitlistEntry | undefined> {
  const [confirmed] = await db
    .update(ticketWaitlist)
    .set({ status: "waiting", confirmedAt: now })
    .where(and(eq(ticketWaitlist.tokenHash, secretHash(token)), eq(ticketWaitlist.status, "unconfirmed")))
    .returning();
  return confirmed ?? (await entryByToken(db, token));
}

/** The confirmed entries of a plan still waiting, first in line first. */
export const waitingInLine = (db: Db, planId: string): Promise<WaitlistEntry[]> =>
  db
    .select()
    .from(ticketWaitlist)
    .where(and(eq(ticketWaitlist.planId, planId), eq(ticketWaitlist.status, "waiting")))
    .orderBy(asc(ticketWaitlist.confirmedAt), asc(ticketWaitlist.id))
    .limit(200);

/** Takes an entry out of the line for an offer; false when someone else did already. */
export async function claimEntry(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(ticketWaitlist)
    .set({ status: "offered", offeredAt: now })
    .where(and(eq(ticketWaitlist.id, id), eq(ticketWaitlist.status, "waiting")))
    .returning({ id: ticketWaitlist.id });
  return rows.length > 0;
}

/**
 * The offer's mail (the hold is made already), with the entry's link replaced by the offer's `token` in the same
 * transaction: only the hash of the link in the newest mail is kept.
 */
export async function queueOfferMail(db: Db, entryId: number, token: string, mail: MailDraft): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(ticketWaitlist)
      .set({ tokenHash: secretHash(token) })
      .where(eq(ticketWaitlist.id, entryId));
    await queueMail(tx, mail);
  });
}

/** Offers whose hold was released unused: their entries leave the list (the seats pass to the next). */
export async function offersLapsed(db: Db, holds: Hold[]): Promise<number[]> {
  const ids = holds.flatMap((h) => (h.waitlistId ? [h.waitlistId] : []));
  if (!ids.length) return [];
  const rows = await db
    .update(ticketWaitlist)
    .set({ status: "left" })
    .where(and(inArray(ticketWaitlist.id, ids), eq(ticketWaitlist.status, "offered")))
    .returning({ id: ticketWaitlist.id });
  return rows.map((r) => r.id);
}

/** The seats still kept for an entry's offer (its open hold), if any. */
export const openOffer = async (db: Db, entryId: number): Promise<Hold | undefined> =>
  (
    await db
      .select()
      .from(ticketHolds)
      .where(and(eq(ticketHolds.waitlistId, entryId), eq(ticketHolds.status, "held")))
      .orderBy(sql`${ticketHolds.id} DESC`)
      .limit(1)
  )[0];

/** The hold an entry's offer became (held or sold), newest first: where its link leads. */
export const latestOffer = async (db: Db, entryId: number): Promise<Hold | undefined> =>
  (
    await db
      .select()
      .from(ticketHolds)
      .where(eq(ticketHolds.waitlistId, entryId))
      .orderBy(sql`${ticketHolds.id} DESC`)
      .limit(1)
  )[0];

/** A sold hold that was an offer: its entry has bought. */
export async function offerSold(db: Db, holdId: number): Promise<void> {
  await db.execute(
    sql`UPDATE ticket_waitlist SET status = 'bought'
        WHERE id = (SELECT waitlist_id FROM ticket_holds WHERE id = ${holdId}) AND status IN ('offered', 'left')`,
  );
}

/** People waiting per plan (confirmed, and those with an open offer), counted in entries and seats asked for. */
export async function waitingByPlan(db: Db): Promise<Record<string, { entries: number; quantity: number }>> {
  const rows = rowsOf<{ plan_id: string; entries: number; quantity: number }>(
    await db.execute(sql`
      SELECT plan_id, count(*)::int AS entries, coalesce(sum(quantity), 0)::int AS quantity
      FROM ticket_waitlist WHERE status IN ('waiting', 'offered') GROUP BY plan_id`),
  );
  return Object.fromEntries(rows.map((r) => [r.plan_id, { entries: Number(r.entries), quantity: Number(r.quantity) }]));
}
