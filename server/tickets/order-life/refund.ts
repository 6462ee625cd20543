/**
 * The refund a cancel owes (issue 54): asked of the payment provider and audited, by the route that cancelled
 * (at once) or by the "refund" job its transaction added (a minute later, should that server have died first).
 * Both may run: the provider keeps one refund per order (its Idempotency-Key), and the audit records the refund
 * done once. A failed call throws in the job, which is tried again with backoff.
 */
import { ticketReference } from "../../../app/lib/tickets/orders";
import type { Db } from "../../db/client";
import { removeJob } from "../../jobs";
import type { BoxOffice } from "../box-office";
import { refundOrder } from "../card-checkout";
import { orderById } from "../queries";
import { audit } from "../../admin/audit/queries";
import { refundJobKey, refundRecorded } from "./moves.queries";

export type RefundResult = Awaited<ReturnType<typeof refundOrder>>;

export async function refundCancelled(
  deps: { db: Db; box: BoxOffice },
  orderId: number,
  who: { adminId: number | null; actor: string | null },
): Promise<RefundResult | null> {
  const { db, box } = deps;
  const order = await orderById(db, orderId);
  if (!order || order.status !== "cancelled") return null;
  const target = ticketReference(order.id);
  const refund = await refundOrder(box.context, order);
  if (refund !== "none" && !(await refundRecorded(db, target)))
    await audit(db, {
      adminId: who.adminId,
      actor: who.actor,
      action: "ticket-refund",
      target,
      detail: { result: refund, paymentIntent: order.paymentIntent, amountMinor: order.amountMinor },
    });
  if (refund !== "failed") await removeJob(db, refundJobKey(order.id));
  return refund;
}

/** The "refund" job: what the route would have done; a failed call is tried again. */
export function refundJob(deps: { db: Db; box: BoxOffice }) {
  return async (payload: Record<string, unknown>) => {
    const refund = await refundCancelled(deps, Number(payload.orderId), {
      adminId: typeof payload.adminId === "number" ? payload.adminId : null,
      actor: typeof payload.actor === "string" ? payload.actor : null,
    });
    if (refund === "failed") throw new Error(`the refund of order ${Number(payload.orderId)} failed`);
  };
}
