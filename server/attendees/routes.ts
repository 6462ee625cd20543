/**
 * The organisers' Attendees tab (issue 42, item 5), under `/api/admin` (session and Origin: ../routes.ts):
 *
 * - `GET /attendees/summary`: per plan, people sold, held, left and waiting.
 * - `GET /attendees?q=`: orders by buyer name or e-mail, reference (TNCC-T000042), ticket code or holder.
 * - `GET /attendees/orders/:id`: one order and its tickets.
 * - `POST /attendees/orders/:id/resend`: the ticket mail again, to the buyer.
 * - `POST /attendees/orders/:id/cancel`: the order and its tickets cancelled, the seats back in the stock, a
 *   paid order refunded through the provider, then the freed seats offered to the waiting list; one paid by hand
 *   (later, at the door) owes its money back, said in the answer and kept on the order (issue 61).
 * - `POST /attendees/orders/:id/refund` `{ amount, method }`: that money given back; the order becomes refunded.
 * - `GET /attendees/export`: CSV, one row per ticket, escaped as the inbox's exports are.
 * - `GET /attendees/door`: the door's live figures and the phones reported for too many scans (issue 43).
 *
 * Every change is audited.
 */
import type { Context, Hono } from "hono";
import { parseId } from "../../app/forms/admin";
import { isPaidBy, parseAmount, PAID_BY } from "../../app/lib/admin/box-office";
import type {
  AttendeeOrder,
  AttendeeOrderRow,
  AttendeesSearch,
  AttendeesSummary,
  CancelAnswer,
  DoorOverview,
  RefundAnswer,
} from "../../app/lib/admin/attendees";
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { stamp } from "../../app/lib/door/words";
import type { MailDraft } from "../mail/queries";
import { newOrderLink, stock } from "../tickets/queries";
import { ticketMail } from "../tickets/mail";
import { waitingByPlan } from "../tickets/waitlist/queries";
import type { TicketOrder } from "../tickets/queries";
import { badRequest, jsonBody, notFound, organiserFeature, type AdminEnv, type AdminOptions } from "../admin/context";
import type { ServerContext } from "../context";
import { toCsv } from "../admin/inbox/submissions";
import { doorFigures, doorReports, orderAdmissions } from "../door/queries";
import { planTitles } from "../../app/lib/tickets/plans";
import { refundCancelled } from "./refund";
import {
  allTickets,
  cancelOrder,
  orderWithTickets,
  recordRefund,
  resendTicketMail,
  searchOrders,
  type OrderRow,
} from "./queries";

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;

function cancelMail(data: TicketsData | null, order: TicketOrder, seats: number): MailDraft {
  const plan = data?.plans[order.planId]?.title ?? order.planId;
  const reference = ticketReference(order.id);
  return {
    to: order.email,
    subject: `Your order ${reference} was cancelled`,
    body: [
      "Hello,",
      "",
      `the organisers have cancelled your order ${reference} (${plan}, ${seats === 1 ? "1 ticket" : `${seats} tickets`}): its tickets are no longer valid at the door.`,
      ...(order.amountMinor > 0 && order.paymentIntent
        ? [
            "",
            `Your payment of ${money(order.amountMinor, order.currency)} is refunded in full; it shows on your statement within a few days.`,
          ]
        : order.refundOwedMinor
          ? [
              "",
              `We give you back the ${money(order.refundOwedMinor, order.currency)} you paid; we will be in touch about how.`,
            ]
          : []),
      ...(data ? ["", `Questions: ${data.contact.email}, ${data.contact.phone}`] : []),
    ].join("\n"),
  };
}

export function registerAttendees(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const box = options.boxOffice;
  const now = options.now ?? Date.now;
  const siteUrl = (options.siteUrl ?? "").replace(/\/+$/, "");
  const plansData = async (): Promise<TicketsData | null> => (box ? box.plans().catch(() => null) : null);
  const noBox = (c: Context) => c.json({ error: "The box office is not running on this server." }, 503);

  const rowOf = (data: TicketsData | null, r: OrderRow): AttendeeOrderRow => ({
    id: r.id,
    reference: ticketReference(r.id),
    planId: r.planId,
    plan: data?.plans[r.planId]?.title ?? r.planId,
    name: r.name,
    email: r.email,
    status: r.status as AttendeeOrderRow["status"],
    tickets: r.tickets,
    amountMinor: r.amountMinor,
    currency: r.currency,
    createdAt: r.createdAt.toISOString(),
  });

  admin.get("/attendees/summary", async (c) => {
    const [data, seats, waiting] = await Promise.all([plansData(), stock(db), waitingByPlan(db)]);
    const ids = data ? Object.keys(data.plans) : Object.keys(seats).sort();
    const summary: AttendeesSummary = {
      plans: ids.map((id) => {
        const s = seats[id];
        const capacity = s?.capacity ?? data?.plans[id]?.capacity ?? 0;
        return {
          id,
          title: data?.plans[id]?.title ?? id,
          capacity,
          sold: s?.sold ?? 0,
          held: s?.held ?? 0,
          left: s?.left ?? capacity,
          waiting: waiting[id]?.entries ?? 0,
          waitingSeats: (waiting[id]?.quantity ?? 0) * (data?.plans[id]?.people ?? 1),
        };
      }),
    };
    return c.json(summary);
  });

  admin.get("/attendees/door", async (c) => {
    if (!box) return noBox(c);
    const data = await box.plans();
    const [figures, reports] = await Promise.all([doorFigures(db, data.event, planTitles(data)), doorReports(db)]);
    return c.json({ figures, reports, timeZone: data.timeZone } satisfies DoorOverview);
  });

  admin.get("/attendees", async (c) => {
    const q = c.req.query("q") ?? "";
    if (q.length > 200) return badRequest(c, "Search for at most 200 characters.");
    const [data, rows] = await Promise.all([plansData(), searchOrders(db, q)]);
    return c.json({ q, orders: rows.map((r) => rowOf(data, r)) } satisfies AttendeesSearch);
  });

  const orderOf = async (c: Context) => {
    const id = parseId(c.req.param("id"));
    return id === null ? null : orderWithTickets(db, id);
  };

  admin.get("/attendees/orders/:id", async (c) => {
    const found = await orderOf(c);
    if (!found) return notFound(c, "There is no such order.");
    const { order, tickets } = found;
    const [data, admitted] = await Promise.all([plansData(), orderAdmissions(db, order.id)]);
    const answer: AttendeeOrder = {
      ...rowOf(data, { ...order, tickets: tickets.length }),
      paymentIntent: order.paymentIntent,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
      refundOwed: order.refundOwedMinor ? money(order.refundOwedMinor, order.currency) : null,
      list: tickets.map((t) => ({
        position: t.position,
        code: t.code,
        holderName: t.holderName,
        holderEmail: t.holderEmail,
        status: t.status,
        checkedIn: admitted[t.code] ?? null,
      })),
      ...(data ? { timeZone: data.timeZone } : {}),
    };
    return c.json(answer);
  });

  admin.post("/attendees/orders/:id/resend", async (c) => {
    const found = await orderOf(c);
    if (!found) return notFound(c, "There is no such order.");
    if (!box) return noBox(c);
    const { order, tickets } = found;
    const reference = ticketReference(order.id);
    if (order.status !== "paid")
      return c.json({ error: `Order ${reference} is cancelled: its tickets are not valid, so none were sent.` }, 409);
    const data = await box.plans();
    const who = c.get("admin");
    // Only hashes of the order's links are kept: the resent mail carries a new one.
    const token = await newOrderLink(db, order.id);
    await resendTicketMail(db, ticketMail(data, siteUrl, order, tickets, { token }), {
      adminId: who.id,
      actor: who.email,
      action: "ticket-resend",
      target: reference,
      detail: { to: order.email, tickets: tickets.length },
    });
    return c.json({ reference, to: order.email });
  });

  admin.post("/attendees/orders/:id/cancel", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, "There is no such order.");
    if (!box) return noBox(c);
    const data = await plansData();
    const who = c.get("admin");
    const result = await cancelOrder(
      db,
      id,
      new Date(now()),
      (order, seats) => cancelMail(data, order, seats),
      (order, seats) => ({
        adminId: who.id,
        actor: who.email,
        action: "ticket-cancel",
        target: ticketReference(order.id),
        detail: { plan: order.planId, seats, amountMinor: order.amountMinor, currency: order.currency },
      }),
    );
    if (!result) return notFound(c, "There is no such order.");
    const { order, seats, already } = result;
    // Asked again for an order cancelled before: the provider keeps one refund per order (its Idempotency-Key).
    const refund = (await refundCancelled({ db, box }, order.id, { adminId: who.id, actor: who.email })) ?? "none";
    const offered = await box.offerFreedSeats(order.planId);
    const owed = order.refundOwedMinor ? money(order.refundOwedMinor, order.currency) : null;
    return c.json({
      reference: ticketReference(order.id),
      refund,
      seats,
      offered: offered.length,
      already,
      refundOwed: owed,
      message: `${already ? "Already cancelled." : "Cancelled."}${owed ? ` Refund owed: ${owed} — record it when you have given it back.` : ""}`,
    } satisfies CancelAnswer);
  });

  admin.post("/attendees/orders/:id/refund", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, "There is no such order.");
    const body = await jsonBody(c);
    if (!body) return badRequest(c, "The form could not be read: please try again.");
    const amountMinor = typeof body.amount === "string" ? parseAmount(body.amount) : null;
    if (amountMinor === null)
      return c.json({ error: "Please write the amount given back, like 38.00.", field: "amount" }, 422);
    if (!isPaidBy(body.method))
      return c.json(
        { error: `Please choose how it was given back: ${Object.values(PAID_BY).join(", ")}.`, field: "method" },
        422,
      );
    const who = c.get("admin");
    const result = await recordRefund(db, id, { amountMinor, method: body.method }, new Date(now()), (order) => ({
      adminId: who.id,
      actor: who.email,
      action: "ticket-refund",
      target: ticketReference(order.id),
      detail: {
        result: "given",
        amountMinor,
        currency: order.currency,
        method: body.method,
        owed: order.refundOwedMinor,
      },
    }));
    if (result.kind === "unknown") return notFound(c, "There is no such order.");
    const reference = ticketReference(result.order.id);
    if (result.kind === "not-owed")
      return c.json(
        { error: `Order ${reference} owes no money back (it is ${result.order.status}): nothing was recorded.` },
        409,
      );
    return c.json({
      reference,
      recorded: result.kind === "recorded",
      message:
        result.kind === "recorded"
          ? `Refund of ${money(amountMinor, result.order.currency)} recorded: order ${reference} is refunded.`
          : `The refund of order ${reference} was recorded before: nothing was changed.`,
    } satisfies RefundAnswer);
  });

  admin.get("/attendees/export", async (c) => {
    const [data, rows] = await Promise.all([plansData(), allTickets(db)]);
    const zone = data?.timeZone ?? "UTC";
    const csv = toCsv([
      [
        "reference",
        "ticket",
        "plan",
        "holder name",
        "buyer name",
        "buyer e-mail",
        "status",
        `checked in (${zone})`,
        "door",
        "admitted by",
      ],
      ...rows.map((r) => [
        ticketReference(r.orderId),
        String(r.position),
        data?.plans[r.planId]?.title ?? r.planId,
        r.holderName ?? "",
        r.buyerName,
        r.buyerEmail,
        r.orderStatus === "paid" ? (r.checkedInAt ? "checked in" : r.ticketStatus) : r.orderStatus,
        r.checkedInAt ? stamp(r.checkedInAt, zone) : "",
        r.door ?? "",
        r.admittedBy ?? "",
      ]),
    ]);
    const day = new Date(now()).toISOString().slice(0, 10);
    return c.body(csv, 200, {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="tncc-attendees-${day}.csv"`,
    });
  });
}

/** The Attendees tab (issue 42): organisers' routes only. */
export const routes = (ctx: ServerContext) => organiserFeature(ctx, registerAttendees);
