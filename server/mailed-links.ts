/**
 * A mailed link that acts (confirm, unsubscribe): its GET shows a button, because mail scanners follow links and
 * must not act; its POST acts, which is also RFC 8058's one-click unsubscribe. The token comes in the query or
 * in the posted form, under `param`. Shared by the newsletter (server/forms/) and the alerts (server/alerts/).
 */
import type { Hono } from "hono";
import { apiBody } from "./headers";
import { escapeHtml, page, readForm } from "./request";

export interface MailedLink {
  /** The token's name in the query and the form. */
  param: string;
  ask: { title: string; question: string; button: string };
  act: (token: string) => Promise<boolean>;
  done: { title: string; message: string; back: string };
  invalid: string;
}

export function mailedLink(app: Hono, url: string, link: MailedLink): void {
  const { param, ask, act, done } = link;
  app.get(url, (c) => {
    const token = escapeHtml(c.req.query(param) ?? "");
    const form = `<form method="post"><input type="hidden" name="${param}" value="${token}"><button type="submit">${escapeHtml(ask.button)}</button></form>`;
    return c.html(page(ask.title, ask.question, "/", form));
  });
  app.post(url, apiBody, async (c) => {
    const body = await readForm(c).catch(() => null);
    const token = body?.[param] || c.req.query(param) || "";
    const ok = token.length <= 100 && (await act(token));
    return ok
      ? c.html(page(done.title, done.message, done.back))
      : c.html(page("Link not valid", link.invalid, "/"), 404);
  });
}
