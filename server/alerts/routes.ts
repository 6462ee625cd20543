/**
 * Alerts for a kept agenda (issue 44, part 2; app/lib/agenda/alerts.ts). The page subscribes from /agenda or a
 * session's page and keeps the agenda on the server itself when it was not yet (issue 51, item 5):
 * - `GET /api/agendas/:secret/alerts`: the agenda's addresses (confirmed or not), whether a browser gets pushes,
 *   and the VAPID public key to subscribe with.
 * - `POST /api/agendas/:secret/alerts`: `{ email }` queues a confirmation mail (like the newsletter's);
 *   `{ push }` keeps a browser's push subscription. `DELETE` `{ email }` stops that address.
 * - The mailed links open the site's /alerts page (`#confirm=<token>`, `#stop=<token>`: app/lib/agenda/alert-links.ts),
 *   which asks; its button posts the token to `/api/alerts/confirm` or `/api/alerts/unsubscribe` (JSON in, the
 *   address out). Mail scanners follow links and must not act: a GET of these two (links mailed before) only
 *   sends on to the page. A form POST acts too: RFC 8058's one-click POST, which mail programs send from the
 *   List-Unsubscribe header with no other step, gets a small page.
 */
import { normalizeEmail } from "../../app/forms/email";
import { Hono, type Context } from "hono";
import {
  ALERT_PATHS,
  ALERT_TOKEN_PATTERN,
  AlertRequestSchema,
  AlertStopSchema,
  alertPageLink,
  type AgendaAlerts,
  type AlertLinkAction,
  type AlertLinkAnswer,
} from "../../app/lib/agenda/alerts";
import { KEPT_SECRET_PATTERN } from "../../app/lib/agenda/kept-link";
import { findAgenda } from "../agenda/queries";
import { newSecret } from "../secret";
import type { Database } from "../db/client";
import type { FeatureRoutes, ServerContext } from "../context";
import { apiBody } from "../headers";
import { NO_STORE } from "../http-policy";
import type { MailDraft } from "../mail/queries";
import { missLimit, rateLimit } from "../rate-limit";
import { jsonOf, page, readForm, sameOrigin } from "../request";
import { alertUnsubscribeUrl } from "./alerts";
import {
  agendaAlerts,
  confirmAlerts,
  stopAlertAddress,
  subscribeEmail,
  subscribePush,
  unsubscribeAlerts,
  type AlertLinkTarget,
} from "./queries";

export interface AlertRoutesOptions {
  database: Database;
  /** SITE_URL: the links in mails (never the request's Host); without it no confirmation mail is queued. */
  siteUrl?: string;
  /** The VAPID public key; without it the page is told push is off. */
  publicKey?: () => Promise<string | undefined>;
  clientKey?: (c: Context) => string;
  now?: () => number;
  trustProxy?: boolean;
  /** Subscriptions per client and window (default 20 per 10 minutes). */
  limit?: { max: number; windowMs: number };
}

export function confirmAlertMail(email: string, token: string, siteUrl: string): MailDraft {
  return {
    to: email,
    subject: "Please confirm: tell you when one of your TNCC sessions changes",
    body: [
      "Hello,",
      "",
      "someone (we hope you) asked to be told at this address when a session starred in their TNCC agenda",
      "changes (a new time, a cancellation).",
      `To confirm, open: ${alertPageLink(siteUrl, "confirm", token)}`,
      "",
      "If it was not you, ignore this mail: nothing will be sent.",
      `Stop at any time: ${alertPageLink(siteUrl, "stop", token)}`,
    ].join("\n"),
    unsubscribeUrl: alertUnsubscribeUrl(siteUrl, token),
  };
}

/** The words of a mailed link's answer, for a form's post (RFC 8058) that gets a page rather than JSON. */
const LINK_WORDS: Record<AlertLinkAction, { title: string; message: string; invalid: string }> = {
  confirm: {
    title: "Alerts confirmed",
    message: "You will be told when a session of your agenda changes.",
    invalid: "This confirmation link is not valid (any more).",
  },
  stop: {
    title: "Alerts stopped",
    message: "You will not be told about changes any more.",
    invalid: "This link is not valid.",
  },
};

export function alertRoutes(options: AlertRoutesOptions): Hono {
  const app = new Hono();
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const key = options.clientKey ?? (() => "client");
  const misses = missLimit({ max: 20, windowMs: 600_000, now, shared: { db, name: "alerts-miss" } });

  /** The agenda named, always answered when it exists; an unknown one is 404, or 429 after too many (../agenda/). */
  const agendaOf = async (c: Context) => {
    const secret = c.req.param("secret") ?? "";
    const agenda = KEPT_SECRET_PATTERN.test(secret) ? await findAgenda(db, secret) : undefined;
    if (agenda) return agenda;
    return misses.unknown(c, key(c), () =>
      c.json({ error: "not-found", message: "This agenda link is not known (any more)." }, 404),
    );
  };

  /** A change to the named agenda's alerts: from the site's own pages only (403), then the agenda (404, 429). */
  const agendaToChange = async (c: Context) =>
    sameOrigin(c, options)
      ? agendaOf(c)
      : c.json({ error: "forbidden", message: "Cross-origin requests are refused" }, 403);

  const state = async (agendaId: number): Promise<AgendaAlerts> => {
    const publicKey = await options.publicKey?.();
    return { ...(await agendaAlerts(db, agendaId)), ...(publicKey ? { publicKey } : {}) };
  };

  app.get(ALERT_PATHS.agenda, async (c) => {
    const agenda = await agendaOf(c);
    if (agenda instanceof Response) return agenda;
    return c.json(await state(agenda.id));
  });

  app.post(
    ALERT_PATHS.agenda,
    apiBody,
    rateLimit({ max: 20, windowMs: 600_000, ...options.limit, key, now, shared: { db, name: "alerts" } }),
    async (c) => {
      const agenda = await agendaToChange(c);
      if (agenda instanceof Response) return agenda;
      const body = await jsonOf(c);
      if (body === undefined) return c.json({ error: "invalid", message: "Send the alert as JSON" }, 400);
      const parsed = AlertRequestSchema.safeParse(body);
      if (!parsed.success)
        return c.json(
          { error: "invalid", message: "Please enter a valid e-mail address, like name@example.com." },
          422,
        );
      const request = parsed.data;
      if ("email" in request) {
        const { siteUrl } = options;
        // Kept and mailed as the subscription keeps it: lower-case (as the newsletter's).
        const email = normalizeEmail(request.email);
        await subscribeEmail(
          db,
          agenda.id,
          email,
          newSecret(),
          siteUrl ? (token) => confirmAlertMail(email, token, siteUrl) : null,
        );
      } else {
        const { endpoint, keys } = request.push;
        await subscribePush(db, agenda.id, { endpoint, ...keys }, newSecret());
      }
      return c.json(await state(agenda.id), 202);
    },
  );

  app.delete(ALERT_PATHS.agenda, apiBody, async (c) => {
    const agenda = await agendaToChange(c);
    if (agenda instanceof Response) return agenda;
    const parsed = AlertStopSchema.safeParse(await jsonOf(c));
    if (!parsed.success) return c.json({ error: "invalid", message: "Name the address whose alerts stop." }, 422);
    await stopAlertAddress(db, agenda.id, parsed.data.email);
    return c.json(await state(agenda.id));
  });

  const mailedLink = (
    action: AlertLinkAction,
    url: string,
    act: (token: string) => Promise<AlertLinkTarget | undefined>,
  ) => {
    // A link mailed before the page existed: the page asks (a mail scanner's GET changes nothing).
    app.get(url, (c) => c.redirect(alertPageLink("", action, c.req.query("t") ?? ""), 303));
    app.post(url, apiBody, async (c) => {
      const json = /^application\/json\b/i.test(c.req.header("content-type") ?? "");
      let token = c.req.query("t") ?? "";
      if (json) {
        const body = await jsonOf(c);
        if (body && typeof body === "object" && "t" in body && typeof body.t === "string") token = body.t;
      } else token = (await readForm(c).catch(() => null))?.t || token;
      const done = ALERT_TOKEN_PATTERN.test(token) ? await act(token) : undefined;
      const words = LINK_WORDS[action];
      c.header("Cache-Control", NO_STORE);
      if (json)
        return done
          ? c.json({ email: done.email } satisfies AlertLinkAnswer)
          : c.json({ error: "not-found", message: words.invalid }, 404);
      return done
        ? c.html(page(words.title, words.message, "/agenda"))
        : c.html(page("Link not valid", words.invalid, "/"), 404);
    });
  };
  mailedLink("confirm", ALERT_PATHS.confirm, (token) => confirmAlerts(db, token));
  mailedLink("stop", ALERT_PATHS.unsubscribe, (token) => unsubscribeAlerts(db, token));
  return app;
}

/** Alerts when a starred session changes (issue 44, part 2): e-mail confirmed by a mailed link, and Web Push. */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  const { database } = ctx;
  if (!database) return {};
  return {
    site: alertRoutes({
      database,
      siteUrl: ctx.siteUrl ?? ctx.forms?.siteUrl,
      publicKey: ctx.alerts?.publicKey,
      clientKey: ctx.clientKey,
      now: ctx.now,
      trustProxy: ctx.trustProxy,
    }),
  };
};
