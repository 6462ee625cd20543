/**
 * The organisers' Attendees tab (issue 42, item 5), under `/api/admin` (session and Origin: ../routes.ts):
 *
 * - `GET /attendees/summary`: per plan, people sold, held, left and waiting.
 * - `GET /attendees?q=`: orders by buyer name or e-mail, reference (TNCC-T000042), ticket code or holder.
 * - `GET /attendees/orders/:id`: one order and its tickets.
 * - `POST /attendees/orders/:id/resend|cancel|…`: the Box office's moves on an order
 *   (server/tickets/order-routes.ts, issue 61) at their old address.
 * - `GET /attendees/export`: CSV, one row per ticket, escaped as the inbox's exports are.
 * - `GET /attendees/door`: the door's live figures and the phones reported for too many scans (issue 43).
 *
 * It only reads; every change is the order-life module's, audited there.
 */
import type { Context, Hono } from "hono";
import * as api from "../../app/api/admin/attendees";
import type { AttendeeOrder, AttendeeOrderRow, AttendeesSummary } from "../../app/api/admin/attendees";
import { parseId } from "../../app/forms/admin";
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { isoInZone } from "../../app/lib/schedule/zoned-time";
import { stock } from "../tickets/queries";
import { waitingByPlan } from "../tickets/waitlist/queries";
import { badRequest, notFound, organiserFeature, serve, type AdminEnv, type AdminOptions } from "../admin";
import type { ServerContext } from "../context";
import { toCsv } from "../csv";
import { doorFigures, doorReports, orderAdmissions } from "../door/queries";
import { planTitles } from "../../app/lib/tickets/plans";
import { orderMoves } from "../../app/api/admin/box-office";
import { registerOrderMoves } from "../tickets";
import { allTickets, orderWithTickets, searchOrders, type OrderRow } from "./queries";

export function registerAttendees(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const box = options.boxOffice;
  const now = options.now ?? Date.now;
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

  serve(admin, api.attendeesSummary, async () => {
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
    return summary;
  });

  serve(admin, api.doorOverview, async (c) => {
    if (!box) return noBox(c);
    const data = await box.plans();
    const [figures, reports] = await Promise.all([doorFigures(db, data.event, planTitles(data)), doorReports(db)]);
    return { figures, reports, timeZone: data.timeZone };
  });

  serve(admin, api.searchAttendees, async (c, { query }) => {
    const q = query.q ?? "";
    if (q.length > 200) return badRequest(c, "Search for at most 200 characters.");
    const [data, rows] = await Promise.all([plansData(), searchOrders(db, q)]);
    return { q, orders: rows.map((r) => rowOf(data, r)) };
  });

  serve(admin, api.attendeeOrder, async (c, { params }) => {
    const id = parseId(params.id);
    const found = id === null ? null : await orderWithTickets(db, id);
    if (!found) return notFound(c, "There is no such order.");
    const { order, tickets } = found;
    const [data, admitted] = await Promise.all([plansData(), orderAdmissions(db, order.id)]);
    const answer: AttendeeOrder = {
      ...rowOf(data, { ...order, tickets: tickets.length }),
      paymentIntent: order.paymentIntent,
      cancelledAt: order.cancelledAt?.toISOString() ?? null,
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
    return answer;
  });

  // An order's moves (resend, cancel, …) are its life's (server/tickets/order-routes.ts, issue 61): the old
  // addresses answer as the Box office's.
  registerOrderMoves(admin, options, orderMoves("/attendees/orders"));

  serve(admin, api.exportAttendees, async (c) => {
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
        // ISO 8601 with the event zone's offset then: a spreadsheet reads it without guessing (issue 62).
        r.checkedInAt ? isoInZone(r.checkedInAt, zone) : "",
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
