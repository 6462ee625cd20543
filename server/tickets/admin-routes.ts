/**
 * The Box office tab's orders (issue 53), under `/api/admin` (Origin and session checked before any body is
 * read: ../admin/routes.ts):
 *
 * - `GET /box-office/orders?q=&show=&method=`: the organisers' one Orders list (issue 61): every ticket order of
 *   every kind (card, pay later, free, by hand) and state, filtered by state and method, found by buyer,
 *   reference, ticket code or holder.
 * - `GET /box-office/orders/:id`: one order, its seats, its tickets and their check-ins, its timeline (created,
 *   paid, mailed, reminded, released, tickets admitted, cancelled, refunded) and what can be done with it now.
 * - `POST /box-office/orders/:id/{cancel,release,refund,resend}`: the organisers' moves (./order-routes.ts).
 * - `POST /box-office/orders/:id/paid` `{ amount, paidBy }`: a pending order's money received; its tickets go
 *   out once, however often it is marked.
 * - `POST /box-office/orders` `{ plan, quantity, name, email, names, kind, amount, reason }`: tickets issued
 *   by hand, "complimentary" or "door" (paid at the door); past the plan's capacity only with a reason.
 *
 * Every change is audited.
 */
import { EMAIL_SHAPE } from "../../app/forms/email";
import type { Context, Hono } from "hono";
import { parseId } from "../../app/forms/admin";
import {
  METHOD_LABELS,
  PAID_BY,
  isBoxOfficeMethod,
  isBoxOfficeShow,
  isPaidBy,
  seatsText,
  parseAmount,
  type FieldError,
} from "../../app/lib/admin/box-office";
import * as api from "../../app/api/admin/box-office";
import type { BoxOfficeOrderRow, OrderAction, TimelineStep } from "../../app/api/admin/box-office";
import { ONE_LINE, PLAIN_NAME } from "../../app/forms/plain-text";
import { zonedWhen } from "../../app/lib/admin/when";
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { notFound, serve, type AdminEnv, type AdminOptions } from "../admin";
import { namesOf } from "../admin/accounts/queries";
import { orderAdmissions } from "../door/queries";
import { money } from "./mail";
import { manualOrder } from "./manual-orders";
import { markPaid } from "./pay-later";
import { stateOf } from "./order-life/life";
import { registerOrderMoves } from "./order-routes";
import { holdById } from "./holds.queries";
import { listTicketOrders, orderById, orderTimeline, stock, ticketsOfOrder, type TicketOrder } from "./queries";

/** A reason to go over the capacity someone can read later (issue 61): a sentence, 15 letters and two words. */
const isSentence = (text: string) => text.length >= 15 && text.split(/\s+/).filter(Boolean).length >= 2;

/** Orders from before issue 53 say nothing: a free registration, or paid by card. */
const methodOf = (order: TicketOrder) => order.paymentMethod ?? (order.amountMinor === 0 ? "free" : "card");

function rowOf(data: TicketsData, order: TicketOrder, tickets: number, seats: number): BoxOfficeOrderRow {
  // An order row is never a bare hold: held or awaiting confirmation reads as waiting for payment.
  const life = stateOf(order);
  const state = life === "held" || life === "awaiting-confirmation" ? "awaiting-payment" : life;
  return {
    id: order.id,
    reference: ticketReference(order.id),
    plan: data.plans[order.planId]?.title ?? order.planId,
    name: order.name,
    email: order.email,
    status: order.status as BoxOfficeOrderRow["status"],
    state,
    seats,
    seatsText: seatsText(state, seats, tickets),
    method: methodOf(order),
    manual: order.manual,
    overCapacity: order.overCapacity,
    tickets,
    amount: money(order.amountMinor, order.currency),
    createdAt: order.createdAt.toISOString(),
    due: order.status === "pending" && order.dueAt ? zonedWhen(order.dueAt, data.timeZone) : null,
  };
}

/** A step of the timeline in words; `actor`: the organiser's name (issue 62), never their address. */
function stepText(kind: string, detail: Record<string, unknown> | null, actor: string | null): string {
  const d = detail ?? {};
  const by = actor ? ` (${actor})` : "";
  const amount =
    typeof d.amountMinor === "number" && typeof d.currency === "string" ? money(d.amountMinor, d.currency) : "";
  switch (kind) {
    case "created":
      return `Created: ${METHOD_LABELS[String(d.method)] ?? "order"}${by}`;
    case "paid": {
      const how = typeof d.paidBy === "string" && isPaidBy(d.paidBy) ? ` by ${PAID_BY[d.paidBy].toLowerCase()}` : "";
      const method = d.method === "complimentary" ? "complimentary" : `${amount}${how}`;
      return `Paid: ${method}${d.afterRelease ? ", after it had been released (seats taken again)" : ""}${by}`;
    }
    case "mailed":
      return d.what === "how to pay" ? `Mailed how to pay to ${String(d.to)}` : `Tickets mailed to ${String(d.to)}`;
    case "reminded":
      return `Reminder mailed to ${String(d.to)} (unpaid past its deadline)`;
    case "released":
      return d.by === "organiser"
        ? `Released by the organisers: its seats went back (the waiting list first)${by}`
        : "Released: no payment arrived; its seats went back (the waiting list first)";
    case "refund-owed":
      return `Refund owed: ${amount}`;
    case "admitted":
      return `Ticket ${String(d.ticket)} admitted${d.door ? ` at ${String(d.door)}` : ""}`;
    case "cancelled":
      return `Cancelled${by}`;
    case "refunded": {
      const how = typeof d.method === "string" && isPaidBy(d.method) ? ` by ${PAID_BY[d.method].toLowerCase()}` : "";
      return `Refunded${d.at === "provider" ? " at the card provider" : d.at === "hand" ? `: ${amount}${how}` : ""}${by}`;
    }
    default:
      return `${kind}${by}`;
  }
}

/** What the organiser can do with an order now (its page's buttons). */
function actionsOf(order: TicketOrder): OrderAction[] {
  const state = stateOf(order);
  if (state === "awaiting-payment") return ["mark-paid", "release", "cancel"];
  if (state === "released") return order.paymentMethod === "later" ? ["mark-paid"] : [];
  if (state === "paid") return ["resend", "cancel"];
  if (state === "refund-owed") return ["refund"];
  return [];
}

export function registerBoxOffice(admin: Hono<AdminEnv>, options: AdminOptions): void {
  registerOrderMoves(admin, options);
  const { db } = options.database;
  const box = options.boxOffice;
  const noBox = (c: Context) => c.json({ error: "The box office is not running on this server." }, 503);
  const refuse = (c: Context, error: string, field?: string, status: 409 | 422 = 422, extra?: Partial<FieldError>) =>
    c.json({ error, ...(field ? { field } : {}), ...extra } satisfies FieldError, status);

  serve(admin, api.listOrders, async (c, { query }) => {
    if (!box) return noBox(c);
    const q = query.q ?? "";
    const rawShow = query.show ?? "all";
    const rawMethod = query.method ?? "all";
    if (q.length > 200) return refuse(c, "Search for at most 200 characters.", "q");
    const show = isBoxOfficeShow(rawShow) ? rawShow : "all";
    const method = isBoxOfficeMethod(rawMethod) ? rawMethod : "all";
    const [data, rows, seats] = await Promise.all([box.plans(), listTicketOrders(db, { q, show, method }), stock(db)]);
    return {
      q,
      show,
      method,
      orders: rows.map((o) => rowOf(data, o, o.tickets, o.seats)),
      plans: Object.entries(data.plans).map(([id, p]) => ({
        id,
        title: p.title,
        people: p.people,
        priceMinor: p.priceMinor,
        left: seats[id]?.left ?? p.capacity,
      })),
      currency: data.currency,
    };
  });

  serve(admin, api.getOrder, async (c, { params }) => {
    if (!box) return noBox(c);
    const id = parseId(params.id);
    const order = id === null ? undefined : await orderById(db, id);
    if (!order) return notFound(c, "There is no such order.");
    // Found by its id, never through the search (a buyer named like another order's reference, issue 61).
    const [data, steps, list, admitted, hold] = await Promise.all([
      box.plans(),
      orderTimeline(db, order.id),
      ticketsOfOrder(db, order.id),
      orderAdmissions(db, order.id),
      holdById(db, order.holdId),
    ]);
    // Orders made before issue 53 kept no steps, and a cancellation is kept on the order itself.
    if (!steps.some((s) => s.kind === "created"))
      steps.unshift({ at: order.createdAt, kind: "created", detail: { method: methodOf(order) }, actor: null });
    if (order.cancelledAt && !steps.some((s) => s.kind === "cancelled" || s.kind === "refunded"))
      steps.push({
        at: order.cancelledAt,
        kind: order.status === "refunded" ? "refunded" : "cancelled",
        detail: null,
        actor: null,
      });
    const names = await namesOf(
      db,
      steps.map((s) => s.actor),
    );
    const timeline: TimelineStep[] = steps
      .sort((a, b) => a.at.getTime() - b.at.getTime())
      .map((s) => ({
        at: s.at.toISOString(),
        kind: s.kind,
        text: stepText(s.kind, s.detail, s.actor ? (names.get(s.actor) ?? null) : null),
      }));
    const row = rowOf(data, order, list.length, hold?.seats ?? list.length);
    return {
      ...row,
      amountMinor: order.amountMinor,
      currency: order.currency,
      paidBy: order.paidBy,
      timeline,
      timeZone: data.timeZone,
      list: list.map((t) => ({
        position: t.position,
        code: t.code,
        holderName: t.holderName,
        status: t.status,
        checkedIn: admitted[t.code] ?? null,
      })),
      refundOwed: row.state === "refund-owed" ? money(order.amountMinor, order.currency) : null,
      actions: actionsOf(order),
    };
  });

  serve(admin, api.markOrderPaid, async (c, { params, body }) => {
    if (!box) return noBox(c);
    const id = parseId(params.id);
    if (id === null) return notFound(c, "There is no such order.");
    const amountMinor = parseAmount(body.amount);
    if (amountMinor === null) return refuse(c, "Please write the amount received, like 59.00.", "amount");
    if (!isPaidBy(body.paidBy)) return refuse(c, "Please choose how the money came.", "paidBy");
    const who = c.get("admin");
    const paidBy = body.paidBy;
    // The audit line is written in the sale's own transaction, with the tickets and their mail (issue 61).
    const result = await markPaid(box.context, id, {
      amountMinor,
      paidBy,
      actor: who.email,
      audit: (order, reheld) => ({
        adminId: who.id,
        actor: who.email,
        action: "ticket-mark-paid",
        target: ticketReference(order.id),
        detail: { amountMinor, currency: order.currency, paidBy, reheld },
      }),
    });
    if (result.kind === "unknown") return notFound(c, "There is no such order.");
    const reference = ticketReference(result.order.id);
    if (result.kind === "already")
      return {
        reference,
        sent: false,
        message: `Order ${reference} was already marked paid: its tickets went out then, and none were sent again.`,
      };
    if (result.kind === "not-pending")
      return refuse(
        c,
        `Order ${reference} is not waiting for a payment (it is ${result.order.status}${result.order.paymentMethod === "card" ? ", paid by card" : ""}): nothing was changed.`,
        undefined,
        409,
      );
    if (result.kind === "no-seats")
      return refuse(
        c,
        `Order ${reference} was released because no payment arrived in time, and its seats have gone to others: ${
          result.left === 0 ? "no seat of its plan is free" : `only ${result.left} seats of its plan are free`
        }. No tickets were issued. Return the money, or issue tickets by hand (with a reason to go over the capacity).`,
        undefined,
        409,
      );
    return {
      reference,
      sent: true,
      message: `Order ${reference} is paid: ${result.tickets === 1 ? "its ticket was" : `its ${result.tickets} tickets were`} e-mailed to ${result.order.email}.${
        result.reheld ? " It had been released unpaid; its seats were free and are taken again." : ""
      }`,
    };
  });

  serve(admin, api.issueOrder, async (c, { body }) => {
    if (!box) return noBox(c);
    const text = (key: keyof typeof body) => (body[key] ?? "").trim();
    const data = await box.plans();
    const planId = text("plan");
    const plan = Object.hasOwn(data.plans, planId) ? data.plans[planId] : undefined;
    if (!plan) return refuse(c, "Please choose a plan.", "plan");
    const quantity = Number(text("quantity") || "1");
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > 50)
      return refuse(c, "Please give a number of 1 to 50.", "quantity");
    const name = text("name");
    if (!name || name.length > 100 || !PLAIN_NAME.test(name))
      return refuse(c, "Please write the name the order is for (at most 100 letters).", "name");
    const email = text("email");
    if (!EMAIL_SHAPE.test(email) || !ONE_LINE.test(email))
      return refuse(c, "Please enter an e-mail address, like name@example.org.", "email");
    const names = text("names")
      .split(/\r?\n/)
      .map((n) => n.trim())
      .filter(Boolean);
    if (names.length > quantity * plan.people || names.some((n) => n.length > 100 || !PLAIN_NAME.test(n)))
      return refuse(c, `Write at most ${quantity * plan.people} names, one a line, each at most 100 letters.`, "names");
    const kind = text("kind");
    if (kind !== "complimentary" && kind !== "door")
      return refuse(c, 'Please choose "Complimentary" or "Paid at the door".', "kind");
    const amountMinor = kind === "door" ? parseAmount(text("amount")) : 0;
    if (amountMinor === null) return refuse(c, "Please write the amount paid at the door, like 19.00.", "amount");
    const reason = text("reason");
    if (reason.length > 300 || !PLAIN_NAME.test(reason))
      return refuse(c, "Please keep the reason under 300 letters.", "reason");
    if (reason && !isSentence(reason))
      return refuse(
        c,
        "Please write in a sentence why this order may go over the capacity (at least 15 letters), like “Speakers' families, agreed with the pastor”.",
        "reason",
      );
    const who = c.get("admin");
    const result = await manualOrder(box.context, {
      plan: planId,
      quantity,
      name,
      email,
      names,
      kind,
      amountMinor,
      overrideReason: reason || undefined,
      actor: who.email,
      // The audit lines are written in the order's own transaction, with its tickets and mail (issue 61).
      audit: (order, over) => [
        {
          adminId: who.id,
          actor: who.email,
          action: "ticket-manual",
          target: ticketReference(order.id),
          detail: {
            plan: planId,
            seats: quantity * plan.people,
            kind,
            amountMinor,
            currency: order.currency,
            ...(reason ? { reason } : {}),
          },
        },
        ...(over
          ? [
              {
                adminId: who.id,
                actor: who.email,
                action: "ticket-capacity-override",
                target: ticketReference(order.id),
                detail: { plan: planId, seats: quantity * plan.people, reason, capacity: plan.capacity },
              },
            ]
          : []),
      ],
    });
    if (result.kind === "unknown-plan") return refuse(c, "Please choose a plan.", "plan");
    if (result.kind === "over-capacity")
      return refuse(
        c,
        `${plan.title} has ${result.left === 0 ? "no seat" : result.left === 1 ? "only 1 seat" : `only ${result.left} seats`} left, and this order needs ${quantity * plan.people}. To issue it anyway, write in a sentence why (it is kept in the audit log).`,
        "reason",
        409,
        { overCapacity: true },
      );
    const reference = ticketReference(result.order.id);
    return {
      id: result.order.id,
      reference,
      message: `Order ${reference} issued: ${result.tickets === 1 ? "its ticket was" : `its ${result.tickets} tickets were`} e-mailed to ${email}.`,
    };
  });
}
