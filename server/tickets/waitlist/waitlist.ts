/**
 * The waiting list (issue 42, item 4). When a plan cannot seat what someone asks for, they join with their
 * e-mail and quantity and confirm by a mailed link (as the newsletter does). Whenever seats come free (a hold
 * released by the sweep or the provider's expiry, an order cancelled), the first in line whose quantity fits
 * gets them as an offer: a hold of their own (`holdSeats`, so never a seat someone else holds) for
 * WAITLIST_OFFER_HOURS, and a mail whose link starts the checkout of exactly that hold. An offer not taken in
 * time is released by the sweep like any hold, and its seats pass to the next in line. All time comes from
 * `now`, so tests move the clock.
 */
import { normalizeEmail } from "../../../app/forms/email";
import { randomBytes } from "node:crypto";
import type { TicketsData } from "../../../app/lib/build-outputs";
import type { Db } from "../../db/client";
import { newOrderLink, orderOfHold, stock, type Hold } from "../queries";
import { holdSeats } from "../holds.queries";
import type { SaleResult } from "../order-life/sale.queries";
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

export interface WaitlistDeps {
  db: Db;
  now: () => number;
  plans: () => Promise<TicketsData>;
  /** SITE_URL without a trailing slash. */
  siteUrl: () => string;
  /** WAITLIST_OFFER_HOURS */
  offerHours: number;
  /** Whether paid plans are sold online. */
  payments: boolean;
  /** The box office's sale of a hold (a free offer is an order at once). */
  sell: (holdId: number) => Promise<SaleResult>;
  /** The box office's checkout of a hold (its page's address), or why not. */
  checkout: (hold: Hold, cancelPath: string) => Promise<{ url: string } | { failed: true; contact: string }>;
  /**
   * Without the card provider (issue 53): the offer's hold becomes an order paid later (its page's secret), or
   * null when its plan is not paid later.
   */
  payLater?: (hold: Hold) => Promise<string | null>;
  /**
   * Whether the address may have its one order mail of the day (issue 61), claimed in the transaction that
   * queues the confirmation link: when not, nothing is stored and nothing mailed (the answer stays the same).
   */
  mayMail?: (tx: Db, email: string) => Promise<boolean>;
  log: (line: string) => void;
}

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

export type Waitlist = ReturnType<typeof createWaitlist>;

export function createWaitlist(deps: WaitlistDeps) {
  const { db } = deps;
  const date = () => new Date(deps.now());
  const seatsOf = (plan: TicketsData["plans"][string], quantity: number) => plan.people * quantity;

  /**
   * Offers the free seats of a plan to the line, first come first served: the first entry whose quantity fits
   * gets a hold of exactly its seats, until no one waiting fits. Answers the entries offered seats.
   */
  async function offerFreedSeats(planId: string): Promise<WaitlistEntry[]> {
    const data = await deps.plans();
    const plan = Object.hasOwn(data.plans, planId) ? data.plans[planId] : undefined;
    if (!plan) return [];
    const offered: WaitlistEntry[] = [];
    for (let round = 0; round < 100; round++) {
      const left = (await stock(db))[planId]?.left ?? 0;
      if (left < plan.people) break;
      const next = (await waitingInLine(db, planId)).find((e) => seatsOf(plan, e.quantity) <= left);
      if (!next) break;
      const now = date();
      // Claim, hold and mail in one transaction (issue 54): a crash leaves the entry in line with no seats held,
      // or offered with its seats and its mail, never half of it.
      const held = await db
        .transaction(async (tx) => {
          const t = tx;
          // Taken out of the line first, so two sweeps never offer the same person twice.
          if (!(await claimEntry(t, next.id, now))) return "taken" as const;
          const made = await holdSeats(t, {
            planId,
            quantity: next.quantity,
            seats: seatsOf(plan, next.quantity),
            email: next.email,
            name: next.name ?? next.email.split("@")[0]!,
            amountMinor: plan.priceMinor * next.quantity,
            currency: data.currency.toLowerCase(),
            waitlistId: next.id,
            expiresAt: new Date(now.getTime() + deps.offerHours * 3_600_000),
          });
          // Someone bought the seats in between: back in line, where they were (the claim rolls back).
          if (!made.ok) throw new NoSeats();
          // A new link for the offer: only hashes are stored, so the confirmation's cannot be mailed again.
          const token = newToken();
          await queueOfferMail(
            t,
            next.id,
            token,
            offerMail(data, `${deps.siteUrl()}${WAITLIST_PATHS.offer}?token=${token}`, next, made.hold),
          );
          return made.hold;
        })
        .catch((error: unknown) => {
          if (error instanceof NoSeats) return "no-seats" as const;
          throw error;
        });
      if (held === "taken") continue;
      if (held === "no-seats") break;
      deps.log(`tickets: waiting-list entry ${next.id} offered ${held.seats} seats of ${planId}`);
      offered.push({ ...next, status: "offered", offeredAt: now });
    }
    return offered;
  }

  return {
    offerFreedSeats,

    /** Holds were released: offers among them lapse (their entries leave the line), then the seats are offered. */
    async released(holds: Hold[]): Promise<WaitlistEntry[]> {
      if (!holds.length) return [];
      await offersLapsed(db, holds);
      const offered: WaitlistEntry[] = [];
      for (const planId of new Set(holds.map((h) => h.planId))) offered.push(...(await offerFreedSeats(planId)));
      return offered;
    },

    /**
     * Every plan's free seats offered to its line (the sweep): what a release freed, and what a step that died
     * before offering left free (issue 54), the same way.
     */
    async offerAll(): Promise<WaitlistEntry[]> {
      const offered: WaitlistEntry[] = [];
      for (const planId of Object.keys(await waitingByPlan(db))) offered.push(...(await offerFreedSeats(planId)));
      return offered;
    },

    async join(request: { plan: string; email: string; quantity: number; name?: string | null }): Promise<JoinResult> {
      const data = await deps.plans();
      const plan = Object.hasOwn(data.plans, request.plan) ? data.plans[request.plan] : undefined;
      if (!plan) return { kind: "unknown-plan" };
      if (request.quantity > plan.maxPerOrder) return { kind: "too-many", max: plan.maxPerOrder };
      const left = (await stock(db))[request.plan]?.left ?? plan.capacity;
      if (left >= seatsOf(plan, request.quantity)) return { kind: "not-sold-out", left };
      const { created, entry } = await joinWaitlist(
        db,
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
            `${deps.siteUrl()}${WAITLIST_PATHS.confirm}?token=${token}`,
            deps.offerHours,
            request.plan,
            request.quantity,
          ),
          to: normalizeEmail(request.email),
        }),
        deps.mayMail && ((tx) => deps.mayMail!(tx, request.email)),
      );
      return { kind: "joined", created, entry };
    },

    /**
     * The confirmation link: in line from now. Then seats may be free already (the list was empty): the entry
     * answered is then "offered" (its link is now the offer mail's).
     */
    async confirm(token: string): Promise<WaitlistEntry | undefined> {
      const entry = await confirmEntry(db, token, date());
      if (entry?.status !== "waiting") return entry;
      const offered = await offerFreedSeats(entry.planId);
      return offered.find((e) => e.id === entry.id) ?? entry;
    },

    /** What an offer link leads to. */
    async offer(token: string): Promise<OfferState> {
      const entry = token ? await entryByToken(db, token) : undefined;
      if (!entry) return { kind: "invalid" };
      const hold = await openOffer(db, entry.id);
      if (hold && hold.expiresAt.getTime() > deps.now()) {
        const data = await deps.plans();
        return {
          kind: "open",
          entry,
          hold,
          plan: data.plans[entry.planId]?.title ?? entry.planId,
          until: when(hold.expiresAt, data.timeZone),
        };
      }
      const last = await latestOffer(db, entry.id);
      if (last?.status === "sold") {
        // Only hashes of an order's links are kept: the offer's own link opens a new one to its order.
        const order = await orderOfHold(db, last.id);
        return { kind: "bought", token: order ? await newOrderLink(db, order.id) : null };
      }
      return { kind: "expired" };
    },

    /** The offer link's button: the checkout of exactly the held seats (a free plan's order at once). */
    async take(token: string): Promise<TakeResult> {
      const state = await this.offer(token);
      if (state.kind !== "open") return state;
      const { hold } = state;
      if (hold.amountMinor === 0) {
        const sale = await deps.sell(hold.id);
        if (!sale.ok) return { kind: "expired" };
        return { kind: "order", token: sale.token ?? (await newOrderLink(db, sale.order.id)) };
      }
      const data = await deps.plans();
      const contact = `${data.contact.email} or ${data.contact.phone}`;
      if (!deps.payments) {
        const pending = deps.payLater ? await deps.payLater(hold) : null;
        return pending ? { kind: "order", token: pending } : { kind: "no-payments", contact };
      }
      const started = await deps.checkout(hold, `${WAITLIST_PATHS.offer}?token=${token}`);
      return "url" in started ? { kind: "checkout", url: started.url } : { kind: "failed", contact: started.contact };
    },
  };
}
