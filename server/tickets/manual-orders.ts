/**
 * Tickets an organiser issues by hand (issue 53): counted like any other order; past capacity only with a reason.
 * The same signed tickets, mail and door list.
 */
import { ticketReference } from "../../app/lib/tickets/orders";
import type { BoxOfficeContext, ManualOrderRequest, ManualOrderResult } from "./box-office-context";
import { manualHold } from "./manual.queries";
import { sell } from "./order-life/sell";

export async function manualOrder(box: BoxOfficeContext, request: ManualOrderRequest): Promise<ManualOrderResult> {
  const tickets = await box.plans();
  const plan = Object.hasOwn(tickets.plans, request.plan) ? tickets.plans[request.plan] : undefined;
  if (!plan) return { kind: "unknown-plan" };
  const amountMinor = request.kind === "complimentary" ? 0 : request.amountMinor;
  const held = await manualHold(
    box.db,
    {
      planId: request.plan,
      quantity: request.quantity,
      seats: request.quantity * plan.people,
      email: request.email,
      name: request.name,
      amountMinor,
      currency: tickets.currency.toLowerCase(),
      expiresAt: new Date(box.now() + 3_600_000),
    },
    Boolean(request.overrideReason),
  );
  if (!held.ok) return { kind: "over-capacity", left: held.left };
  const sale = await sell(box, held.hold.id, {
    amountMinor,
    method: request.kind,
    manual: true,
    overCapacity: held.over,
    actor: request.actor,
    // The holders' names and the audit lines in the order's own transaction, with its tickets and mail (issue 61).
    names: request.names,
    audit: request.audit && ((order) => request.audit!(order, held.over)),
  });
  if (!sale.ok) return { kind: "over-capacity", left: 0 };
  box.log(
    `tickets: order ${ticketReference(sale.order.id)} issued by hand (${request.kind}, ${sale.tickets.length} tickets)`,
  );
  return { kind: "order", order: sale.order, tickets: sale.tickets.length };
}
