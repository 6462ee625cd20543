/**
 * The organisers' moves on one order (issue 61), under `/api/admin/box-office/orders/:id` (Origin and session
 * checked before any body is read: ../admin/routes.ts); each answers `{ reference, state, message }` with the
 * outcome in plain words, also when it was done before (409):
 *
 * - `POST …/cancel`: any order, pending or paid (./order-life/ cancelOrder), then a card payment's refund asked
 *   of the provider and the freed seats offered to the waiting list.
 * - `POST …/release`: a pending order's seats back before its deadline, the buyer told not to pay.
 * - `POST …/refund` `{ amountMinor, method }`: money paid by hand given back, recorded.
 * - `POST …/resend`: a paid order's ticket mail again, with a new link to its page.
 *
 * Marking paid is `POST …/paid` (./admin-routes.ts). Every change is audited.
 */
import type { Context, Hono } from "hono";
import { parseId } from "../../app/forms/admin";
import { boxOfficeMoves, type OrderMoveAnswer, type OrderMoves } from "../../app/api/admin/box-office";
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { notFound, serve, type AdminEnv, type AdminOptions } from "../admin";
import { refundCancelled } from "./order-life/refund";
import { ticketMail } from "./mail";
import { offerFreedSeats } from "./waitlist/waitlist";
import { cancelMail, isRefundMethod, releaseMail, said, stateOf } from "./order-life/life";
import { cancelOrder, recordRefund, releaseOrder, resendTicketMail } from "./order-life/moves.queries";
import { newOrderLink, orderById, ticketsOfOrder, type TicketOrder } from "./queries";

export function registerOrderMoves(
  admin: Hono<AdminEnv>,
  options: AdminOptions,
  moves: OrderMoves = boxOfficeMoves,
): void {
  const { db } = options.database;
  const box = options.boxOffice;
  const now = options.now ?? Date.now;
  const siteUrl = (options.siteUrl ?? "").replace(/\/+$/, "");
  const plansData = async (): Promise<TicketsData | null> => (box ? box.plans().catch(() => null) : null);
  const noBox = (c: Context) => c.json({ error: "The box office is not running on this server." }, 503);
  const organiser = (c: Context<AdminEnv>) => {
    const who = c.get("admin");
    return { adminId: who.id, actor: who.email };
  };
  const answer = (c: Context, order: TicketOrder, message: string, status: 200 | 409 = 200, extra = {}) =>
    c.json(
      { reference: ticketReference(order.id), state: stateOf(order), message, ...extra } satisfies OrderMoveAnswer,
      status,
    );

  serve(admin, moves.cancel, async (c, { params }) => {
    if (!box) return noBox(c);
    const id = parseId(params.id);
    if (id === null) return notFound(c, "There is no such order.");
    const data = await plansData();
    const who = organiser(c);
    const result = await cancelOrder(db, id, new Date(now()), who, (order, seats, was) =>
      cancelMail(data, order, seats, was),
    );
    if (result.kind === "unknown") return notFound(c, "There is no such order.");
    if (result.kind === "released") return answer(c, result.order, said.cancelReleased(result.order), 409);
    if (result.kind === "already") {
      // Asked again: a card refund that failed before is asked for again (the provider keeps one per order).
      const refund = (await refundCancelled({ db, box }, id, who)) ?? "none";
      return answer(c, result.order, said.cancelledBefore(result.order), 409, {
        refund,
        seats: 0,
        offered: 0,
        already: true,
      });
    }
    const refund =
      result.was === "paid" && !result.refundOwed ? ((await refundCancelled({ db, box }, id, who)) ?? "none") : "none";
    const offered = await offerFreedSeats(box.context, result.order.planId);
    return answer(c, result.order, said.cancelled(result, offered.length, refund), 200, {
      refund,
      seats: result.seats,
      offered: offered.length,
      already: false,
    });
  });

  serve(admin, moves.release, async (c, { params }) => {
    if (!box) return noBox(c);
    const id = parseId(params.id);
    if (id === null) return notFound(c, "There is no such order.");
    const data = await plansData();
    const result = await releaseOrder(db, id, new Date(now()), organiser(c), (order, seats) =>
      releaseMail(data, siteUrl, order, seats),
    );
    if (result.kind === "unknown") return notFound(c, "There is no such order.");
    if (result.kind === "already") return answer(c, result.order, said.releasedBefore(result.order), 409);
    if (result.kind === "not-pending") return answer(c, result.order, said.releaseNotPending(result.order), 409);
    const offered = await offerFreedSeats(box.context, result.order.planId);
    return answer(c, result.order, said.released(result, offered.length), 200, {
      seats: result.seats,
      offered: offered.length,
    });
  });

  serve(admin, moves.refund, async (c, { params, body }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, "There is no such order.");
    const amountMinor = body.amountMinor;
    if (!Number.isInteger(amountMinor) || amountMinor < 0 || amountMinor > 1e8)
      return c.json({ error: "Please write the amount given back, like 38.00.", field: "amount" }, 422);
    if (!isRefundMethod(body.method))
      return c.json({ error: "Please choose how the money was given back.", field: "method" }, 422);
    const method = body.method;
    const result = await recordRefund(db, id, new Date(now()), organiser(c), { amountMinor, method });
    if (result.kind === "unknown") return notFound(c, "There is no such order.");
    if (result.kind === "already") return answer(c, result.order, said.refundedBefore(result.order), 409);
    if (result.kind === "not-owed") return answer(c, result.order, said.refundNotOwed(result.order), 409);
    return answer(c, result.order, said.refunded(result.order, amountMinor, method));
  });

  serve(admin, moves.resend, async (c, { params }) => {
    if (!box) return noBox(c);
    const id = parseId(params.id);
    const order = id === null ? undefined : await orderById(db, id);
    if (!order) return notFound(c, "There is no such order.");
    const tickets = await ticketsOfOrder(db, order.id);
    const reference = ticketReference(order.id);
    if (order.status !== "paid")
      return c.json(
        {
          error: `Order ${reference} is not paid (it is ${stateOf(order).replace("-", " ")}): it has no valid tickets, so none were sent.`,
        },
        409,
      );
    const data = await box.plans();
    const who = organiser(c);
    // Only hashes of the order's links are kept: the resent mail carries a new one.
    const token = await newOrderLink(db, order.id);
    await resendTicketMail(db, ticketMail(data, siteUrl, order, tickets, { token }), {
      ...who,
      action: "ticket-resend",
      target: reference,
      detail: { to: order.email, tickets: tickets.length },
    });
    return answer(c, order, `The tickets of ${reference} were sent again to ${order.email}.`, 200, {
      to: order.email,
    });
  });
}
