/**
 * "Pay later" (issue 53), through the payment interface (server/payments/): a waiting-list offer paid later, the
 * pending orders' deadlines (one reminder, then released), the orders whose server stopped before opening them
 * (issue 54), an order's page while it waits, and the organisers marking its money received.
 */
import { ticketReference } from "../../app/lib/tickets/orders";
import { PAYMENT_METHODS, payLaterTerms, type PaymentEvent } from "../payments";
import {
  methodFor,
  methodOf,
  type BoxOfficeContext,
  type MarkPaidRequest,
  type MarkPaidResult,
} from "./box-office-context";
import { money, pendingOrderMail, releasedMail, reminderMail, whenText } from "./mail";
import {
  holdPaidLater,
  laterHoldsWithoutOrder,
  openPendingOrder,
  pendingPastDue,
  releasePending,
  remindPending,
} from "./order-life/pending.queries";
import { sell } from "./order-life/sell";
import { orderById, stock, type Hold, type TicketOrder } from "./queries";
import { offerReleased } from "./waitlist/waitlist";

/**
 * A waiting-list offer taken with no card provider (issue 53): its hold becomes an order paid later, kept until
 * the deadline (and the grace after the reminder) instead of the offer's hours; its page's secret.
 */
export async function offerPaidLater(box: BoxOfficeContext, hold: Hold): Promise<string | null> {
  const tickets = await box.plans();
  const plan = tickets.plans[hold.planId];
  // Paid by hand: the method the plan takes that its buyer does not pay online (no card provider here).
  const method = plan ? methodFor(box, plan.methods, "later") : null;
  if (!plan || !method || box.payments[method].online) return null;
  const started = await box.payments[method].start({
    currency: hold.currency,
    lines: [{ name: plan.title, unitAmountMinor: plan.priceMinor, quantity: hold.quantity }],
    email: hold.email,
    metadata: { hold: String(hold.id) },
    successUrl: box.siteUrl(),
    cancelUrl: box.siteUrl(),
  });
  if (started.kind !== "pending") return null;
  const { deadline, instructions } = started.terms;
  const { graceDays } = payLaterTerms(tickets.payLater);
  const kept = await holdPaidLater(box.db, hold.id, new Date(deadline.getTime() + graceDays * 86_400_000));
  if (!kept) return null;
  const opened = await openPendingOrder(box.db, kept, deadline, new Date(box.now()), (order, token) =>
    pendingOrderMail(tickets, box.siteUrl(), order, token, { deadline, instructions }, kept.seats),
  );
  return opened?.token ?? null;
}

/**
 * The "pay later" holds whose order was never opened (their server stopped between the two writes): the order
 * opened now, with its deadline as the hold keeps it, and the buyer mailed how to pay (issue 54). A purchase
 * between its two writes right now is no harm: whichever opens the order first mails the buyer, once.
 */
async function openMissingOrders(box: BoxOfficeContext): Promise<number> {
  const at = new Date(box.now());
  const orphans = await laterHoldsWithoutOrder(box.db);
  if (!orphans.length) return 0;
  const tickets = await box.plans();
  const { graceDays, instructions } = payLaterTerms(tickets.payLater);
  let opened = 0;
  for (const hold of orphans) {
    const deadline = new Date(hold.expiresAt.getTime() - graceDays * 86_400_000);
    const order = await openPendingOrder(box.db, hold, deadline, at, (o, token) =>
      pendingOrderMail(tickets, box.siteUrl(), o, token, { deadline, instructions }, hold.seats),
    );
    if (!order?.created) continue;
    opened++;
    box.log(`tickets: order ${ticketReference(order.order.id)} opened by the sweep (its server stopped mid-purchase)`);
  }
  return opened;
}

/** The pending orders past their deadline: one reminder each, then (unpaid after the grace) released. */
export async function sweepPending(box: BoxOfficeContext): Promise<number> {
  await openMissingOrders(box);
  const at = new Date(box.now());
  const due = await pendingPastDue(box.db, at);
  if (!due.length) return 0;
  // Each order's own provider judges its deadline (only pay later keeps one).
  const events: PaymentEvent[] = [];
  for (const method of PAYMENT_METHODS) {
    const pending = due.filter((o) => methodOf(o) === method);
    if (!pending.length) continue;
    const found = await box.payments[method].events({
      kind: "due",
      now: at.getTime(),
      pending: pending.map((o) => ({ id: o.id, dueAt: o.dueAt ?? at, remindedAt: o.remindedAt })),
    });
    if (!("refused" in found)) events.push(...found);
  }
  const tickets = await box.plans();
  const { instructions } = payLaterTerms(tickets.payLater);
  let changed = 0;
  for (const event of events) {
    if (event.type === "remind") {
      const sent = await remindPending(box.db, event.order, at, event.releaseAt, (order) =>
        reminderMail(tickets, order, event.releaseAt, instructions),
      );
      if (sent) {
        changed++;
        box.log(`tickets: order ${ticketReference(event.order)} reminded (unpaid past its deadline)`);
      }
    } else if (event.type === "lapsed") {
      const released = await releasePending(box.db, event.order, at, (order) =>
        releasedMail(tickets, box.siteUrl(), order),
      );
      if (released) {
        changed++;
        box.log(`tickets: order ${ticketReference(event.order)} released (unpaid)`);
        if (released.hold.status === "released") await offerReleased(box, [released.hold]);
      }
    }
  }
  return changed;
}

/**
 * An organiser received a pending order's money (issue 53): the order becomes paid with the amount and the
 * way it came, its tickets made and mailed once. Marked twice: the first set stands. Released past its
 * deadline: its seats are taken again while free, else nothing is sold and the organiser is told.
 */
export async function markPaid(
  box: BoxOfficeContext,
  orderId: number,
  payment: MarkPaidRequest,
): Promise<MarkPaidResult> {
  const order = await orderById(box.db, orderId);
  if (!order) return { kind: "unknown" };
  if (order.status === "paid") return { kind: "already", order };
  if (order.paymentMethod !== "later" || (order.status !== "pending" && order.status !== "released"))
    return { kind: "not-pending", order };
  const sale = await sell(box, order.holdId, {
    amountMinor: payment.amountMinor,
    method: "later",
    paidBy: payment.paidBy,
    actor: payment.actor,
    // The organiser's audit line in the sale's own transaction (issue 61).
    audit: payment.audit && ((paid) => [payment.audit!(paid, order.status === "released")]),
  });
  if (sale.ok)
    return sale.created
      ? { kind: "paid", order: sale.order, tickets: sale.tickets.length, reheld: order.status === "released" }
      : { kind: "already", order: sale.order };
  if ("noSeat" in sale) {
    const seats = await stock(box.db);
    return { kind: "no-seats", order, left: seats[order.planId]?.left ?? 0 };
  }
  return { kind: "unknown" };
}

/** A pending order's answer on its page: the amount, how to pay and the deadline. */
export async function pendingDetails(box: BoxOfficeContext, order: TicketOrder) {
  const tickets = await box.plans();
  const terms = payLaterTerms(tickets.payLater);
  return {
    amount: money(order.amountMinor, order.currency),
    instructions: terms.instructions,
    deadline: order.dueAt ? whenText(order.dueAt, tickets.timeZone) : null,
  };
}
