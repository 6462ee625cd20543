/**
 * `POST /api/forms/:kind`: every form of the site. A 2xx (or the 303 of a plain post) is sent only after
 * the row is committed. JSON from the hydrated page carries an Idempotency-Key, so a retry stores once.
 * Also the newsletter's confirm and unsubscribe links (`/api/newsletter/*`), which need no sign-in.
 */
import { createHash, randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import {
  CONSENT_VERSION,
  FORMS,
  invalidId,
  isFormsApiKind,
  isStoredKind,
  sentId,
  type FormDefinition,
} from "../../app/forms";
import { checkForm } from "../../app/forms/schema";
import { API_PATHS } from "../../app/lib/urls";
import type { Database } from "../db/client";
import type { FeatureRoutes, FormsSettings, ServerContext } from "../context";
import { ipSalt } from "../db/settings";
import { countRequest } from "../limits/queries";
import { confirmSubscriber, saveSubmission, subscribe, unsubscribe } from "./queries";
import { type MailDraft } from "../mail/queries";
import { apiBody } from "../headers";
import { mailedLink } from "../mailed-links";
import { sameOriginPath } from "../redirect";
import { clientKey, page, readFormPost } from "../request";

/** The forms' settings (server/context.ts), on the database. */
export interface FormsOptions extends FormsSettings {
  database: Database;
  /** Take the client IP from X-Forwarded-For (behind a proxy you trust). */
  trustProxy?: boolean;
}

const KEY = /^[\w-]{8,100}$/;
/** A path of this site as a page names it: "/", "/blog-single/3", with a query; no scheme, host or "//". */
const SITE_PATH = /^\/(?![/\\])[\w\-./~%?=&+:@!$'()*,;]{0,299}$/;

export function formsRoutes(options: FormsOptions): Hono {
  const app = new Hono();
  const { database } = options;
  const { db } = database;
  const { limit, windowMs } = options.rateLimit ?? { limit: 10, windowMs: 10 * 60_000 };
  const clock = options.now ?? Date.now;
  const salt = ipSalt(db);
  const memory = new Map<string, { start: number; count: number }>();

  /** Counters live in the database when several instances share it, in memory for the embedded one. */
  async function overLimit(key: string): Promise<number | null> {
    if (database.driver === "postgres") {
      const { allowed, retryAfter } = await countRequest(db, key, limit, windowMs, clock());
      return allowed ? null : retryAfter;
    }
    const now = clock();
    const start = Math.floor(now / windowMs) * windowMs;
    const entry = memory.get(key);
    const count = entry?.start === start ? entry.count + 1 : 1;
    if (memory.size > 10_000) memory.clear();
    memory.set(key, { start, count });
    return count <= limit ? null : Math.max(1, Math.ceil((start + windowMs - now) / 1000));
  }

  async function ipHash(c: Context): Promise<string> {
    return createHash("sha256")
      .update(`${await salt}:${clientKey(c, options.trustProxy ?? false)}`)
      .digest("hex")
      .slice(0, 32);
  }

  app.post(API_PATHS.forms, apiBody, async (c) => {
    const kind = c.req.param("kind");
    // The waiting list is kept by the box office (its own endpoint and table): never a submission here.
    if (!isFormsApiKind(kind)) return c.json({ error: `Unknown form "${kind}"` }, 400);
    const post = await readFormPost(c, options, "Cross-origin form posts are refused");
    if (post instanceof Response) return post;
    const { json, fields } = post;
    const back = sameOriginPath(c.req.header("referer"), c.req.url);
    const sent = () =>
      json ? c.json({ ok: true, message: FORMS[kind].success }, 201) : c.redirect(`${back}#${sentId(kind)}`, 303);

    // Login is never stored: there are no accounts.
    if (!isStoredKind(kind)) return sent();
    // A bot filled the hidden field: it is told "sent", and nothing is kept.
    if (post.bot) return sent();

    const key = c.req.header("idempotency-key") ?? null;
    if (key !== null && !KEY.test(key))
      return c.json({ error: "Idempotency-Key must be 8 to 100 letters, digits, - or _" }, 400);

    const checked = checkForm(kind, fields);
    if (!checked.ok) {
      if (json) return c.json({ error: "invalid", field: checked.first, errors: checked.errors }, 422);
      return c.redirect(`${back}#${invalidId(kind, checked.first)}`, 303);
    }

    const hash = await ipHash(c);
    const wait = await overLimit(`${kind}:${hash}`);
    if (wait !== null) {
      const minutes = Math.ceil(wait / 60);
      const message = `You have sent this form many times in a short while. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
      c.header("Retry-After", String(wait));
      return json
        ? c.json({ error: "rate-limited", message, retryAfter: wait }, 429)
        : c.html(page("Please wait a little", message, back), 429);
    }

    const data = checked.data;
    const consentVersion = fields.consent && /^[\w.-]{1,40}$/.test(fields.consent) ? fields.consent : CONSENT_VERSION;
    const origin = options.siteUrl;
    const form: FormDefinition = FORMS[kind];
    if (form.newsletter && data.email) {
      const email = data.email;
      await subscribe(
        db,
        { email, kind, consentVersion, ipHash: hash, token: randomBytes(24).toString("base64url") },
        origin ? (token) => confirmMail(email, token, origin) : null,
      );
      return sent();
    }

    // The page a JSON submission names goes into the organisers' mail: only a path of this site is taken.
    if (json && fields.page !== undefined && !SITE_PATH.test(fields.page))
      return c.json(
        { error: "invalid", field: "page", errors: { page: "must be a path of this site, like /contact" } },
        422,
      );
    const pagePath = (json ? fields.page : undefined) ?? back;
    const to = options.notifyEmail || (await options.organiserEmail());
    const { duplicate, conflict } = await saveSubmission(
      db,
      {
        kind,
        key,
        data,
        email: data.email ?? null,
        page: pagePath.slice(0, 300),
        consentVersion,
        ipHash: hash,
        status: form.moderated ? "pending" : "new",
      },
      notifyMail(form, data, pagePath, to),
    );
    if (conflict)
      return c.json(
        { error: "This Idempotency-Key was already used for a different submission: send it with a new key." },
        422,
      );
    return duplicate && json ? c.json({ ok: true, duplicate: true, message: form.success }, 200) : sent();
  });

  mailedLink(app, "/api/newsletter/confirm", {
    param: "token",
    ask: {
      title: "Confirm your subscription",
      question: "Receive the TNCC newsletter at this address?",
      button: "Confirm my subscription",
    },
    act: (token) => confirmSubscriber(db, token),
    done: { title: "Subscription confirmed", message: "Thank you: you will receive the TNCC newsletter.", back: "/" },
    invalid: "This confirmation link is not valid (any more).",
  });
  mailedLink(app, "/api/newsletter/unsubscribe", {
    param: "token",
    ask: {
      title: "Unsubscribe",
      question: "Stop receiving the TNCC newsletter at this address?",
      button: "Unsubscribe",
    },
    act: (token) => unsubscribe(db, token),
    done: { title: "Unsubscribed", message: "You will not receive the newsletter any more.", back: "/" },
    invalid: "This unsubscribe link is not valid.",
  });
  return app;
}

function confirmMail(email: string, token: string, origin: string): MailDraft {
  const confirm = `${origin}/api/newsletter/confirm?token=${token}`;
  const unsubscribeUrl = `${origin}/api/newsletter/unsubscribe?token=${token}`;
  return {
    to: email,
    subject: "Please confirm your TNCC newsletter subscription",
    body: [
      "Hello,",
      "",
      "someone (we hope you) asked to receive the TNCC newsletter at this address.",
      `To confirm, open: ${confirm}`,
      "",
      "If it was not you, ignore this mail: nothing will be sent.",
      `Unsubscribe at any time: ${unsubscribeUrl}`,
    ].join("\n"),
    unsubscribeUrl,
  };
}

function notifyMail(form: FormDefinition, data: Record<string, string>, pagePath: string, to: string): MailDraft {
  const about = data.subject ?? data.name ?? data.email ?? "";
  const label = form.mailLabel ?? form.kind;
  return {
    to,
    replyTo: data.email ?? null,
    subject: `[TNCC] ${label}${about ? `: ${about}` : ""}`.slice(0, 200),
    body: [
      `${label} sent from ${pagePath}${form.moderated ? " (waiting for approval)" : ""}:`,
      "",
      // The form's own labels, in its order (app/forms/<kind>.ts).
      ...form.fields.filter((f) => data[f.name] !== undefined).map((f) => `${f.label}: ${data[f.name]}`),
      "",
      "Reply to this mail to answer the visitor.",
    ].join("\n"),
  };
}

/** Every form (issue 17), stored then mailed; without the database or the forms' settings, none. */
export const routes = ({ database, forms, trustProxy }: ServerContext): FeatureRoutes =>
  database && forms ? { site: formsRoutes({ ...forms, database, trustProxy }) } : {};
