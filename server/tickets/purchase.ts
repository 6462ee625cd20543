/**
 * A purchase on /buy-ticket (issue 42): the plan and its sales dates checked, the seats held, then by the plan's
 * price and the way chosen: a free order waits for its address to be confirmed by a mailed link (issue 50), a
 * paid one goes to the card checkout (./card-checkout.ts) or becomes a pending order paid later (issue 53).
 */
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { queueMail } from "../mail/queries";
import { payLaterTerms, type PaymentMethod } from "../payments";
import { newSecret, secretHash } from "../secret";
import {
  methodFor,
  RETURN_LINK_MS,
  type BoxOfficeContext,
  type BuyRequest,
  type BuyResult,
} from "./box-office-context";
import { checkoutPurchase } from "./card-checkout";
import { holdToConfirm, type HoldRequest, type HoldResult } from "./holds.queries";
import { confirmOrderMail, pendingOrderMail } from "./mail";
import { openPendingOrder } from "./pending.queries";
import { newOrderLink } from "./queries";

type Plan = TicketsData["plans"][string];

/** Today's date in the event's time zone, YYYY-MM-DD. */
const today = (timeZone: string, now: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);

/** The seats a purchase asks for, kept until `expiresAt`, one open hold at a time per client and address. */
async function holdRequest(
  box: BoxOfficeContext,
  request: BuyRequest,
  plan: Plan,
  tickets: TicketsData,
  amountMinor: number,
  keep: Pick<HoldRequest, "expiresAt" | "paymentMethod"> & Partial<Pick<HoldRequest, "confirmHash">>,
): Promise<HoldRequest> {
  return {
    planId: request.plan,
    quantity: request.quantity,
    seats: request.quantity * plan.people,
    email: request.email,
    name: request.name,
    phone: request.phone ?? null,
    amountMinor,
    currency: tickets.currency.toLowerCase(),
    idempotencyKey: request.idempotencyKey ?? null,
    clientHash: request.client ? await box.clientHash(request.client) : null,
    openLimit: box.openLimit,
    ...keep,
  };
}

/** Why seats were not held, as the buyer is answered. */
const refusal = (held: Extract<HoldResult, { ok: false }>): BuyResult =>
  "soldOut" in held
    ? { kind: "sold-out", left: held.left }
    : "capped" in held
      ? { kind: "capped", until: held.until }
      : { kind: "key-reused" };

export async function buy(box: BoxOfficeContext, request: BuyRequest): Promise<BuyResult> {
  const tickets = await box.plans();
  const plan = Object.hasOwn(tickets.plans, request.plan) ? tickets.plans[request.plan] : undefined;
  if (!plan) return { kind: "unknown-plan" };
  if (request.quantity > plan.maxPerOrder) return { kind: "too-many", max: plan.maxPerOrder };
  const day = today(tickets.timeZone, box.now());
  if (plan.salesOpen && day < plan.salesOpen)
    return { kind: "closed", message: `Sales for ${plan.title} open on ${plan.salesOpen}.` };
  if (plan.salesClose && day > plan.salesClose)
    return { kind: "closed", message: `Sales for ${plan.title} closed on ${plan.salesClose}.` };
  const amountMinor = plan.priceMinor * request.quantity;
  const method = amountMinor > 0 ? methodFor(box, plan.methods, request.method) : null;
  if (amountMinor > 0 && !method) return { kind: "no-payments" };
  // Paid by hand (pay later): an order that waits for its money; else the provider's page (the card).
  if (method && !box.payments[method].online) return buyLater(box, request, tickets, amountMinor, method);

  const free = amountMinor === 0;
  // A free order waits for its address to be confirmed (its seats held meanwhile); a purchase keeps its seats
  // a short while, extended when its buyer reaches the provider's page (pay()).
  const confirm = free ? newSecret() : null;
  const held: HoldResult = await box.takeSeats(
    await holdRequest(box, request, plan, tickets, amountMinor, {
      expiresAt: new Date(box.now() + (free ? box.confirmHours * 3_600_000 : box.firstHoldMinutes * 60_000)),
      confirmHash: confirm && secretHash(confirm),
      paymentMethod: free ? null : method,
    }),
  );
  if (!held.ok) return refusal(held);
  const { hold } = held;
  if (held.replaced?.length) await box.releasedHolds(held.replaced);

  if (free) {
    if (held.duplicate) return { kind: "confirm", until: hold.expiresAt, secret: "" };
    await queueMail(box.db, confirmOrderMail(tickets, box.siteUrl(), hold, confirm!, box.confirmHours));
    return { kind: "confirm", until: hold.expiresAt, secret: confirm! };
  }
  return checkoutPurchase(box, hold, Boolean(held.duplicate), `/buy-ticket?plan=${encodeURIComponent(request.plan)}`);
}

/**
 * "Pay later" (issue 53): the seats held until the deadline (PENDING_ORDER_DAYS from content) and the grace
 * after the reminder, a pending order with its reference and page at once, and the buyer's mail with how to pay.
 */
async function buyLater(
  box: BoxOfficeContext,
  request: BuyRequest,
  tickets: TicketsData,
  amountMinor: number,
  method: PaymentMethod,
): Promise<BuyResult> {
  const plan = tickets.plans[request.plan]!;
  const started = await box.payments[method].start({
    currency: tickets.currency.toLowerCase(),
    lines: [{ name: plan.title, unitAmountMinor: plan.priceMinor, quantity: request.quantity }],
    email: request.email,
    metadata: { plan: request.plan },
    successUrl: box.siteUrl(),
    cancelUrl: box.siteUrl(),
  });
  if (started.kind !== "pending") return { kind: "no-payments" };
  const { deadline, instructions } = started.terms;
  const { graceDays } = payLaterTerms(tickets.payLater);
  const held: HoldResult = await box.takeSeats(
    await holdRequest(box, request, plan, tickets, amountMinor, {
      // Counted as open (one at a time per buyer) until it would be released at the latest.
      expiresAt: new Date(deadline.getTime() + graceDays * 86_400_000),
      paymentMethod: "later",
    }),
  );
  if (!held.ok) return refusal(held);
  if (held.replaced?.length) await box.releasedHolds(held.replaced);
  const { hold } = held;
  const opened = await openPendingOrder(box.db, hold, deadline, new Date(box.now()), (order, token) =>
    pendingOrderMail(tickets, box.siteUrl(), order, token, { deadline, instructions }, hold.seats),
  );
  if (opened.created) {
    box.log(`tickets: order ${ticketReference(opened.order.id)} pending (pay later, ${hold.seats} seats)`);
  }
  return { kind: "pending", token: opened.token };
}

/**
 * A free order's address confirmed by its mailed link: the order is made (its tickets mailed) and its page's
 * secret answered; "expired" when its seats went to someone else meanwhile; null for an unknown link.
 */
export async function confirmFree(
  box: BoxOfficeContext,
  secret: string,
): Promise<{ kind: "order"; token: string } | { kind: "expired" } | { kind: "confirmed" } | null> {
  const hold = await holdToConfirm(box.db, secret);
  if (!hold) return null;
  // A registration its buyer replaced with another is not theirs to confirm any more.
  if (hold.status === "replaced") return { kind: "expired" };
  const sale = await box.sell(hold.id, {});
  if (!sale.ok) return { kind: "expired" };
  if (sale.token) return { kind: "order", token: sale.token };
  // Confirmed before: the link opens the order again only for a while (only hashes of its links are kept).
  if (box.now() - sale.order.createdAt.getTime() > RETURN_LINK_MS) return { kind: "confirmed" };
  return { kind: "order", token: await newOrderLink(box.db, sale.order.id) };
}
