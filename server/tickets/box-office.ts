/**
 * The box office (issue 42): what the routes (./routes.ts), the payment providers' events and the sweep ask of
 * it. Plans come from the live build's tickets.json (content), seats from the database (./queries.ts and the
 * query modules by job beside it). A paid plan is paid through the payment interface (server/payments/, issue
 * 53): the card provider's hosted checkout (./card-checkout.ts), its price and quantity from content, or "pay
 * later" (./pay-later.ts: a pending order that keeps its seats until its deadline, then one reminder, then
 * released; the organisers mark it paid). A free one becomes an order once its address is confirmed by a mailed
 * link (issue 50; ./purchase.ts), and one paid later becomes pending only then (issue 61). The organisers also issue orders by hand (./manual-orders.ts). Every order's
 * tickets are signed (./signing.ts) and mailed through the mail outbox in the order's own transaction; the
 * mails' words are in ./mail.ts. This file makes the parts' shared context (./box-office-context.ts) and lists
 * what the box office answers.
 */
import { normalizeEmail } from "../../app/forms/email";
import { BUILD_OUTPUTS, type TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { batched } from "../db/batch";
import type { Database } from "../db/client";
import { ipSalt, providerKeyPrefix } from "../db/settings";
import { lazy } from "../lazy";
import { createPayments, payLaterTerms, paysOnline, type PaymentEvent } from "../payments";
import { readOutput } from "../publish";
import { secretHash } from "../secret";
import {
  usableMethods,
  type BoxOfficeContext,
  type BuyRequest,
  type ManualOrderRequest,
  type MarkPaidRequest,
} from "./box-office-context";
import { checkoutHold, onPaymentEvent, orderOfSession, pay, refundOrder } from "./card-checkout";
import { holdMany, releaseExpired, setCheckoutSessions, type CheckoutSession, type HoldRequest } from "./holds.queries";
import { ticketMail } from "./mail";
import { manualOrder } from "./manual-orders";
import { markPaid, offerPaidLater, pendingDetails, sweepPending } from "./pay-later";
import { replacedPending } from "./order-life/pending.queries";
import { buy, confirmFree } from "./purchase";
import { claimAddressMail, forgetAddressMails } from "./address-mails.queries";
import { stock, syncStock, type Hold, type TicketOrder } from "./queries";
import { sellHold, type Payment } from "./order-life/sale.queries";
import { newShortCode, newTicketCode, signTicket, ticketKeys } from "./signing";
import { offersLapsed } from "./waitlist/queries";
import { createWaitlist, type Waitlist } from "./waitlist/waitlist";

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

/** The parts' shared context: the settings, the plans, the payment providers, and the steps every path takes. */
function boxOfficeContext(options: BoxOfficeOptions) {
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const holdMinutes = options.holdMinutes ?? 30;
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));
  const data = readOutput(BUILD_OUTPUTS.tickets, options.buildDir);
  const siteUrl = () => (options.siteUrl ?? "").replace(/\/+$/, "");
  const signing = lazy(() => ticketKeys(db));
  // A rush of buyers shares each write to disk: the holds, and then their checkout sessions, in batches.
  const takeSeats = batched((requests: HoldRequest[]) => holdMany(db, requests, new Date(now())));
  const recordCheckout = batched(async (sessions: CheckoutSession[]) => {
    await setCheckoutSessions(db, sessions);
    return sessions;
  });
  /** The card provider's idempotency keys start with this database's own random prefix (issue 50). */
  const prefix = lazy(() => providerKeyPrefix(db));
  /** A client's address as the holds keep it: hashed with the site's salt (as the forms' limits do), never in clear. */
  const salt = lazy(() => ipSalt(db));

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

  async function sell(holdId: number, payment: Payment) {
    const [tickets, signer] = await Promise.all([plans(), signing()]);
    const result = await sellHold(
      db,
      holdId,
      { ...payment, at: payment.at ?? new Date(now()) },
      (planId) => {
        const code = newTicketCode();
        const payload = signTicket(signer, { event: tickets.event, plan: planId, code });
        return { code, payload, shortCode: newShortCode() };
      },
      (order, made, token) => ticketMail(tickets, siteUrl(), order, made, { token }),
    );
    if (result.ok && result.created)
      log(`tickets: order ${ticketReference(result.order.id)} (${result.tickets.length} tickets)`);
    return result;
  }

  async function releasedHolds(holds: Hold[]): Promise<void> {
    for (const h of holds) {
      if (h.paymentMethod !== "later") continue;
      await replacedPending(db, h.id, new Date(now()));
    }
    await waitlist.released(holds);
  }

  const box: BoxOfficeContext = {
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
    siteUrl,
    holdMinutes,
    firstHoldMinutes: Math.min(options.firstHoldMinutes ?? 10, holdMinutes),
    openLimit: options.openHolds ?? 1,
    confirmHours: options.confirmHours ?? 2,
    offerHours: options.offerHours ?? 24,
    takeSeats,
    clientHash: async (client) => secretHash(`${await salt()}:${client}`),
    addressHash: async (email) => secretHash(`${await salt()}:mail:${normalizeEmail(email)}`),
    providerKey: async (key) => `${await prefix()}-${key}`,
    recordCheckout,
    sell,
    releasedHolds,
    // The waiting list is made below with this context (its offers are sold and checked out like a purchase).
    get waitlist() {
      return waitlist;
    },
  };
  const waitlist: Waitlist = createWaitlist({
    db,
    now,
    plans,
    siteUrl,
    offerHours: box.offerHours,
    payments: paysOnline(box.payments),
    sell: (holdId) => sell(holdId, {}),
    checkout: (hold, cancelPath) => checkoutHold(box, hold, cancelPath),
    payLater: (hold) => offerPaidLater(box, hold),
    // The confirmation link is the address's one order mail of the day from the public forms (issue 61).
    mayMail: async (tx, email) => claimAddressMail(tx, await box.addressHash(email), new Date(now())),
    log,
  });
  return { box, signing };
}

export function createBoxOffice(options: BoxOfficeOptions) {
  const { box, signing } = boxOfficeContext(options);
  const { db, waitlist } = box;

  return {
    /** Whether paid plans are sold online (else they are paid later, or asked for). */
    payments: paysOnline(box.payments),
    plans: box.plans,
    /** The tickets' key pair: the door's list carries its public key (issue 43). */
    signing,

    /** Each plan's seats left, and the ways it can be paid here now (issue 61: none for a card-only plan without a card provider). */
    async availability() {
      const [tickets, seats] = await Promise.all([box.plans(), stock(db)]);
      return Object.fromEntries(
        Object.entries(tickets.plans).map(([id, plan]) => {
          const left = seats[id]?.left ?? plan.capacity;
          return [id, { left, soldOut: left < plan.people, methods: usableMethods(box, plan.methods) }];
        }),
      );
    },

    /** How the buyer reaches the organisers ("tickets@… or +1 …"), for an answer that sends them there. */
    contact: async () => {
      const { contact } = await box.plans();
      return `${contact.email} or ${contact.phone}`;
    },

    /** A purchase (./purchase.ts): a free order or one paid later to confirm, or the card checkout. */
    buy: (request: BuyRequest) => buy(box, request),
    /** The buyer on their way to the provider's page: the hold kept TICKET_HOLD_MINUTES; its page, or null. */
    pay: (sessionId: string) => pay(box, sessionId),
    /** An order's address confirmed by its mailed link: made (free) or pending (paid later); its page's secret. */
    confirmFree: (secret: string) => confirmFree(box, secret),
    /** A payment provider's event about a hold's checkout, or a refund; false when it is not the box office's. */
    onPaymentEvent: (event: PaymentEvent) => onPaymentEvent(box, event),
    /** The order of a checkout session, for the buyer's return from the provider (the webhook may come later). */
    orderOfSession: (sessionId: string) => orderOfSession(box, sessionId),

    /**
     * Releases the holds whose time is up (offers among them lapse); their seats go to the waiting list. Then the
     * pending orders past their deadline: one reminder, then released (issue 53).
     */
    async sweep(): Promise<Hold[]> {
      // Released, and offers among them lapsed (their entries leave the line), in one transaction.
      const released = await db.transaction(async (tx) => {
        const holds = await releaseExpired(tx, new Date(box.now()));
        await offersLapsed(tx, holds);
        return holds;
      });
      // Then whatever is free goes to the lines: these seats, or those of a sweep that died before offering.
      await waitlist.offerAll();
      await sweepPending(box);
      await forgetAddressMails(db, new Date(box.now()));
      return released;
    },

    /** The pending orders' deadlines alone (tests; the sweep runs it too). */
    sweepPending: () => sweepPending(box),

    /** How "pay later" is paid now (content): the instructions, days and grace. */
    payLaterTerms: async () => payLaterTerms((await box.plans()).payLater),

    /** An organiser received a pending order's money (issue 53): paid, its tickets made and mailed once. */
    markPaid: (orderId: number, payment: MarkPaidRequest) => markPaid(box, orderId, payment),

    /** Tickets issued by hand (issue 53): counted like any other order; past capacity only with a reason. */
    manualOrder: (request: ManualOrderRequest) => manualOrder(box, request),

    /** A pending order's answer on its page: the amount, how to pay and the deadline. */
    pendingDetails: (order: TicketOrder) => pendingDetails(box, order),

    /** The provider's hosted checkout of exactly a hold's seats; `cancelPath`: where "back" leads. */
    checkoutHold: (hold: Hold, cancelPath: string) => checkoutHold(box, hold, cancelPath),
    /** The waiting list: join, confirm, an offer's page and its checkout. */
    waitlist,
    /** Offers a plan's free seats to its waiting list (after an order was cancelled or refunded). */
    offerFreedSeats: (planId: string) => waitlist.offerFreedSeats(planId),

    /** Refunds a cancelled order's payment in full through the provider, once per order. */
    refundOrder: (order: {
      id: number;
      paymentIntent: string | null;
      amountMinor: number;
      paymentMethod?: string | null;
    }) => refundOrder(box, order),
  };
}
