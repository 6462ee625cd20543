/**
 * A purchase on /buy-ticket (issue 42): the plan and its sales dates checked, the seats held, then by the plan's
 * price and the way chosen: a free order waits for its address to be confirmed by a mailed link (issue 50), a
 * paid one goes to the card checkout (./card-checkout.ts) or, paid later (issue 53), waits for its address to be
 * confirmed the same way and only then becomes a pending order with its deadline (issue 61).
 *
 * A mailed confirmation link is the address's one order mail of the day from the public forms
 * (./address-mails.queries.ts): when the address had it already, or already has seats held waiting for its
 * confirmation, nothing is held and nothing mailed, and the buyer is answered exactly as if it had been.
 */
import type { TicketsData } from "../../app/lib/build-outputs";
import { zonedDate } from "../../app/lib/schedule/now";
import { ticketReference } from "../../app/lib/tickets/orders";
import { isPaymentMethod, payLaterTerms, type PaymentMethod } from "../payments";
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
import { addressHash, clientHash } from "./keys";
import { confirmOrderMail, pendingOrderMail } from "./mail";
import { openPendingOrder } from "./order-life/pending.queries";
import { sell } from "./order-life/sell";
import { newOrderLink, orderOfHold, type Hold } from "./queries";
import { releasedHolds, takeSeats } from "./seats";

type Plan = TicketsData["plans"][string];

/** The seats a purchase asks for, kept until `expiresAt`, one open hold at a time per client and address. */
async function holdRequest(
  box: BoxOfficeContext,
  request: BuyRequest,
  plan: Plan,
  tickets: TicketsData,
  amountMinor: number,
  keep: Pick<HoldRequest, "expiresAt" | "paymentMethod"> & Partial<Pick<HoldRequest, "confirmHash" | "mail">>,
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
    clientHash: request.client ? await clientHash(box, request.client) : null,
    openLimit: box.openLimit,
    ...keep,
  };
}

/**
 * Why seats were not held, as the buyer is answered. The address's state (seats held for it, its mail of the
 * day sent) is answered as the confirmation mail would be (`mailed`): the same words whatever the address.
 */
const refusal = (held: Extract<HoldResult, { ok: false }>, mailed: BuyResult): BuyResult =>
  "soldOut" in held
    ? { kind: "sold-out", left: held.left }
    : "unmailed" in held
      ? mailed
      : "capped" in held
        ? held.by === "address"
          ? mailed
          : { kind: "capped", until: held.until }
        : { kind: "key-reused" };

export async function buy(box: BoxOfficeContext, request: BuyRequest): Promise<BuyResult> {
  const tickets = await box.plans();
  const plan = Object.hasOwn(tickets.plans, request.plan) ? tickets.plans[request.plan] : undefined;
  if (!plan) return { kind: "unknown-plan" };
  if (request.quantity > plan.maxPerOrder) return { kind: "too-many", max: plan.maxPerOrder };
  const day = zonedDate(box.now(), tickets.timeZone);
  if (plan.salesOpen && day < plan.salesOpen)
    return { kind: "closed", message: `Sales for ${plan.title} open on ${plan.salesOpen}.` };
  if (plan.salesClose && day > plan.salesClose)
    return { kind: "closed", message: `Sales for ${plan.title} closed on ${plan.salesClose}.` };
  const amountMinor = plan.priceMinor * request.quantity;
  const method = amountMinor > 0 ? methodFor(box, plan.methods, request.method) : null;
  if (amountMinor > 0 && !method) return { kind: "no-payments" };
  // A free order, and one paid later, wait for their address to be confirmed (their seats held meanwhile, the
  // link mailed with the hold); a card purchase keeps its seats a short while, extended when its buyer reaches
  // the provider's page (pay()).
  const byHand = method !== null && !box.payments[method].online;
  const confirms = amountMinor === 0 || byHand;
  const confirm = confirms ? newSecret() : null;
  const expiresAt = new Date(box.now() + (confirms ? box.confirmHours * 3_600_000 : box.firstHoldMinutes * 60_000));
  const asked = await holdRequest(box, request, plan, tickets, amountMinor, {
    expiresAt,
    confirmHash: confirm && secretHash(confirm),
    paymentMethod: amountMinor === 0 ? null : method,
  });
  if (confirm)
    asked.mail = {
      addressHash: await addressHash(box, request.email),
      draft: confirmOrderMail(tickets, box.siteUrl(), asked, confirm, box.confirmHours, byHand),
    };
  // What the buyer is told once the link is mailed, and told alike when it is not (see above).
  const mailed: BuyResult = { kind: "confirm", until: expiresAt, secret: "", payLater: byHand };
  const held: HoldResult = await takeSeats(box, asked);
  if (!held.ok) return refusal(held, mailed);
  const { hold } = held;
  if (held.replaced?.length) await releasedHolds(box, held.replaced);

  if (confirm) return held.duplicate ? mailed : { ...mailed, until: hold.expiresAt, secret: confirm };
  return checkoutPurchase(box, hold, Boolean(held.duplicate), `/buy-ticket?plan=${encodeURIComponent(request.plan)}`);
}

/**
 * An order's address confirmed by its mailed link: a free one is made (its tickets mailed), one paid later opens
 * pending with its deadline (confirmLater); its page's secret answered; "expired" when its seats went to someone
 * else meanwhile; null for an unknown link.
 */
export async function confirmFree(
  box: BoxOfficeContext,
  secret: string,
): Promise<{ kind: "order"; token: string } | { kind: "expired" } | { kind: "confirmed"; payLater?: boolean } | null> {
  const hold = await holdToConfirm(box.db, secret);
  if (!hold) return null;
  // A registration its buyer replaced with another is not theirs to confirm any more.
  if (hold.status === "replaced") return { kind: "expired" };
  if (hold.paymentMethod && isPaymentMethod(hold.paymentMethod) && !box.payments[hold.paymentMethod].online)
    return confirmLater(box, hold, hold.paymentMethod);
  const sale = await sell(box, hold.id, {});
  if (!sale.ok) return { kind: "expired" };
  if (sale.token) return { kind: "order", token: sale.token };
  // Confirmed before: the link opens the order again only for a while (only hashes of its links are kept).
  if (box.now() - sale.order.createdAt.getTime() > RETURN_LINK_MS) return { kind: "confirmed" };
  return { kind: "order", token: await newOrderLink(box.db, sale.order.id) };
}

/**
 * A "pay later" order's address confirmed (issue 61): only now does it open pending, with its deadline from today
 * (PENDING_ORDER_DAYS from content) and its seats kept until then and the grace after the reminder, and the
 * buyer mailed how to pay, in one transaction. Past its confirmation window its seats went back: "expired".
 */
async function confirmLater(
  box: BoxOfficeContext,
  hold: Hold,
  method: PaymentMethod,
): Promise<{ kind: "order"; token: string } | { kind: "expired" } | { kind: "confirmed"; payLater: true }> {
  const before = await orderOfHold(box.db, hold.id);
  if (before) {
    // Confirmed before: the link opens the order again only for a while (only hashes of its links are kept).
    if (box.now() - before.createdAt.getTime() > RETURN_LINK_MS) return { kind: "confirmed", payLater: true };
    return { kind: "order", token: await newOrderLink(box.db, before.id) };
  }
  const at = new Date(box.now());
  if (hold.status !== "held" || hold.expiresAt <= at) return { kind: "expired" };
  const tickets = await box.plans();
  const plan = tickets.plans[hold.planId];
  const started = await box.payments[method].start({
    currency: hold.currency,
    lines: [{ name: plan?.title ?? hold.planId, unitAmountMinor: plan?.priceMinor ?? 0, quantity: hold.quantity }],
    email: hold.email,
    metadata: { hold: String(hold.id) },
    successUrl: box.siteUrl(),
    cancelUrl: box.siteUrl(),
  });
  if (started.kind !== "pending") return { kind: "expired" };
  const { deadline, instructions } = started.terms;
  const { graceDays } = payLaterTerms(tickets.payLater);
  const opened = await openPendingOrder(
    box.db,
    hold,
    deadline,
    at,
    (order, token) => pendingOrderMail(tickets, box.siteUrl(), order, token, { deadline, instructions }, hold.seats),
    new Date(deadline.getTime() + graceDays * 86_400_000),
  );
  if (!opened) return { kind: "expired" };
  if (opened.created)
    box.log(`tickets: order ${ticketReference(opened.order.id)} pending (pay later, ${hold.seats} seats)`);
  return { kind: "order", token: opened.token };
}
