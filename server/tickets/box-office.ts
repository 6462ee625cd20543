/**
 * The box office (issue 42): what the routes (./routes.ts), the payment providers' events and the sweep ask of
 * it. Plans come from the live build's tickets.json (content), seats from the database (./queries.ts and the
 * query modules by job beside it). A paid plan is paid through the payment interface (server/payments/, issue
 * 53): the card provider's hosted checkout (./card-checkout.ts), its price and quantity from content, or "pay
 * later" (./pay-later.ts: a pending order that keeps its seats until its deadline, then one reminder, then
 * released; the organisers mark it paid). A free one becomes an order once its address is confirmed by a mailed
 * link (issue 50; ./purchase.ts), and one paid later becomes pending only then (issue 61). The organisers also
 * issue orders by hand (./manual-orders.ts). Every order's tickets are signed (./signing.ts) and mailed through
 * the mail outbox in the order's own transaction; the mails' words are in ./mail.ts. This file makes the parts'
 * shared context (data only, ./box-office-context.ts: each part is a plain function taking it, issue 64), the
 * answers no one part owns (availability, contact, the sweep), and the face the other features see.
 */
import { BUILD_OUTPUTS, type TicketsData } from "../../app/lib/build-outputs";
import { newBatch } from "../db/batch";
import type { Database } from "../db/client";
import { ipSalt, providerKeyPrefix } from "../db/settings";
import { lazy } from "../lazy";
import { createPayments, payLaterTerms } from "../payments";
import { readOutput } from "../publish";
import { forgetAddressMails } from "./address-mails.queries";
import { usableMethods, type BoxOfficeContext } from "./box-office-context";
import { releaseExpired } from "./holds.queries";
import { sweepPending } from "./pay-later";
import { stock, syncStock, type Hold } from "./queries";
import { ticketKeys } from "./signing";
import { offersLapsed } from "./waitlist/queries";
import { offerAll } from "./waitlist/waitlist";

export interface BoxOfficeOptions {
  database: Database;
  /** The live build's folder (its tickets.json). */
  buildDir: () => string;
  /** SITE_URL: links in mails and the provider's return addresses; never the request's Host. */
  siteUrl?: string;
  /** The card provider (STRIPE_SECRET_KEY, STRIPE_API_URL); without a key, paid plans are paid later. */
  stripe?: { secretKey?: string; apiUrl?: string; timeoutMs?: number };
  /** TICKET_HOLD_MINUTES: how long a checkout keeps its seats once its buyer reached the provider's page (default 30). */
  holdMinutes?: number;
  /** TICKET_FIRST_HOLD_MINUTES: how long a purchase keeps its seats until then (default 10). */
  firstHoldMinutes?: number;
  /** TICKET_OPEN_HOLDS: open holds (purchases not paid, free orders not confirmed) per client and per address (default 1). */
  openHolds?: number;
  /** TICKET_CONFIRM_HOURS: how long a free order's, or a "pay later" one's, seats wait for its address to be confirmed (default 2). */
  confirmHours?: number;
  /** WAITLIST_OFFER_HOURS: how long a waiting-list offer keeps its seats (default 24). */
  offerHours?: number;
  now?: () => number;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export type BoxOffice = ReturnType<typeof createBoxOffice>;

/** The parts' shared context (./box-office-context.ts): the settings, the plans, the payment providers, the keys. */
function boxOfficeContext(options: BoxOfficeOptions): BoxOfficeContext {
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const holdMinutes = options.holdMinutes ?? 30;
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));
  const data = readOutput(BUILD_OUTPUTS.tickets, options.buildDir);

  /** The plans of the live build, their capacities written to the stock once per build. */
  let synced: TicketsData | undefined;
  async function plans(): Promise<TicketsData> {
    const current = await data.load();
    if (synced !== current) {
      await syncStock(db, Object.fromEntries(Object.entries(current.plans).map(([id, p]) => [id, p.capacity])));
      synced = current;
    }
    return current;
  }

  return {
    db,
    now,
    log,
    logError,
    // Every way to pay, one provider per method (server/payments/): the card provider and "pay later".
    payments: createPayments({
      card: { ...options.stripe, siteUrl: options.siteUrl, log, logError },
      payLater: async () => (await plans()).payLater,
      now,
    }),
    plans,
    siteUrl: () => (options.siteUrl ?? "").replace(/\/+$/, ""),
    holdMinutes,
    firstHoldMinutes: Math.min(options.firstHoldMinutes ?? 10, holdMinutes),
    openLimit: options.openHolds ?? 1,
    confirmHours: options.confirmHours ?? 2,
    offerHours: options.offerHours ?? 24,
    signing: lazy(() => ticketKeys(db)),
    // A client's address is kept hashed with the site's salt (as the forms' limits do), never in clear.
    salt: lazy(() => ipSalt(db)),
    keyPrefix: lazy(() => providerKeyPrefix(db)),
    // A rush of buyers shares each write to disk: the holds, and then their checkout sessions, in batches.
    batches: { holds: newBatch(), checkouts: newBatch() },
  };
}

/** Each plan's seats left, and the ways it can be paid here now (issue 61: none for a card-only plan without a card provider). */
export async function availability(box: BoxOfficeContext) {
  const [tickets, seats] = await Promise.all([box.plans(), stock(box.db)]);
  return Object.fromEntries(
    Object.entries(tickets.plans).map(([id, plan]) => {
      const left = seats[id]?.left ?? plan.capacity;
      return [id, { left, soldOut: left < plan.people, methods: usableMethods(box, plan.methods) }];
    }),
  );
}

/** How the buyer reaches the organisers ("tickets@… or +1 …"), for an answer that sends them there. */
export async function contact(box: BoxOfficeContext): Promise<string> {
  const { contact } = await box.plans();
  return `${contact.email} or ${contact.phone}`;
}

/**
 * Releases the holds whose time is up (offers among them lapse); their seats go to the waiting list. Then the
 * pending orders past their deadline: one reminder, then released (issue 53). The "sweep" job (./jobs.ts).
 */
export async function sweep(box: BoxOfficeContext): Promise<Hold[]> {
  // Released, and offers among them lapsed (their entries leave the line), in one transaction.
  const released = await box.db.transaction(async (tx) => {
    const holds = await releaseExpired(tx, new Date(box.now()));
    await offersLapsed(tx, holds);
    return holds;
  });
  // Then whatever is free goes to the lines: these seats, or those of a sweep that died before offering.
  await offerAll(box);
  await sweepPending(box);
  await forgetAddressMails(box.db, new Date(box.now()));
  return released;
}

/**
 * The box office as the server starts it (server/start.ts) and the other features and the organisers' routes
 * see it. Inside server/tickets/, the parts are plain functions called with `context` (issue 64): `buy(context,
 * request)` (./purchase.ts), `sweep(context)` above, the waiting list's (./waitlist/waitlist.ts).
 */
export function createBoxOffice(options: BoxOfficeOptions) {
  const box = boxOfficeContext(options);
  return {
    /** What the box office's plain functions take first (./box-office-context.ts). */
    context: box,
    plans: box.plans,
    /** The tickets' key pair: the door's list carries its public key (issue 43). */
    signing: box.signing,
    /** How "pay later" is paid now (content): the instructions, days and grace (the organisers' home). */
    payLaterTerms: async () => payLaterTerms((await box.plans()).payLater),
  };
}
