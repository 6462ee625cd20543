/**
 * The box office's HTTP routes (issue 42):
 *
 * - `GET /api/tickets/availability`: each plan's seats left (the pages stay pre-rendered and ask this).
 * - `POST /api/tickets/buy`: the /buy-ticket form (JSON from the page, or a plain post without JavaScript),
 *   checked with the ticket form's own definition; a free plan's seats, or those of an order paid later, are
 *   held until its address is confirmed by a mailed link (`/api/tickets/confirm`, issues 50 and 61: the link is
 *   the address's one order mail of the day, and the answer is the same whether it went or not), a paid one goes
 *   (through `/api/tickets/pay/<session>`) to the provider's checkout; a plan that takes only cards, with no card
 *   provider, stays a request to the organisers (307 to the form's own endpoint, which keeps the body).
 * - `GET /api/tickets/sessions/:sessionId`: the order a checkout made, for the buyer's return.
 * - `GET /api/tickets/orders/:token`, and per ticket `POST .../tickets/:position` (the holder's name) and
 *   `POST .../tickets/:position/send` (the ticket to another address): the buyer's page.
 */
import { EMAIL_SHAPE } from "../../app/forms/email";
import { type Context, Hono } from "hono";
import { FORMS, invalidId, sentId } from "../../app/forms";
import { ONE_LINE, PLAIN_NAME } from "../../app/forms/plain-text";
import { checkForm } from "../../app/forms/schema";
import { SessionIdSchema } from "../../app/lib/id-schemas";
import { isPaymentMethod } from "../../app/lib/payments/methods";
import {
  cardOnlyMessage,
  TICKETS_PATHS,
  TICKET_TOKEN,
  ticketReference,
  ticketsPath,
  type AvailabilityAnswer,
  type TicketOrderAnswer,
} from "../../app/lib/tickets/orders";
import type { Database } from "../db/client";
import type { ApiDeps, FeatureRoutes, ServerContext } from "../context";
import { organiserFeature } from "../admin";
import { registerBoxOffice } from "./admin-routes";
import { apiBody } from "../headers";
import { missLimit, rateLimit } from "../rate-limit";
import { sameOriginPath } from "../redirect";
import { escapeHtml, page, readForm, readFormPost, readJson, sameOrigin } from "../request";
import { paysOnline } from "../payments";
import { availability, contact, type BoxOffice } from "./box-office";
import { onPaymentEvent, orderOfSession, pay } from "./card-checkout";
import { CONFIRM_ORDER_PATH, ticketMail } from "./mail";
import { orderByToken } from "./queries";
import { holdToConfirm } from "./holds.queries";
import { pendingDetails } from "./pay-later";
import { buy, confirmFree } from "./purchase";
import { FORWARDS_PER_ORDER, FORWARDS_PER_TICKET, forwardTicket, nameTicket } from "./tickets.queries";
import { registerWaitlist } from "./waitlist/routes";

const KEY = /^[\w-]{8,100}$/;
const CONFIRM_INVALID =
  "This confirmation link is not known: it may be mistyped, or the registration expired. Please register again.";

/** A wait in words: "9 minutes", "2 hours". */
const inWords = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 90) return minutes === 1 ? "1 minute" : `${minutes} minutes`;
  const hours = Math.round(minutes / 60);
  return `${hours} hours`;
};

export interface TicketsRouteOptions {
  database: Database;
  box: BoxOffice;
  siteUrl?: string;
  trustProxy?: boolean;
}

export function ticketsRoutes(deps: ApiDeps, options: TicketsRouteOptions): Hono {
  const app = new Hono();
  // The box office's context: its parts are plain functions taking it (issue 64).
  const box = options.box.context;
  const { db } = options.database;
  /**
   * Each route its own count a minute, kept in the database: every server counts the same (issue 54). The
   * requests that arrive together are counted in one statement (a sale's opening minute, issue 65).
   */
  const limit = (max: number, name: string) =>
    rateLimit({
      max,
      windowMs: 60_000,
      key: deps.clientKey,
      now: deps.now,
      shared: { db, name: `tickets-${name}`, batched: true },
    });

  // The waiting list: join, confirm, an offer's link (./waitlist/routes.ts).
  registerWaitlist(app, { box, siteUrl: options.siteUrl, trustProxy: options.trustProxy }, limit);

  app.get(TICKETS_PATHS.availability, limit(120, "availability"), async (c) =>
    c.json({
      plans: await availability(box),
      payments: paysOnline(box.payments),
      contact: await contact(box),
    } satisfies AvailabilityAnswer),
  );

  app.post(TICKETS_PATHS.buy, limit(20, "buy"), apiBody, async (c) => {
    const post = await readFormPost(c, options);
    if (post instanceof Response) return post;
    const { json, fields } = post;
    const back = sameOriginPath(c.req.header("referer"), c.req.url, "/buy-ticket");
    if (post.bot)
      return json
        ? c.json({ ok: true, message: FORMS.ticket.success }, 201)
        : c.redirect(`${back}#${sentId("ticket")}`, 303);
    const key = c.req.header("idempotency-key") ?? null;
    if (key !== null && !KEY.test(key))
      return c.json({ error: "Idempotency-Key must be 8 to 100 letters, digits, - or _" }, 400);

    const checked = checkForm("ticket", fields);
    const invalid = (field: string, message: string) =>
      json
        ? c.json({ error: "invalid", field, errors: { [field]: message } }, 422)
        : c.html(page("Please check the form", message, `${back}#${invalidId("ticket", field)}`), 422);
    if (!checked.ok) {
      if (json) return c.json({ error: "invalid", field: checked.first, errors: checked.errors }, 422);
      return c.redirect(`${back}#${invalidId("ticket", checked.first)}`, 303);
    }
    const { plan, quantity, name, email, phone } = checked.data as Record<string, string>;
    // How the buyer chose to pay, where the plan offers a choice (issue 53); anything else is no choice.
    const method = isPaymentMethod(fields.payment) ? fields.payment : undefined;
    const result = await buy(box, {
      method,
      plan: plan!,
      quantity: Number(quantity),
      name: name!,
      email: email!,
      phone,
      idempotencyKey: key,
      client: deps.clientKey(c),
    });
    const go = (url: string, status: 201 | 200 = 201) => (json ? c.json({ url }, status) : c.redirect(url, 303));
    switch (result.kind) {
      case "order":
        return go(ticketsPath(result.token));
      case "checkout":
        return go(result.url, 200);
      case "confirm": {
        // The same words whether the link went or not (the address had its mail of the day, or seats held for
        // it): the answer tells nobody anything about an address (issue 61).
        const within = inWords(result.until.getTime() - deps.now());
        const message = result.payLater
          ? `Almost done: we sent a link to ${email}. Open it within ${within} to confirm the address; then we e-mail you how to pay and by when. Your seats are kept until then.`
          : `Almost done: we sent a link to ${email}. Open it within ${within} to confirm the address, and your tickets come by e-mail. Your seats are kept until then.`;
        return json
          ? c.json({ ok: true, confirm: true, message }, 202)
          : c.html(page("Check your e-mail", message, back), 202);
      }
      case "capped": {
        const message = `Seats are already held from this connection: finish that purchase first (its payment page, or the link we e-mailed), or try again in ${inWords(result.until.getTime() - deps.now())}, when they are released.`;
        return json ? c.json({ error: "held", message }, 409) : c.html(page("Seats already held", message, back), 409);
      }
      case "no-payments": {
        // A plan that takes only cards, and no card provider here (issue 61): said plainly, nothing held or stored.
        const message = cardOnlyMessage(await contact(box));
        return json
          ? c.json({ error: "no-payments", message }, 409)
          : c.html(page("Card payments not available yet", message, back), 409);
      }
      case "unknown-plan":
        return invalid("plan", "Please choose one of the plans.");
      case "too-many":
        return invalid("quantity", `At most ${result.max} of this plan can be bought in one order.`);
      case "closed":
        return invalid("plan", result.message);
      case "key-reused":
        return c.json(
          { error: "This Idempotency-Key was already used for a different purchase: send it with a new key." },
          422,
        );
      case "sold-out": {
        const message =
          result.left > 0
            ? `Only ${result.left} ${result.left === 1 ? "seat is" : "seats are"} left for this plan: please choose fewer, or join the waiting list.`
            : "Sold out: every seat of this plan is taken or held. Join the waiting list and we offer you a seat as soon as one is free.";
        return json
          ? c.json({ error: "sold-out", message, left: result.left, waitlist: true }, 409)
          : c.redirect(`/buy-ticket?plan=${encodeURIComponent(plan!)}#sold-out`, 303);
      }
      case "provider-failed": {
        const message = `The payment could not be started: the card provider did not answer. Nothing was charged; please try again in a minute, or contact us at ${result.contact}.`;
        return json
          ? c.json({ error: "provider", message }, 502)
          : c.html(page("Payment not started", message, back), 502);
      }
    }
  });

  app.get(TICKETS_PATHS.session, limit(30, "session"), async (c) => {
    const parsed = SessionIdSchema.safeParse(c.req.param("sessionId"));
    if (!parsed.success) return c.json({ error: "Not a checkout session id" }, 400);
    const found = await orderOfSession(box, parsed.data);
    if (!found) return c.json({ error: "No ticket order for this checkout" }, 404);
    if ("pending" in found) return c.json({ pending: true }, 202);
    if ("expired" in found)
      return c.json({ error: "This return link is too old: your tickets' page is in the mail we sent." }, 404);
    return c.json({ url: ticketsPath(found.token) });
  });

  // On the way to the provider's page: the hold is kept its full time only now (issue 50).
  app.get(TICKETS_PATHS.pay, limit(30, "pay"), async (c) => {
    const parsed = SessionIdSchema.safeParse(c.req.param("sessionId"));
    const url = parsed.success ? await pay(box, parsed.data) : null;
    if (!url) return c.notFound();
    return c.redirect(url, 303);
  });

  // An order's mailed link (a free one's, or one paid later): GET asks (mail scanners follow links), POST
  // confirms and opens the order's page.
  const confirmToken = (value: string | undefined) => (value && TICKET_TOKEN.test(value) ? value : null);
  app.get(CONFIRM_ORDER_PATH, limit(30, "confirm-get"), async (c) => {
    const token = confirmToken(c.req.query("t"));
    const hold = token ? await holdToConfirm(db, token) : undefined;
    if (!token || !hold) return c.html(page("Link not valid", CONFIRM_INVALID, "/buy-ticket"), 404);
    const later = hold.paymentMethod === "later";
    const form = `<form method="post"><input type="hidden" name="t" value="${escapeHtml(token)}"><button type="submit">${later ? "Confirm my order" : "Confirm and get my tickets"}</button></form>`;
    return c.html(
      later
        ? page(
            "Confirm your order",
            "This confirms that this e-mail address is yours; then we e-mail you how to pay and by when.",
            "/",
            form,
          )
        : page(
            "Confirm your registration",
            "This confirms that this e-mail address is yours; then your tickets are sent to it.",
            "/",
            form,
          ),
    );
  });
  app.post(CONFIRM_ORDER_PATH, limit(30, "confirm"), apiBody, async (c) => {
    if (!sameOrigin(c, options)) return c.json({ error: "Cross-origin posts are refused" }, 403);
    const body = await readForm(c);
    const token = confirmToken(body?.t ?? c.req.query("t"));
    const done = token ? await confirmFree(box, token) : null;
    if (!done) return c.html(page("Link not valid", CONFIRM_INVALID, "/buy-ticket"), 404);
    if (done.kind === "expired")
      return c.html(
        page(
          "Registration expired",
          "The seats could not be kept any longer, and they have gone to someone else. Please register again, or join the waiting list.",
          "/buy-ticket",
        ),
        410,
      );
    if (done.kind === "confirmed")
      return c.html(
        page(
          "Already confirmed",
          done.payLater
            ? "This order was confirmed already: how to pay is in the e-mail we sent then, with the link to its page."
            : "This registration was confirmed already: your tickets are in the e-mail we sent then, with the link to their page.",
          "/",
        ),
      );
    return c.redirect(ticketsPath(done.token), 303);
  });

  const order = async (c: Context) => {
    const token = c.req.param("token") ?? "";
    return TICKET_TOKEN.test(token) ? orderByToken(db, token) : null;
  };
  /**
   * The order page and its tickets count misses only (issue 61): a link that opens an order is always answered
   * (a church's Wi-Fi is one address for everyone); naming unknown ones is refused past 60 a minute.
   */
  const misses = missLimit({ max: 60, windowMs: 60_000, now: deps.now, shared: { db, name: "tickets-order-miss" } });
  const missed = (c: Context, error: string) =>
    misses.unknown(c, deps.clientKey(c), () => c.json({ error }, 404) as unknown as Response);
  const position = (c: Context) => {
    const n = Number(c.req.param("position"));
    return Number.isSafeInteger(n) && n > 0 && n <= 1000 ? n : null;
  };

  app.get(TICKETS_PATHS.order, async (c) => {
    const found = await order(c);
    if (!found) return missed(c, "There is no ticket order at this address.");
    const plans = await box.plans();
    return c.json({
      reference: ticketReference(found.order.id),
      plan: plans.plans[found.order.planId]?.title ?? found.order.planId,
      status: found.order.status as TicketOrderAnswer["status"],
      name: found.order.name,
      ...(found.order.status === "pending" || found.order.status === "released"
        ? { payment: await pendingDetails(box, found.order) }
        : {}),
      tickets: found.tickets.map((t) => ({
        position: t.position,
        code: t.code,
        shortCode: t.shortCode,
        qr: t.payload,
        name: t.holderName,
        status: t.status,
      })),
    } satisfies TicketOrderAnswer);
  });

  const ticketOf = async (c: Context) => {
    const found = await order(c);
    const at = position(c);
    const ticket = found && at ? found.tickets.find((t) => t.position === at) : undefined;
    return found && ticket ? { ...found, ticket } : null;
  };

  app.post(TICKETS_PATHS.ticket, apiBody, async (c) => {
    if (!sameOrigin(c, options)) return c.json({ error: "Cross-origin posts are refused" }, 403);
    const found = await ticketOf(c);
    if (!found) return missed(c, "There is no such ticket.");
    const body = await readJson(c);
    const name = body?.name?.trim() ?? "";
    if (name.length > 100 || !PLAIN_NAME.test(name))
      return c.json(
        { error: "invalid", field: "name", errors: { name: "Please write a name of at most 100 letters." } },
        422,
      );
    await nameTicket(db, found.ticket.code, name || null);
    return c.json({ ok: true, name: name || null });
  });

  app.post(TICKETS_PATHS.send, limit(10, "send"), apiBody, async (c) => {
    if (!sameOrigin(c, options)) return c.json({ error: "Cross-origin posts are refused" }, 403);
    const found = await ticketOf(c);
    if (!found) return missed(c, "There is no such ticket.");
    if (found.order.status !== "paid")
      return c.json({ error: "This order was cancelled: its tickets are no longer valid." }, 409);
    const body = await readJson(c);
    const email = body?.email?.trim() ?? "";
    if (!EMAIL_SHAPE.test(email) || !ONE_LINE.test(email))
      return c.json(
        {
          error: "invalid",
          field: "email",
          errors: { email: "Please enter an e-mail address, like name@example.org." },
        },
        422,
      );
    const plans = await box.plans();
    const origin = (options.siteUrl ?? "").replace(/\/+$/, "");
    const sent = await forwardTicket(
      db,
      found.ticket,
      email,
      ticketMail(plans, origin, found.order, [found.ticket], { forwardTo: email }),
      new Date(deps.now()),
    );
    // The page shows `error` as it is, at the ticket it concerns.
    if (!sent.ok)
      return c.json(
        {
          error:
            sent.limit === "ticket"
              ? `Not sent: this ticket was sent on ${FORWARDS_PER_TICKET} times today, the most a day. Try again tomorrow, or ask us at the box office.`
              : `Not sent: this order's tickets were sent on ${FORWARDS_PER_ORDER} times today, the most a day. Try again tomorrow, or ask us at the box office.`,
        },
        429,
      );
    return c.json({ ok: true });
  });

  return app;
}

/** The box office (issue 42): buying for everyone, and the organisers' Box office tab (./admin-routes.ts). */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  const { database, boxOffice } = ctx;
  // The provider's events of its checkouts (the one webhook: server/payments/routes.ts); {} when it took one.
  if (database && boxOffice)
    ctx.paymentEvents.listen(async (event) => ((await onPaymentEvent(boxOffice.context, event)) ? {} : null));
  return {
    ...(database && boxOffice
      ? { site: ticketsRoutes(ctx, { database, box: boxOffice, siteUrl: ctx.siteUrl, trustProxy: ctx.trustProxy }) }
      : {}),
    ...organiserFeature(ctx, registerBoxOffice),
  };
};
