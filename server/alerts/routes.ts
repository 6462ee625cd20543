/**
 * Alerts for a kept agenda (issue 44, part 2; app/lib/agenda/alerts.ts):
 * - `GET /api/agendas/:secret/alerts`: the agenda's addresses (confirmed or not), whether a browser gets pushes,
 *   and the VAPID public key to subscribe with.
 * - `POST /api/agendas/:secret/alerts`: `{ email }` queues a confirmation mail (like the newsletter's);
 *   `{ push }` keeps a browser's push subscription.
 * - `/api/alerts/confirm?t=` and `/api/alerts/unsubscribe?t=`: the mailed links. A GET shows a button (mail
 *   scanners follow links and must not act); a POST acts: for unsubscribe that is RFC 8058's one-click POST,
 *   which mail programs send from the List-Unsubscribe header with no other step.
 */
import { Hono, type Context } from "hono";
import { ALERT_PATHS, AlertRequestSchema, type AgendaAlerts } from "../../app/lib/agenda/alerts";
import { KEPT_SECRET_PATTERN } from "../../app/lib/agenda/kept-link";
import { findAgenda, newSecret } from "../agenda/queries";
import type { Database } from "../db/client";
import { apiBody } from "../headers";
import { NO_STORE } from "../http-policy";
import type { MailDraft } from "../mail/queries";
import { mailedLink } from "../mailed-links";
import { missLimit, rateLimit } from "../rate-limit";
import { sameOrigin } from "../request";
import { alertUnsubscribeUrl } from "./alerts";
import { agendaAlerts, confirmAlerts, subscribeEmail, subscribePush, unsubscribeAlerts } from "./queries";

export interface AlertRoutesOptions {
  database: Database;
  /** SITE_URL: the links in mails (never the request's Host); without it no confirmation mail is queued. */
  siteUrl?: string;
  /** The VAPID public key; without it the page is told push is off. */
  publicKey?: () => Promise<string | undefined>;
  clientKey?: (c: Context) => string;
  now?: () => number;
  trustProxy?: boolean;
  /** Called after a confirmation mail was queued (wakes the mail sender). */
  onQueued?: () => void;
  /** Subscriptions per client and window (default 20 per 10 minutes). */
  limit?: { max: number; windowMs: number };
}

export function confirmAlertMail(email: string, token: string, siteUrl: string): MailDraft {
  const confirm = `${siteUrl}${ALERT_PATHS.confirm}?t=${encodeURIComponent(token)}`;
  const unsubscribeUrl = alertUnsubscribeUrl(siteUrl, token);
  return {
    to: email,
    subject: "Please confirm: tell you when one of your TNCC sessions changes",
    body: [
      "Hello,",
      "",
      "someone (we hope you) asked to be told at this address when a session starred in their TNCC agenda",
      "changes (a new time, a cancellation).",
      `To confirm, open: ${confirm}`,
      "",
      "If it was not you, ignore this mail: nothing will be sent.",
      `Stop at any time: ${unsubscribeUrl}`,
    ].join("\n"),
    unsubscribeUrl,
  };
}

export function alertRoutes(options: AlertRoutesOptions): Hono {
  const app = new Hono();
  const { db } = options.database;
  const now = options.now ?? Date.now;
  const key = options.clientKey ?? (() => "client");
  const misses = missLimit({ max: 20, windowMs: 600_000, now });

  /** The agenda named, always answered when it exists; an unknown one is 404, or 429 after too many (../agenda/). */
  const agendaOf = async (c: Context) => {
    const secret = c.req.param("secret") ?? "";
    const agenda = KEPT_SECRET_PATTERN.test(secret) ? await findAgenda(db, secret) : undefined;
    if (agenda) return agenda;
    const client = key(c);
    const wait = misses.blocked(client);
    if (wait)
      return c.json({ error: "Too many requests: try again in a moment." }, 429, {
        "Retry-After": String(wait),
        "Cache-Control": NO_STORE,
      });
    misses.miss(client);
    return c.json({ error: "not-found", message: "This agenda link is not known (any more)." }, 404);
  };

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
    rateLimit({ max: 20, windowMs: 600_000, ...options.limit, key, now }),
    async (c) => {
      if (!sameOrigin(c, options))
        return c.json({ error: "forbidden", message: "Cross-origin requests are refused" }, 403);
      const agenda = await agendaOf(c);
      if (agenda instanceof Response) return agenda;
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        return c.json({ error: "invalid", message: "Send the alert as JSON" }, 400);
      }
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
        const email = request.email.trim().toLowerCase();
        const { mailed } = await subscribeEmail(
          db,
          agenda.id,
          email,
          newSecret(),
          siteUrl ? (token) => confirmAlertMail(email, token, siteUrl) : null,
        );
        if (mailed) options.onQueued?.();
      } else {
        const { endpoint, keys } = request.push;
        await subscribePush(db, agenda.id, { endpoint, ...keys }, newSecret());
      }
      return c.json(await state(agenda.id), 202);
    },
  );

  mailedLink(app, ALERT_PATHS.confirm, {
    param: "t",
    ask: {
      title: "Confirm your alerts",
      question: "Be told at this address when a session of your agenda changes?",
      button: "Yes, tell me",
    },
    act: (token) => confirmAlerts(db, token),
    done: {
      title: "Alerts confirmed",
      message: "You will be told when a session of your agenda changes.",
      back: "/agenda",
    },
    invalid: "This confirmation link is not valid (any more).",
  });
  mailedLink(app, ALERT_PATHS.unsubscribe, {
    param: "t",
    ask: {
      title: "Stop alerts",
      question: "Stop telling this address when a session changes?",
      button: "Stop the alerts",
    },
    act: (token) => unsubscribeAlerts(db, token),
    done: { title: "Alerts stopped", message: "You will not be told about changes any more.", back: "/agenda" },
    invalid: "This link is not valid.",
  });
  return app;
}
