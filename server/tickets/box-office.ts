/**
 * The box office (issue 42): what the routes (./routes.ts), the payment providers' events and the sweep ask of
 * it. Plans come from the live build's tickets.json (content), seats from the database (./queries.ts). A paid
 * plan is paid through the payment interface (server/payments/, issue 53): the card provider's hosted checkout,
 * its price and quantity from content, or "pay later" (a pending order that keeps its seats until its deadline,
 * then one reminder, then released; the organisers mark it paid). A free one becomes an order once its address
 * is confirmed by a mailed link (issue 50). The organisers also issue orders by hand. Every order's tickets are
 * signed (./signing.ts) and mailed through the mail outbox in the order's own transaction.
 */
import { BUILD_OUTPUTS, type TicketsData } from "../../app/lib/build-outputs";
import { TICKETS_PATHS, ticketReference } from "../../app/lib/tickets/orders";
import { batched } from "../db/batch";
import type { Database } from "../db/client";
import { queueMail } from "../mail/queries";
import { createPayments, type PaymentEvent, type PaymentMethod } from "../payments";
import { readOutput } from "../publish/outputs";
import { confirmOrderMail, money, pendingOrderMail, releasedMail, reminderMail, ticketMail, whenText } from "./mail";
import { newSecret, secretHash } from "../secret";
import { ipSalt, providerKeyPrefix } from "../db/settings";
import {
  newOrderLink,
  orderById,
  orderOfHold,
  refundedAtProvider,
  stock,
  syncStock,
  type Hold,
  type TicketOrder,
} from "./queries";
import {
  extendHold,
  holdById,
  holdBySession,
  holdMany,
  holdToConfirm,
  releaseExpired,
  releaseHold,
  setCheckoutSessions,
  type CheckoutSession,
  type HoldRequest,
  type HoldResult,
} from "./holds.queries";
import { manualHold, nameTickets } from "./manual.queries";
import {
  holdPaidLater,
  laterHoldsWithoutOrder,
  openPendingOrder,
  pendingPastDue,
  releasePending,
  remindPending,
  replacedPending,
} from "./pending.queries";
import { sellHold, type Payment, type SaleResult } from "./sale.queries";
import { newTicketCode, signTicket, ticketKeys } from "./signing";
import { lazy } from "../lazy";
import { createWaitlist } from "./waitlist/waitlist";
import { offersLapsed } from "./waitlist/queries";
import type { Db } from "../db/client";

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
  /** TICKET_CONFIRM_HOURS: how long a free order's seats wait for its address to be confirmed (default 2). */
  confirmHours?: number;
  /** WAITLIST_OFFER_HOURS: how long a waiting-list offer keeps its seats (default 24). */
  offerHours?: number;
  now?: () => number;
  log?: (line: string) => void;
  logError?: (line: string) => void;
}

export type BuyResult =
  | { kind: "order"; token: string }
  /** A free order held until its address is confirmed by the mailed link (`secret`: that link's, for tests). */
  | { kind: "confirm"; until: Date; secret: string }
  | { kind: "checkout"; url: string }
  /** The client or the address already has seats held: they are released at `until`. */
  | { kind: "capped"; until: Date }
  | { kind: "sold-out"; left: number }
  | { kind: "closed"; message: string }
  | { kind: "too-many"; max: number }
  | { kind: "unknown-plan" }
  | { kind: "key-reused" }
  | { kind: "provider-failed"; contact: string }
  /** A "pay later" order: pending until the organisers mark it paid (`token`: its page's secret). */
  | { kind: "pending"; token: string }
  | { kind: "no-payments" };

export interface BuyRequest {
  plan: string;
  quantity: number;
  name: string;
  email: string;
  phone?: string;
  idempotencyKey?: string | null;
  /** The client's rate-limit key (its address): its open holds are limited (stored only as a keyed hash). */
  client?: string;
  /** How the buyer chose to pay, when the plan offers a choice (default: the card when it is ready). */
  method?: PaymentMethod;
}

/** An order an organiser issues by hand (issue 53). */
export interface ManualOrderRequest {
  plan: string;
  quantity: number;
  name: string;
  email: string;
  /** The people's names, one a ticket, in order. */
  names: string[];
  /** "complimentary" (free), or "door" (paid at the door: `amountMinor`). */
  kind: "complimentary" | "door";
  amountMinor: number;
  /** Past the plan's capacity only with a reason (audited by the caller). */
  overrideReason?: string;
  actor: string;
}

export type ManualOrderResult =
  | { kind: "order"; order: TicketOrder; tickets: number }
  | { kind: "over-capacity"; left: number }
  | { kind: "unknown-plan" };

export type MarkPaidResult =
  | { kind: "paid"; order: TicketOrder; tickets: number; reheld: boolean }
  /** Marked paid before: its one set of tickets went out then. */
  | { kind: "already"; order: TicketOrder }
  /** Released past its deadline and its seats taken meanwhile: nothing sold. */
  | { kind: "no-seats"; order: TicketOrder; left: number }
  /** Not an order waiting for money (cancelled, refunded, or paid by card). */
  | { kind: "not-pending"; order: TicketOrder }
  | { kind: "unknown" };

/** Where the buyer is sent to pay: this site's address, which extends the hold, then the provider's page. */
export const payPath = (sessionId: string) => TICKETS_PATHS.pay.replace(":sessionId", encodeURIComponent(sessionId));

/** How long after a payment its buyer's return from the provider's page opens the order's page. */
const RETURN_LINK_MS = 60 * 60_000;

/** Today's date in the event's time zone, YYYY-MM-DD. */
const today = (timeZone: string, now: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

export type BoxOffice = ReturnType<typeof createBoxOffice>;

export function createBoxOffice(options: BoxOfficeOptions) {
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const holdMinutes = options.holdMinutes ?? 30;
  const firstHoldMinutes = Math.min(options.firstHoldMinutes ?? 10, holdMinutes);
  const openLimit = options.openHolds ?? 1;
  const confirmHours = options.confirmHours ?? 2;
  const log = options.log ?? ((line: string) => console.log(line));
  const logError = options.logError ?? ((line: string) => console.error(line));
  const data = readOutput(BUILD_OUTPUTS.tickets, options.buildDir);
  // Every way to pay, behind one interface (server/payments/): the card provider and "pay later".
  const providers = createPayments({
    card: { ...options.stripe, siteUrl: options.siteUrl, log, logError },
    payLater: async () => (await plans()).payLater,
    now,
  });
  /** Whether the card provider takes payments here. */
  const payments = providers.card.ready;
  const signing = lazy(() => ticketKeys(db));

  // A rush of buyers shares each write to disk: the holds, and then their checkout sessions, in batches.
  const takeSeats = batched((requests: HoldRequest[]) => holdMany(db, requests, new Date(now())));
  /** The card provider's idempotency keys start with this database's own random prefix (issue 50). */
  const prefix = lazy(() => providerKeyPrefix(db));
  const providerKey = async (key: string) => `${await prefix()}-${key}`;
  /** A client's address as the holds keep it: hashed with the site's salt (as the forms' limits do), never in clear. */
  const salt = lazy(() => ipSalt(db));
  const clientHash = async (client: string) => secretHash(`${await salt()}:${client}`);
  const recordCheckout = batched(async (sessions: CheckoutSession[]) => {
    await setCheckoutSessions(db, sessions);
    return sessions;
  });

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

  const siteUrl = () => (options.siteUrl ?? "").replace(/\/+$/, "");

  async function sell(holdId: number, payment: Payment) {
    const [tickets, signer] = await Promise.all([plans(), signing()]);
    const result = await sellHold(
      db,
      holdId,
      { ...payment, at: payment.at ?? new Date(now()) },
      (planId) => {
        const code = newTicketCode();
        return { code, payload: signTicket(signer, { event: tickets.event, plan: planId, code }) };
      },
      (order, made, token) => ticketMail(tickets, siteUrl(), order, made, { token }),
    );
    if (result.ok && result.created) {
      await waitlist.sold(result.order.holdId);
      log(`tickets: order ${ticketReference(result.order.id)} (${result.tickets.length} tickets)`);
    }
    return result;
  }

  /** A paid checkout: its hold sold, or (its seats taken meanwhile) its payment refunded. */
  async function settle(holdId: number, paid: Extract<PaymentEvent, { type: "paid" }>): Promise<void> {
    const sale: SaleResult = await sell(holdId, {
      paymentIntent: paid.payment,
      amountMinor: paid.amountMinor ?? undefined,
      method: "card",
    });
    if (!sale.ok && "noSeat" in sale) await refundLate(sale.hold, paid.payment);
  }

  /** A payment whose seats went to someone else: refunded by itself, and the buyer told why. */
  async function refundLate(hold: Hold, paymentIntent: string | null): Promise<void> {
    const tickets = await plans();
    if (paymentIntent && providers.card.ready) {
      const refunded = await providers.card.refund({
        payment: paymentIntent,
        key: await providerKey(`late-hold-${hold.id}`),
      });
      if (refunded === "failed") logError(`tickets: the refund of hold ${hold.id} failed`);
    }
    const plan = tickets.plans[hold.planId]?.title ?? hold.planId;
    const offerHours = options.offerHours ?? 24;
    // An offer from the waiting list is kept for hours, and its place on the list ends when it lapses; a
    // purchase's seats are kept for minutes.
    const hours = offerHours === 1 ? "the hour" : `the ${offerHours} hours`;
    const why = hold.waitlistId
      ? [
          `Your payment for ${plan} arrived after ${hours} we kept the seats offered to you from the waiting list, and by then they had gone to the next person in line. We have refunded the payment in full; it shows on your statement within a few days.`,
          "",
          `When an offer runs out, its place on the waiting list ends too. If you still hope to come, you can join the list again (at the end of the line) on ${siteUrl()}/buy-ticket?plan=${hold.planId}, or write to us and we will tell you what is possible.`,
        ]
      : [
          `Your payment for ${plan} arrived after the ${holdMinutes} minutes we could keep your seats, and by then they had gone to someone else. We have refunded the payment in full; it shows on your statement within a few days.`,
          "",
          `You can join the waiting list on ${siteUrl()}/buy-ticket?plan=${hold.planId}.`,
        ];
    await queueMail(db, {
      to: hold.email,
      subject: "Your payment was refunded: the seats were taken",
      body: ["Hello,", "", ...why, "", `Questions: ${tickets.contact.email}, ${tickets.contact.phone}`].join("\n"),
    });
    log(`tickets: hold ${hold.id} paid after its seats were taken: refunded`);
  }

  /**
   * The provider's hosted checkout of exactly a hold's seats (a purchase, or a waiting-list offer), its price
   * and quantity from content; a hold that has one already answers it again. `cancelPath`: where "back" leads.
   */
  async function checkoutHold(
    hold: Hold,
    cancelPath: string,
  ): Promise<{ url: string; sessionId: string } | { failed: true; contact: string }> {
    const tickets = await plans();
    const contact = `${tickets.contact.email} or ${tickets.contact.phone}`;
    const plan = Object.hasOwn(tickets.plans, hold.planId) ? tickets.plans[hold.planId] : undefined;
    if (hold.checkoutUrl && hold.checkoutSessionId) return { url: hold.checkoutUrl, sessionId: hold.checkoutSessionId };
    if (!plan) return { failed: true, contact };
    const origin = siteUrl();
    const started = await providers.card.start({
      currency: hold.currency,
      lines: [
        {
          name: `${plan.title} (${tickets.calendar.title})`,
          unitAmountMinor: plan.priceMinor,
          quantity: hold.quantity,
        },
      ],
      email: hold.email,
      reference: `hold-${hold.id}`,
      metadata: { hold: String(hold.id) },
      // The provider keeps a session open 30 minutes at least; a shorter hold is released by the sweep first.
      expiresAt: hold.expiresAt,
      successUrl: `${origin}/tickets/?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}${cancelPath}`,
      idempotencyKey: await providerKey(`hold-${hold.id}`),
    });
    if (started.kind !== "redirect") {
      logError(
        `tickets: the payment provider could not start a checkout: ${started.kind === "failed" ? started.detail : started.kind}`,
      );
      return { failed: true, contact };
    }
    await recordCheckout({ holdId: hold.id, sessionId: started.id, url: started.url });
    return { url: started.url, sessionId: started.id };
  }

  /** The waiting list (./waitlist/): freed seats are offered to it as holds of their own. */
  const waitlist = createWaitlist({
    db,
    now,
    plans,
    siteUrl,
    offerHours: options.offerHours ?? 24,
    payments,
    sell: (holdId) => sell(holdId, {}),
    checkout: checkoutHold,
    payLater: offerPaidLater,
    log,
  });

  /**
   * How a paid plan is paid: the buyer's choice when the plan takes it, else the card when it is ready and the
   * plan takes it, else "pay later" when the plan takes it; null: no way here (a plan that takes only cards).
   */
  function methodFor(accepted: PaymentMethod[] | undefined, asked: PaymentMethod | undefined): PaymentMethod | null {
    const usable = (accepted ?? ["card", "later"]).filter((m) => m !== "card" || providers.card.ready);
    if (asked && usable.includes(asked)) return asked;
    return usable.includes("card") ? "card" : usable.includes("later") ? "later" : null;
  }

  /**
   * "Pay later" (issue 53): the seats held until the deadline (PENDING_ORDER_DAYS from content) and the grace
   * after the reminder, a pending order with its reference and page at once, and the buyer's mail with how to pay.
   */
  async function buyLater(request: BuyRequest, tickets: TicketsData, amountMinor: number): Promise<BuyResult> {
    const plan = tickets.plans[request.plan]!;
    const started = await providers.later.start({
      currency: tickets.currency.toLowerCase(),
      lines: [{ name: plan.title, unitAmountMinor: plan.priceMinor, quantity: request.quantity }],
      email: request.email,
      metadata: { plan: request.plan },
      successUrl: siteUrl(),
      cancelUrl: siteUrl(),
    });
    if (started.kind !== "pending") return { kind: "no-payments" };
    const { deadline, instructions } = started.terms;
    const { graceDays } = await providers.later.terms();
    const held: HoldResult = await takeSeats({
      planId: request.plan,
      quantity: request.quantity,
      seats: request.quantity * plan.people,
      email: request.email,
      name: request.name,
      phone: request.phone ?? null,
      amountMinor,
      currency: tickets.currency.toLowerCase(),
      idempotencyKey: request.idempotencyKey ?? null,
      // Counted as open (one at a time per buyer) until it would be released at the latest.
      expiresAt: new Date(deadline.getTime() + graceDays * 86_400_000),
      clientHash: request.client ? await clientHash(request.client) : null,
      openLimit,
      paymentMethod: "later",
    });
    if (!held.ok)
      return "soldOut" in held
        ? { kind: "sold-out", left: held.left }
        : "capped" in held
          ? { kind: "capped", until: held.until }
          : { kind: "key-reused" };
    if (held.replaced?.length) await releasedHolds(held.replaced);
    const { hold } = held;
    const opened = await openPendingOrder(db, hold, deadline, new Date(now()), (order, token) =>
      pendingOrderMail(tickets, siteUrl(), order, token, { deadline, instructions }, hold.seats),
    );
    if (opened.created) {
      log(`tickets: order ${ticketReference(opened.order.id)} pending (pay later, ${hold.seats} seats)`);
    }
    return { kind: "pending", token: opened.token };
  }

  /**
   * A waiting-list offer taken with no card provider (issue 53): its hold becomes an order paid later, kept until
   * the deadline (and the grace after the reminder) instead of the offer's hours; its page's secret.
   */
  async function offerPaidLater(hold: Hold): Promise<string | null> {
    const tickets = await plans();
    const plan = tickets.plans[hold.planId];
    if (!plan || methodFor(plan.methods, "later") !== "later") return null;
    const started = await providers.later.start({
      currency: hold.currency,
      lines: [{ name: plan.title, unitAmountMinor: plan.priceMinor, quantity: hold.quantity }],
      email: hold.email,
      metadata: { hold: String(hold.id) },
      successUrl: siteUrl(),
      cancelUrl: siteUrl(),
    });
    if (started.kind !== "pending") return null;
    const { deadline, instructions } = started.terms;
    const { graceDays } = await providers.later.terms();
    const kept = await holdPaidLater(db, hold.id, new Date(deadline.getTime() + graceDays * 86_400_000));
    if (!kept) return null;
    const opened = await openPendingOrder(db, kept, deadline, new Date(now()), (order, token) =>
      pendingOrderMail(tickets, siteUrl(), order, token, { deadline, instructions }, kept.seats),
    );
    return opened.token;
  }

  /** Holds given back: a pending order among them is released too (its buyer replaced it), then the waiting list. */
  async function releasedHolds(holds: Hold[]): Promise<void> {
    for (const h of holds) {
      if (h.paymentMethod !== "later") continue;
      await replacedPending(db, h.id, new Date(now()));
    }
    await waitlist.released(holds);
  }

  /**
   * The "pay later" holds whose order was never opened (their server stopped between the two writes): the order
   * opened now, with its deadline as the hold keeps it, and the buyer mailed how to pay (issue 54). A purchase
   * between its two writes right now is no harm: whichever opens the order first mails the buyer, once.
   */
  async function openMissingOrders(): Promise<number> {
    const at = new Date(now());
    const orphans = await laterHoldsWithoutOrder(db);
    if (!orphans.length) return 0;
    const tickets = await plans();
    const { graceDays, instructions } = await providers.later.terms();
    let opened = 0;
    for (const hold of orphans) {
      const deadline = new Date(hold.expiresAt.getTime() - graceDays * 86_400_000);
      const order = await openPendingOrder(db, hold, deadline, at, (o, token) =>
        pendingOrderMail(tickets, siteUrl(), o, token, { deadline, instructions }, hold.seats),
      );
      if (!order.created) continue;
      opened++;
      log(`tickets: order ${ticketReference(order.order.id)} opened by the sweep (its server stopped mid-purchase)`);
    }
    return opened;
  }

  /** The pending orders past their deadline: one reminder each, then (unpaid after the grace) released. */
  async function sweepPending(): Promise<number> {
    await openMissingOrders();
    const at = new Date(now());
    const due = await pendingPastDue(db, at);
    if (!due.length) return 0;
    const events = await providers.later.events({
      kind: "due",
      now: at.getTime(),
      pending: due.map((o) => ({ id: o.id, dueAt: o.dueAt ?? at, remindedAt: o.remindedAt })),
    });
    if ("refused" in events) return 0;
    const tickets = await plans();
    const { instructions } = await providers.later.terms();
    let changed = 0;
    for (const event of events) {
      if (event.type === "remind") {
        const sent = await remindPending(db, event.order, at, event.releaseAt, (order) =>
          reminderMail(tickets, order, event.releaseAt, instructions),
        );
        if (sent) {
          changed++;
          log(`tickets: order ${ticketReference(event.order)} reminded (unpaid past its deadline)`);
        }
      } else if (event.type === "lapsed") {
        const released = await releasePending(db, event.order, at, (order) => releasedMail(tickets, siteUrl(), order));
        if (released) {
          changed++;
          log(`tickets: order ${ticketReference(event.order)} released (unpaid)`);
          if (released.hold.status === "released") await waitlist.released([released.hold]);
        }
      }
    }
    return changed;
  }

  return {
    /** Whether paid plans are sold online (else they are requests to the organisers). */
    payments,
    plans,
    /** The tickets' key pair: the door's list carries its public key (issue 43). */
    signing,

    async availability() {
      const [tickets, seats] = await Promise.all([plans(), stock(db)]);
      return Object.fromEntries(
        Object.entries(tickets.plans).map(([id, plan]) => {
          const left = seats[id]?.left ?? plan.capacity;
          return [id, { left, soldOut: left < plan.people }];
        }),
      );
    },

    async buy(request: BuyRequest): Promise<BuyResult> {
      const tickets = await plans();
      const plan = Object.hasOwn(tickets.plans, request.plan) ? tickets.plans[request.plan] : undefined;
      if (!plan) return { kind: "unknown-plan" };
      if (request.quantity > plan.maxPerOrder) return { kind: "too-many", max: plan.maxPerOrder };
      const day = today(tickets.timeZone, now());
      if (plan.salesOpen && day < plan.salesOpen)
        return { kind: "closed", message: `Sales for ${plan.title} open on ${plan.salesOpen}.` };
      if (plan.salesClose && day > plan.salesClose)
        return { kind: "closed", message: `Sales for ${plan.title} closed on ${plan.salesClose}.` };
      const amountMinor = plan.priceMinor * request.quantity;
      const method = amountMinor > 0 ? methodFor(plan.methods, request.method) : null;
      if (amountMinor > 0 && !method) return { kind: "no-payments" };
      if (method === "later") return buyLater(request, tickets, amountMinor);

      const free = amountMinor === 0;
      // A free order waits for its address to be confirmed (its seats held meanwhile); a purchase keeps its seats
      // a short while, extended when its buyer reaches the provider's page (pay()).
      const confirm = free ? newSecret() : null;
      const held: HoldResult = await takeSeats({
        planId: request.plan,
        quantity: request.quantity,
        seats: request.quantity * plan.people,
        email: request.email,
        name: request.name,
        phone: request.phone ?? null,
        amountMinor,
        currency: tickets.currency.toLowerCase(),
        idempotencyKey: request.idempotencyKey ?? null,
        expiresAt: new Date(now() + (free ? confirmHours * 3_600_000 : firstHoldMinutes * 60_000)),
        clientHash: request.client ? await clientHash(request.client) : null,
        openLimit,
        confirmHash: confirm && secretHash(confirm),
        paymentMethod: free ? null : "card",
      });
      if (!held.ok)
        return "soldOut" in held
          ? { kind: "sold-out", left: held.left }
          : "capped" in held
            ? { kind: "capped", until: held.until }
            : { kind: "key-reused" };
      const { hold } = held;
      if (held.replaced?.length) await releasedHolds(held.replaced);

      if (free) {
        if (held.duplicate) return { kind: "confirm", until: hold.expiresAt, secret: "" };
        await queueMail(db, confirmOrderMail(tickets, siteUrl(), hold, confirm!, confirmHours));
        return { kind: "confirm", until: hold.expiresAt, secret: confirm! };
      }
      if (hold.checkoutSessionId) return { kind: "checkout", url: payPath(hold.checkoutSessionId) };
      if (held.duplicate) {
        // The first request is still talking to the provider: this one waits for its answer.
        for (let i = 0; i < 50; i++) {
          await new Promise((r) => setTimeout(r, 200));
          const again = await holdById(db, hold.id);
          if (again?.checkoutSessionId) return { kind: "checkout", url: payPath(again.checkoutSessionId) };
          if (again?.status !== "held") break;
        }
      }
      const started = await checkoutHold(hold, `/buy-ticket?plan=${encodeURIComponent(request.plan)}`);
      if ("url" in started) return { kind: "checkout", url: payPath(started.sessionId) };
      await releaseHold(db, hold.id);
      return { kind: "provider-failed", contact: started.contact };
    },

    /**
     * The buyer on their way to the provider's page: the hold's seats are kept TICKET_HOLD_MINUTES from now
     * (a purchase's first hold is shorter, so seats held by someone who never goes to pay come back soon).
     * The provider's page, or null for a checkout this site does not know.
     */
    async pay(sessionId: string): Promise<string | null> {
      const hold = await holdBySession(db, sessionId);
      if (!hold?.checkoutUrl) return null;
      // Kept TICKET_HOLD_MINUTES from the purchase: coming back to this address never stretches it further.
      if (hold.status === "held" && !hold.waitlistId)
        await extendHold(db, hold.id, new Date(hold.createdAt.getTime() + holdMinutes * 60_000));
      return hold.checkoutUrl;
    },

    /**
     * A free order's address confirmed by its mailed link: the order is made (its tickets mailed) and its page's
     * secret answered; "expired" when its seats went to someone else meanwhile; null for an unknown link.
     */
    async confirmFree(
      secret: string,
    ): Promise<{ kind: "order"; token: string } | { kind: "expired" } | { kind: "confirmed" } | null> {
      const hold = await holdToConfirm(db, secret);
      if (!hold) return null;
      // A registration its buyer replaced with another is not theirs to confirm any more.
      if (hold.status === "replaced") return { kind: "expired" };
      const sale = await sell(hold.id, {});
      if (!sale.ok) return { kind: "expired" };
      if (sale.token) return { kind: "order", token: sale.token };
      // Confirmed before: the link opens the order again only for a while (only hashes of its links are kept).
      if (now() - sale.order.createdAt.getTime() > RETURN_LINK_MS) return { kind: "confirmed" };
      return { kind: "order", token: await newOrderLink(db, sale.order.id) };
    },

    /** A payment provider's event about a hold's checkout, or a refund; false when it is not the box office's. */
    async onPaymentEvent(event: PaymentEvent): Promise<boolean> {
      if (event.type === "refunded") {
        // Refunded in full at the provider (its dashboard): the order's tickets stop being valid, its seats go
        // to the waiting list. A partial refund changes nothing here.
        const tickets = await plans();
        const done = await refundedAtProvider(db, event.payment, new Date(now()), (order) => ({
          to: order.email,
          subject: `Your order ${ticketReference(order.id)} was refunded`,
          body: [
            "Hello,",
            "",
            `your payment for order ${ticketReference(order.id)} (${tickets.plans[order.planId]?.title ?? order.planId}) was refunded, so its tickets are no longer valid at the door.`,
            "",
            `Questions: ${tickets.contact.email}, ${tickets.contact.phone}`,
          ].join("\n"),
        }));
        if (!done) return false;
        log(`tickets: order ${ticketReference(done.order.id)} refunded at the provider (${done.seats} seats back)`);
        await waitlist.offerFreedSeats(done.order.planId);
        return true;
      }
      if (event.type !== "paid" && event.type !== "expired") return false;
      const holdId = Number(event.metadata.hold);
      if (!Number.isSafeInteger(holdId) || holdId <= 0) return false;
      const hold = await holdById(db, holdId);
      // A hold we never made (or of another site): acknowledged, nothing done.
      if (!hold || (hold.checkoutSessionId && hold.checkoutSessionId !== event.session)) return true;
      if (event.type === "expired") {
        const released = await releaseHold(db, hold.id);
        if (released) {
          log(`tickets: hold ${hold.id} released (checkout expired)`);
          await waitlist.released([released]);
        }
        return true;
      }
      await settle(hold.id, event);
      return true;
    },

    /** The order of a checkout session, for the buyer's return from the provider (the webhook may come later). */
    async orderOfSession(sessionId: string): Promise<{ token: string } | { pending: true } | { expired: true } | null> {
      const hold = await holdBySession(db, sessionId);
      if (!hold) return null;
      if (hold.status !== "sold" && payments) {
        const found = await providers.card.lookup(sessionId);
        if (found.kind === "paid") await settle(hold.id, found.event);
      }
      const order = await orderOfHold(db, hold.id);
      if (!order) return { pending: true };
      // Only the order's mailed link is kept, as a hash: the buyer back from paying gets a link of their own,
      // within an hour of the payment (a checkout session's id from an old copy of the database opens nothing).
      if (now() - order.createdAt.getTime() > RETURN_LINK_MS) return { expired: true };
      return { token: await newOrderLink(db, order.id) };
    },

    /**
     * Releases the holds whose time is up (offers among them lapse); their seats go to the waiting list. Then the
     * pending orders past their deadline: one reminder, then released (issue 53).
     */
    async sweep(): Promise<Hold[]> {
      // Released, and offers among them lapsed (their entries leave the line), in one transaction.
      const released = await db.transaction(async (tx) => {
        const holds = await releaseExpired(tx as unknown as Db, new Date(now()));
        await offersLapsed(tx as unknown as Db, holds);
        return holds;
      });
      // Then whatever is free goes to the lines: these seats, or those of a sweep that died before offering.
      await waitlist.offerAll();
      await sweepPending();
      return released;
    },

    /** The pending orders' deadlines alone (tests; the sweep runs it too). */
    sweepPending,

    /** How "pay later" is paid now (content): the instructions, days and grace. */
    payLaterTerms: () => providers.later.terms(),

    /**
     * An organiser received a pending order's money (issue 53): the order becomes paid with the amount and the
     * way it came, its tickets made and mailed once. Marked twice: the first set stands. Released past its
     * deadline: its seats are taken again while free, else nothing is sold and the organiser is told.
     */
    async markPaid(
      orderId: number,
      payment: { amountMinor: number; paidBy: string; actor: string },
    ): Promise<MarkPaidResult> {
      const order = await orderById(db, orderId);
      if (!order) return { kind: "unknown" };
      if (order.status === "paid") return { kind: "already", order };
      if (order.paymentMethod !== "later" || (order.status !== "pending" && order.status !== "released"))
        return { kind: "not-pending", order };
      const sale = await sell(order.holdId, {
        amountMinor: payment.amountMinor,
        method: "later",
        paidBy: payment.paidBy,
        actor: payment.actor,
      });
      if (sale.ok)
        return sale.created
          ? { kind: "paid", order: sale.order, tickets: sale.tickets.length, reheld: order.status === "released" }
          : { kind: "already", order: sale.order };
      if ("noSeat" in sale) {
        const seats = await stock(db);
        return { kind: "no-seats", order, left: seats[order.planId]?.left ?? 0 };
      }
      return { kind: "unknown" };
    },

    /**
     * Tickets issued by hand (issue 53): counted like any other order; past capacity only with a reason. The
     * same signed tickets, mail and door list.
     */
    async manualOrder(request: ManualOrderRequest): Promise<ManualOrderResult> {
      const tickets = await plans();
      const plan = Object.hasOwn(tickets.plans, request.plan) ? tickets.plans[request.plan] : undefined;
      if (!plan) return { kind: "unknown-plan" };
      const amountMinor = request.kind === "complimentary" ? 0 : request.amountMinor;
      const held = await manualHold(
        db,
        {
          planId: request.plan,
          quantity: request.quantity,
          seats: request.quantity * plan.people,
          email: request.email,
          name: request.name,
          amountMinor,
          currency: tickets.currency.toLowerCase(),
          expiresAt: new Date(now() + 3_600_000),
        },
        Boolean(request.overrideReason),
      );
      if (!held.ok) return { kind: "over-capacity", left: held.left };
      const sale = await sell(held.hold.id, {
        amountMinor,
        method: request.kind,
        manual: true,
        actor: request.actor,
      });
      if (!sale.ok) return { kind: "over-capacity", left: 0 };
      if (request.names.some(Boolean)) await nameTickets(db, sale.order.id, request.names);
      log(
        `tickets: order ${ticketReference(sale.order.id)} issued by hand (${request.kind}, ${sale.tickets.length} tickets)`,
      );
      return { kind: "order", order: sale.order, tickets: sale.tickets.length };
    },

    /** A pending order's answer on its page: the amount, how to pay and the deadline. */
    async pendingDetails(order: TicketOrder) {
      const [tickets, terms] = await Promise.all([plans(), providers.later.terms()]);
      return {
        amount: money(order.amountMinor, order.currency),
        instructions: terms.instructions,
        deadline: order.dueAt ? whenText(order.dueAt, tickets.timeZone) : null,
      };
    },

    checkoutHold,
    /** The waiting list: join, confirm, an offer's page and its checkout. */
    waitlist,
    /** Offers a plan's free seats to its waiting list (after an order was cancelled or refunded). */
    offerFreedSeats: (planId: string) => waitlist.offerFreedSeats(planId),

    /**
     * Refunds a cancelled order's payment in full through the provider (once per order: the Idempotency-Key
     * is the order's). "none": nothing was paid; "no-provider": refund it by hand.
     */
    async refundOrder(order: {
      id: number;
      paymentIntent: string | null;
      amountMinor: number;
    }): Promise<"requested" | "none" | "no-provider" | "failed"> {
      if (!order.paymentIntent || order.amountMinor === 0) return "none";
      if (!providers.card.ready) return "no-provider";
      const refunded = await providers.card.refund({
        payment: order.paymentIntent,
        key: await providerKey(`cancel-order-${order.id}`),
      });
      if (refunded === "requested") log(`tickets: order ${ticketReference(order.id)} refunded`);
      else logError(`tickets: the refund of order ${ticketReference(order.id)} failed`);
      return refunded === "requested" ? "requested" : refunded === "by-hand" ? "no-provider" : "failed";
    },
  };
}
