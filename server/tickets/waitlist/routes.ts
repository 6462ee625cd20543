/**
 * The waiting list's routes (issue 42, item 4), registered on the box office's sub-app (../routes.ts):
 *
 * - `POST /api/tickets/waitlist`: join a plan's list (same origin; JSON, or a plain form post); refused while
 *   seats for that quantity are free; mails a confirmation link; once per plan and address, and within the
 *   address's one order mail a day from the public forms (issue 61), answered the same (201) whether or not the
 *   address was on the list already or had its mail, so the answer tells nobody who is. The fields are
 *   checked with the form's definition (app/forms/waitlist.ts); a plain post is answered with a 303 back to
 *   `/buy-ticket?plan=<plan>` at the form's answer (`#sent-waitlist`, `#invalid-waitlist-<field>`).
 * - `GET|POST /api/tickets/waitlist/confirm?token=`: the confirmation link. As with the newsletter's links, the
 *   GET only shows a button (mail scanners follow links and must not act); the POST acts.
 * - `GET|POST /api/tickets/offer?token=`: an offer's link. The GET says what is kept and until when; the POST
 *   starts the checkout of exactly those held seats (a free plan's order at once).
 */
import type { Context, Hono, MiddlewareHandler } from "hono";
import { invalidId, sentId } from "../../../app/forms";
import { PLAIN_NAME } from "../../../app/forms/plain-text";
import { checkForm } from "../../../app/forms/schema";
import { ticketsPath } from "../../../app/lib/tickets/orders";
import { WAITLIST_JOIN_PATH, type WaitlistJoinAnswer, type WaitlistRefusal } from "../../../app/lib/tickets/waitlist";
import { apiBody } from "../../headers";
import { escapeHtml, page, readForm, readFormPost, sameOrigin } from "../../request";
import { money } from "../mail";
import type { BoxOfficeContext } from "../box-office-context";
import { takeOffer } from "./take";
import { confirmInLine, joinLine, offerState, WAITLIST_PATHS, type OfferState } from "./waitlist";

const TOKEN = /^[\w-]{16,64}$/;

export interface WaitlistRouteOptions {
  /** The box office's context: the waiting list's functions take it first (issue 64). */
  box: BoxOfficeContext;
  siteUrl?: string;
  trustProxy?: boolean;
}

const button = (token: string, label: string) =>
  `<form method="post"><input type="hidden" name="token" value="${escapeHtml(token)}"><button type="submit">${escapeHtml(label)}</button></form>`;

const tokenOf = async (c: Context) => {
  const body = c.req.method === "POST" ? await readForm(c).catch(() => null) : null;
  const token = body?.token || c.req.query("token") || "";
  return TOKEN.test(token) ? token : "";
};

/**
 * An offer's link that can no longer be taken, answered alike on its page (GET) and when taken (POST): bought
 * (its order's page when there is one), ended (its seats went to the next in line), or not valid.
 */
function offerGone(c: Context, state: Extract<OfferState, { kind: "bought" | "expired" | "invalid" }>) {
  switch (state.kind) {
    case "bought":
      return state.token
        ? c.redirect(ticketsPath(state.token), 303)
        : c.html(page("Already bought", "You have bought these seats: your tickets are in your e-mail.", "/"));
    case "expired":
      return c.html(
        page("This offer has ended", "The time to take these seats is up: they went to the next person in line.", "/"),
        410,
      );
    case "invalid":
      return c.html(page("Link not valid", "This link is not valid.", "/"), 404);
  }
}

export function registerWaitlist(
  app: Hono,
  options: WaitlistRouteOptions,
  limit: (max: number, name: string) => MiddlewareHandler,
): void {
  const { box } = options;
  if (WAITLIST_PATHS.join !== WAITLIST_JOIN_PATH) throw new Error("the waiting list's path differs from app/lib's");

  app.post(WAITLIST_PATHS.join, limit(10, "waitlist-join"), apiBody, async (c) => {
    const post = await readFormPost(c, options);
    if (post instanceof Response) return post;
    const { json, fields } = post;
    // A plain post (without JavaScript) comes back to the form's page: its answer shows there through `:target`.
    const back = `/buy-ticket?plan=${encodeURIComponent((fields.plan ?? "").trim().slice(0, 40))}`;
    const message = (email: string) =>
      `Almost done: we sent a link to ${email}. Open it to take your place on the waiting list; when seats come free, the first in line gets them by e-mail.`;
    if (post.bot)
      return json
        ? c.json({ ok: true, message: message("you") }, 201)
        : c.redirect(`${back}#${sentId("waitlist")}`, 303);

    const invalid = (field: string, errors: Record<string, string>) =>
      json
        ? c.json({ error: "invalid", field, errors } satisfies WaitlistRefusal, 422)
        : c.redirect(`${back}#${invalidId("waitlist", field)}`, 303);
    // The form's own checks (app/forms/waitlist.ts), as the browser ran them.
    const checked = checkForm("waitlist", fields);
    if (!checked.ok) return invalid(checked.first, checked.errors);
    const { email = "", plan = "", name = "" } = checked.data;
    const quantity = Number(checked.data.quantity);
    if (!PLAIN_NAME.test(name)) return invalid("name", { name: "Please write your name without < > signs." });

    const result = await joinLine(box, { plan, email, quantity, name: name || null });
    switch (result.kind) {
      case "unknown-plan":
        return invalid("plan", { plan: "Please choose one of the plans." });
      case "too-many":
        return invalid("quantity", { quantity: `At most ${result.max} of this plan can be bought in one order.` });
      case "not-sold-out": {
        const text = `There are seats left for this plan (${result.left}): you can buy them now, no need to wait.`;
        return json
          ? c.json({ error: "not-sold-out", message: text, left: result.left } satisfies WaitlistRefusal, 409)
          : c.html(page("Seats are free", text, `/buy-ticket?plan=${encodeURIComponent(plan)}`), 409);
      }
      case "joined":
        // The same answer whether or not the address was on the list already: it tells nobody who is on it.
        return json
          ? c.json({ ok: true, message: message(email) } satisfies WaitlistJoinAnswer, 201)
          : c.redirect(`${back}#${sentId("waitlist")}`, 303);
    }
  });

  app.get(WAITLIST_PATHS.confirm, limit(30, "waitlist-confirm-get"), async (c) => {
    const token = await tokenOf(c);
    return c.html(
      page(
        "Join the waiting list",
        "Confirm your place on the waiting list? When seats come free, we e-mail you an offer.",
        "/",
        button(token, "Confirm my place"),
      ),
    );
  });
  app.post(WAITLIST_PATHS.confirm, limit(30, "waitlist-confirm"), apiBody, async (c) => {
    const token = await tokenOf(c);
    const entry = token ? await confirmInLine(box, token) : undefined;
    if (!entry || entry.status === "left")
      return c.html(page("Link not valid", "This confirmation link is not valid (any more).", "/"), 404);
    if (entry.status === "bought")
      return c.html(page("Already bought", "You have bought these tickets already: see your e-mail.", "/"));
    const offered = entry.status === "offered";
    return c.html(
      page(
        "You are on the waiting list",
        offered
          ? "Seats are free right now: we have just sent you an e-mail with a link to buy them."
          : "Thank you: you have a place in line. When seats come free, we e-mail you an offer.",
        "/",
      ),
    );
  });

  app.get(WAITLIST_PATHS.offer, limit(30, "waitlist-offer-get"), async (c) => {
    const token = await tokenOf(c);
    const state = await offerState(box, token);
    switch (state.kind) {
      case "open": {
        const { entry, hold, plan } = state;
        const free = hold.amountMinor === 0;
        return c.html(
          page(
            "Seats kept for you",
            `${entry.quantity} × ${plan} ${entry.quantity === 1 ? "is" : "are"} kept for you until ${state.until}.${free ? "" : ` The price is ${money(hold.amountMinor, hold.currency)}, paid on the card provider's page.`}`,
            "/",
            button(token, free ? "Get my tickets" : "Pay for my seats"),
          ),
        );
      }
      default:
        return offerGone(c, state);
    }
  });

  app.post(WAITLIST_PATHS.offer, limit(10, "waitlist-offer"), apiBody, async (c) => {
    if (!sameOrigin(c, options)) return c.json({ error: "Cross-origin posts are refused" }, 403);
    const token = await tokenOf(c);
    const result = await takeOffer(box, token);
    switch (result.kind) {
      case "checkout":
        return c.redirect(result.url, 303);
      case "order":
        return c.redirect(ticketsPath(result.token), 303);
      case "open":
        return c.redirect(`${WAITLIST_PATHS.offer}?token=${token}`, 303);
      case "failed":
        return c.html(
          page(
            "Payment not started",
            `The payment could not be started: the card provider did not answer. Your seats stay kept; please try again in a minute, or contact us at ${result.contact}.`,
            `${WAITLIST_PATHS.offer}?token=${token}`,
          ),
          502,
        );
      case "no-payments":
        return c.html(
          page(
            "Please contact us",
            `Card payments are not taken on this site at the moment: contact us at ${result.contact} and we keep your seats for you.`,
            "/",
          ),
          503,
        );
      default:
        return offerGone(c, result);
    }
  });
}
