/**
 * The waiting list (issue 42, item 4). When a plan cannot seat what someone asks for, they join with their
 * e-mail and quantity and confirm by a mailed link (as the newsletter does). Whenever seats come free (a hold
 * released by the sweep or the provider's expiry, an order cancelled), the first in line whose quantity fits
 * gets them as an offer: a hold of their own (`holdSeats`, so never a seat someone else holds) for
 * WAITLIST_OFFER_HOURS, and a mail whose link starts the checkout of exactly that hold. An offer not taken in
 * time is released by the sweep like any hold, and its seats pass to the next in line. All time comes from
 * the context's `now`, so tests move the clock.
 *
 * Plain functions over the box office's context (issue 64). Taking an offer (a sale, a checkout, or an order paid
 * later) is one level up, in ./take.ts: the checkout and "pay later" offer freed seats here, so this module
 * imports neither.
 */
import { normalizeEmail } from "../../../app/forms/email";
import { randomBytes } from "node:crypto";
import type { TicketsData } from "../../../app/lib/build-outputs";
import { claimAddressMail } from "../address-mails.queries";
import type { BoxOfficeContext } from "../box-office-context";
import { holdSeats } from "../holds.queries";
import { addressHash } from "../keys";
import { newOrderLink, orderOfHold, stock, type Hold } from "../queries";
import {
  claimEntry,
  confirmEntry,
  entryByToken,
  joinWaitlist,
  latestOffer,
  offersLapsed,
  openOffer,
  queueOfferMail,
  waitingByPlan,
  waitingInLine,
  type WaitlistEntry,
} from "./queries";
import { offerMail, waitlistConfirmMail, when } from "./mail";

export const WAITLIST_PATHS = {
  join: "/api/tickets/waitlist",
  confirm: "/api/tickets/waitlist/confirm",
  offer: "/api/tickets/offer",
} as const;

export type JoinResult =
  /** Answered alike whether the address was on the list, or had its mail of the day (no `entry` then). */
  | { kind: "joined"; created: boolean; entry?: WaitlistEntry }
  | { kind: "unknown-plan" }
  | { kind: "too-many"; max: number }
  /** Seats for this quantity are free now: buy them instead. */
  | { kind: "not-sold-out"; left: number };

export type OfferState =
  | { kind: "invalid" }
  /** `until`: the hold's end in the event's time zone, in words. */
  | { kind: "open"; entry: WaitlistEntry; hold: Hold; plan: string; until: string }
  | { kind: "bought"; token: string | null }
  | { kind: "expired" };

export type TakeResult =
  | OfferState
  | { kind: "order"; token: string }
  | { kind: "checkout"; url: string }
  | { kind: "failed"; contact: string }
  | { kind: "no-payments"; contact: string };

const newToken = () => randomBytes(24).toString("base64url");

/** Thrown inside an offer's transaction to undo its claim: the seats went to someone else meanwhile. */
class NoSeats extends Error {}

const seatsOf = (plan: TicketsData["plans"][string], quantity: number) => plan.people * quantity;

/**
 * Offers the free seats of a plan to the line, first come first served: the first entry whose quantity fits
 * gets a hold of exactly its seats, until no one waiting fits. Answers the entries offered seats.
 */
export async function offerFreedSeats(box: BoxOfficeContext, planId: string): Promise<WaitlistEntry[]> {
  const { db } = box;
  const data = await box.plans();
  const plan = Object.hasOwn(data.plans, planId) ? data.plans[planId] : undefined;
  if (!plan) return [];
  const offered: WaitlistEntry[] = [];
  for (let round = 0; round < 100; round++) {
    const left = (await stock(db))[planId]?.left ?? 0;
    if (left < plan.people) break;
    const next = (await waitingInLine(db, planId)).find((e) => seatsOf(plan, e.quantity) <= left);
    if (!next) break;
    const now = new Date(box.now());
    // Claim, hold and mail in one transaction (issue 54): a crash leaves the entry in line with no seats held,
    // or offered with its seats and its mail, never half of it.
    const held = await db
      .transaction(async (tx) => {
        // Taken out of the line first, so two sweeps never offer the same person twice.
        if (!(await claimEntry(tx, next.id, now))) return "taken" as const;
        const made = await holdSeats(tx, {
          planId,
          quantity: next.quantity,
          seats: seatsOf(plan, next.quantity),
          email: next.email,
          name: next.name ?? next.email.split("@")[0]!,
          amountMinor: plan.priceMinor * next.quantity,
          currency: data.currency.toLowerCase(),
          waitlistId: next.id,
          expiresAt: new Date(now.getTime() + box.offerHours * 3_600_000),
        });
        // Someone bought the seats in between: back in line, where they were (the claim rolls back).
        if (!made.ok) throw new NoSeats();
        // A new link for the offer: only hashes are stored, so the confirmation's cannot be mailed again.
        const token = newToken();
        await queueOfferMail(
          tx,
          next.id,
          token,
          offerMail(data, `${box.siteUrl()}${WAITLIST_PATHS.offer}?token=${token}`, next, made.hold),
        );
        return made.hold;
      })
      .catch((error: unknown) => {
        if (error instanceof NoSeats) return "no-seats" as const;
        throw error;
      });
    if (held === "taken") continue;
    if (held === "no-seats") break;
    box.log(`tickets: waiting-list entry ${next.id} offered ${held.seats} seats of ${planId}`);
    offered.push({ ...next, status: "offered", offeredAt: now });
  }
  return offered;
}

/** Holds were released: offers among them lapse (their entries leave the line), then the seats are offered. */
export async function offerReleased(box: BoxOfficeContext, holds: Hold[]): Promise<WaitlistEntry[]> {
  if (!holds.length) return [];
  await offersLapsed(box.db, holds);
  const offered: WaitlistEntry[] = [];
  for (const planId of new Set(holds.map((h) => h.planId))) offered.push(...(await offerFreedSeats(box, planId)));
  return offered;
}

/**
 * Every plan's free seats offered to its line (the sweep): what a release freed, and what a step that died
 * before offering left free (issue 54), the same way.
 */
export async function offerAll(box: BoxOfficeContext): Promise<WaitlistEntry[]> {
  const offered: WaitlistEntry[] = [];
  for (const planId of Object.keys(await waitingByPlan(box.db))) offered.push(...(await offerFreedSeats(box, planId)));
  return offered;
}

/**
 * Someone joins a plan's line (its confirmation link mailed). The link is the address's one order mail of the
 * day from the public forms (issue 61), claimed in the transaction that queues it: when not, nothing is stored
 * and nothing mailed (the answer stays the same).
 */
export async function joinLine(
  box: BoxOfficeContext,
  request: { plan: string; email: string; quantity: number; name?: string | null },
): Promise<JoinResult> {
  const data = await box.plans();
  const plan = Object.hasOwn(data.plans, request.plan) ? data.plans[request.plan] : undefined;
  if (!plan) return { kind: "unknown-plan" };
  if (request.quantity > plan.maxPerOrder) return { kind: "too-many", max: plan.maxPerOrder };
  const left = (await stock(box.db))[request.plan]?.left ?? plan.capacity;
  if (left >= seatsOf(plan, request.quantity)) return { kind: "not-sold-out", left };
  const { created, entry } = await joinWaitlist(
    box.db,
    {
      planId: request.plan,
      email: request.email,
      name: request.name ?? null,
      quantity: request.quantity,
      token: newToken(),
    },
    (token) => ({
      ...waitlistConfirmMail(
        data,
        `${box.siteUrl()}${WAITLIST_PATHS.confirm}?token=${token}`,
        box.offerHours,
        request.plan,
        request.quantity,
      ),
      to: normalizeEmail(request.email),
    }),
    async (tx) => claimAddressMail(tx, await addressHash(box, request.email), new Date(box.now())),
  );
  return { kind: "joined", created, entry };
}

/**
 * The confirmation link: in line from now. Then seats may be free already (the list was empty): the entry
 * answered is then "offered" (its link is now the offer mail's).
 */
export async function confirmInLine(box: BoxOfficeContext, token: string): Promise<WaitlistEntry | undefined> {
  const entry = await confirmEntry(box.db, token, new Date(box.now()));
  if (entry?.status !== "waiting") return entry;
  const offered = await offerFreedSeats(box, entry.planId);
  return offered.find((e) => e.id === entry.id) ?? entry;
}

/** What an offer link leads to. */
export async function offerState(box: BoxOfficeContext, token: string): Promise<OfferState> {
  const entry = token ? await entryByToken(box.db, token) : undefined;
  if (!entry) return { kind: "invalid" };
  const hold = await openOffer(box.db, entry.id);
  if (hold && hold.expiresAt.getTime() > box.now()) {
    const data = await box.plans();
    return {
      kind: "open",
      entry,
      hold,
      plan: data.plans[entry.planId]?.title ?? entry.planId,
      until: when(hold.expiresAt, data.timeZone),
    };
  }
  const last = await latestOffer(box.db, entry.id);
  if (last?.status === "sold") {
    // Only hashes of an order's links are kept: the offer's own link opens a new one to its order.
    const order = await orderOfHold(box.db, last.id);
    return { kind: "bought", token: order ? await newOrderLink(box.db, order.id) : null };
  }
  return { kind: "expired" };
}
