/**
 * A hold sold (issue 64: a plain function over the box office's context): its order, its signed tickets, the
 * buyer's mail and (a waiting-list offer) its entry bought, in one transaction (./sale.queries.ts).
 */
import { ticketReference } from "../../../app/lib/tickets/orders";
import type { BoxOfficeContext } from "../box-office-context";
import { ticketMail } from "../mail";
import { newShortCode, newTicketCode, signTicket } from "../signing";
import { sellHold, type Payment, type SaleResult } from "./sale.queries";

export async function sell(box: BoxOfficeContext, holdId: number, payment: Payment): Promise<SaleResult> {
  const [tickets, signer] = await Promise.all([box.plans(), box.signing()]);
  const result = await sellHold(
    box.db,
    holdId,
    { ...payment, at: payment.at ?? new Date(box.now()) },
    (planId) => {
      const code = newTicketCode();
      const payload = signTicket(signer, { event: tickets.event, plan: planId, code });
      return { code, payload, shortCode: newShortCode() };
    },
    (order, made, token) => ticketMail(tickets, box.siteUrl(), order, made, { token }),
  );
  if (result.ok && result.created)
    box.log(`tickets: order ${ticketReference(result.order.id)} (${result.tickets.length} tickets)`);
  return result;
}
