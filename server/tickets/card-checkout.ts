/**
 * The card checkout (issue 42), through the payment interface (server/payments/): the provider's hosted checkout
 * of a hold's seats, the buyer on the way there and back, the provider's events (paid, expired, refunded at its
 * dashboard), and refunds. A payment that arrives after its seats went to someone else is refunded by itself.
 */
import { TICKETS_PATHS, ticketReference } from "../../app/lib/tickets/orders";
import { queueMail } from "../mail/queries";
import type { PaymentEvent } from "../payments";
import { methodOf, RETURN_LINK_MS, type BoxOfficeContext } from "./box-office-context";
import { extendHold, holdById, holdBySession, releaseHold } from "./holds.queries";
import { providerKey } from "./keys";
import { lateRefundMail, refundedMail } from "./mail";
import { newOrderLink, orderOfHold, refundedAtProvider, type Hold } from "./queries";
import type { SaleResult } from "./order-life/sale.queries";
import { sell } from "./order-life/sell";
import { recordCheckout } from "./seats";
import { offerFreedSeats, offerReleased } from "./waitlist/waitlist";

/** Where the buyer is sent to pay: this site's address, which extends the hold, then the provider's page. */
export const payPath = (sessionId: string) => TICKETS_PATHS.pay.replace(":sessionId", encodeURIComponent(sessionId));

/**
 * The provider's hosted checkout of exactly a hold's seats (a purchase, or a waiting-list offer), its price
 * and quantity from content; a hold that has one already answers it again. `cancelPath`: where "back" leads.
 */
export async function checkoutHold(
  box: BoxOfficeContext,
  hold: Hold,
  cancelPath: string,
): Promise<{ url: string; sessionId: string } | { failed: true; contact: string }> {
  const tickets = await box.plans();
  const contact = `${tickets.contact.email} or ${tickets.contact.phone}`;
  const plan = Object.hasOwn(tickets.plans, hold.planId) ? tickets.plans[hold.planId] : undefined;
  if (hold.checkoutUrl && hold.checkoutSessionId) return { url: hold.checkoutUrl, sessionId: hold.checkoutSessionId };
  if (!plan) return { failed: true, contact };
  const origin = box.siteUrl();
  const started = await box.payments[methodOf(hold)].start({
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
    idempotencyKey: await providerKey(box, `hold-${hold.id}`),
  });
  if (started.kind !== "redirect") {
    box.logError(
      `tickets: the payment provider could not start a checkout: ${started.kind === "failed" ? started.detail : started.kind}`,
    );
    return { failed: true, contact };
  }
  await recordCheckout(box, { holdId: hold.id, sessionId: started.id, url: started.url });
  return { url: started.url, sessionId: started.id };
}

/**
 * A purchase's hold on its way to the provider's page: the one checkout of its seats. A request retried while the
 * first is still talking to the provider waits for that answer; a checkout that cannot start gives the seats back.
 */
export async function checkoutPurchase(
  box: BoxOfficeContext,
  hold: Hold,
  duplicate: boolean,
  cancelPath: string,
): Promise<{ kind: "checkout"; url: string } | { kind: "provider-failed"; contact: string }> {
  if (hold.checkoutSessionId) return { kind: "checkout", url: payPath(hold.checkoutSessionId) };
  if (duplicate) {
    // The first request is still talking to the provider: this one waits for its answer.
    for (let i = 0; i < 50; i++) {
      await new Promise((r) => setTimeout(r, 200));
      const again = await holdById(box.db, hold.id);
      if (again?.checkoutSessionId) return { kind: "checkout", url: payPath(again.checkoutSessionId) };
      if (again?.status !== "held") break;
    }
  }
  const started = await checkoutHold(box, hold, cancelPath);
  if ("url" in started) return { kind: "checkout", url: payPath(started.sessionId) };
  await releaseHold(box.db, hold.id);
  return { kind: "provider-failed", contact: started.contact };
}

/**
 * The buyer on their way to the provider's page: the hold's seats are kept TICKET_HOLD_MINUTES from now
 * (a purchase's first hold is shorter, so seats held by someone who never goes to pay come back soon).
 * The provider's page, or null for a checkout this site does not know.
 */
export async function pay(box: BoxOfficeContext, sessionId: string): Promise<string | null> {
  const hold = await holdBySession(box.db, sessionId);
  if (!hold?.checkoutUrl) return null;
  // Kept TICKET_HOLD_MINUTES from the purchase: coming back to this address never stretches it further.
  if (hold.status === "held" && !hold.waitlistId)
    await extendHold(box.db, hold.id, new Date(hold.createdAt.getTime() + box.holdMinutes * 60_000));
  return hold.checkoutUrl;
}

/** A paid checkout: its hold sold, or (its seats taken meanwhile) its payment refunded. */
async function settle(
  box: BoxOfficeContext,
  holdId: number,
  paid: Extract<PaymentEvent, { type: "paid" }>,
): Promise<void> {
  const sale: SaleResult = await sell(box, holdId, {
    paymentIntent: paid.payment,
    amountMinor: paid.amountMinor ?? undefined,
    method: "card",
  });
  if (!sale.ok && "noSeat" in sale) await refundLate(box, sale.hold, paid.payment);
}

/** A payment whose seats went to someone else: refunded by itself, and the buyer told why. */
async function refundLate(box: BoxOfficeContext, hold: Hold, paymentIntent: string | null): Promise<void> {
  const tickets = await box.plans();
  const provider = box.payments[methodOf(hold)];
  if (paymentIntent && provider.ready) {
    const refunded = await provider.refund({
      payment: paymentIntent,
      key: await providerKey(box, `late-hold-${hold.id}`),
    });
    if (refunded === "failed") box.logError(`tickets: the refund of hold ${hold.id} failed`);
  }
  await queueMail(
    box.db,
    lateRefundMail(tickets, box.siteUrl(), hold, { holdMinutes: box.holdMinutes, offerHours: box.offerHours }),
  );
  box.log(`tickets: hold ${hold.id} paid after its seats were taken: refunded`);
}

/** A payment provider's event about a hold's checkout, or a refund; false when it is not the box office's. */
export async function onPaymentEvent(box: BoxOfficeContext, event: PaymentEvent): Promise<boolean> {
  if (event.type === "refunded") {
    // Refunded in full at the provider (its dashboard): the order's tickets stop being valid, its seats go
    // to the waiting list. A partial refund changes nothing here.
    const tickets = await box.plans();
    const done = await refundedAtProvider(box.db, event.payment, new Date(box.now()), (order) =>
      refundedMail(tickets, order),
    );
    if (!done) return false;
    box.log(`tickets: order ${ticketReference(done.order.id)} refunded at the provider (${done.seats} seats back)`);
    await offerFreedSeats(box, done.order.planId);
    return true;
  }
  if (event.type !== "paid" && event.type !== "expired") return false;
  const holdId = Number(event.metadata.hold);
  if (!Number.isSafeInteger(holdId) || holdId <= 0) return false;
  const hold = await holdById(box.db, holdId);
  // A hold we never made (or of another site): acknowledged, nothing done.
  if (!hold || (hold.checkoutSessionId && hold.checkoutSessionId !== event.session)) return true;
  if (event.type === "expired") {
    const released = await releaseHold(box.db, hold.id);
    if (released) {
      box.log(`tickets: hold ${hold.id} released (checkout expired)`);
      await offerReleased(box, [released]);
    }
    return true;
  }
  await settle(box, hold.id, event);
  return true;
}

/** The order of a checkout session, for the buyer's return from the provider (the webhook may come later). */
export async function orderOfSession(
  box: BoxOfficeContext,
  sessionId: string,
): Promise<{ token: string } | { pending: true } | { expired: true } | null> {
  const hold = await holdBySession(box.db, sessionId);
  if (!hold) return null;
  const provider = box.payments[methodOf(hold)];
  if (hold.status !== "sold" && provider.ready) {
    const found = await provider.lookup(sessionId);
    if (found.kind === "paid") await settle(box, hold.id, found.event);
  }
  const order = await orderOfHold(box.db, hold.id);
  if (!order) return { pending: true };
  // Only the order's mailed link is kept, as a hash: the buyer back from paying gets a link of their own,
  // within an hour of the payment (a checkout session's id from an old copy of the database opens nothing).
  if (box.now() - order.createdAt.getTime() > RETURN_LINK_MS) return { expired: true };
  return { token: await newOrderLink(box.db, order.id) };
}

/**
 * Refunds a cancelled order's payment in full through the provider (once per order: the Idempotency-Key
 * is the order's). "none": nothing was paid; "no-provider": refund it by hand.
 */
export async function refundOrder(
  box: BoxOfficeContext,
  order: { id: number; paymentIntent: string | null; amountMinor: number; paymentMethod?: string | null },
): Promise<"requested" | "none" | "no-provider" | "failed"> {
  if (!order.paymentIntent || order.amountMinor === 0) return "none";
  const provider = box.payments[methodOf({ paymentMethod: order.paymentMethod ?? null })];
  if (!provider.ready) return "no-provider";
  const refunded = await provider.refund({
    payment: order.paymentIntent,
    key: await providerKey(box, `cancel-order-${order.id}`),
  });
  if (refunded === "requested") box.log(`tickets: order ${ticketReference(order.id)} refunded`);
  else box.logError(`tickets: the refund of order ${ticketReference(order.id)} failed`);
  return refunded === "requested" ? "requested" : refunded === "by-hand" ? "no-provider" : "failed";
}
