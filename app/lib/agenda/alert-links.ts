/**
 * The mailed links of alerts (issue 51, item 5), without zod: read by the server (the mails' links) and by the
 * /alerts page. A link opens the site's own page, `/alerts#confirm=<token>` or `/alerts#stop=<token>`: the token
 * rides in the fragment (never sent to a server or a referrer), the page asks, and only its button acts (a POST of
 * the token), so a mail scanner that follows the link changes nothing. Links mailed before, to
 * `/api/alerts/confirm?t=…` and `/api/alerts/unsubscribe?t=…`, are sent on to the same page.
 */

/** The site's page of alerts: what they are, and the mailed links' answers. */
export const ALERTS_PAGE = "/alerts";

export type AlertLinkAction = "confirm" | "stop";

/** Where each action is posted (`{ t }` as JSON: answers AlertLinkAnswer; as a form: a small page, RFC 8058). */
export const ALERT_LINK_PATHS: Record<AlertLinkAction, string> = {
  confirm: "/api/alerts/confirm",
  stop: "/api/alerts/unsubscribe",
};

/** What the POST of a mailed link answers as JSON: the address it was for (null for a browser's notifications). */
export interface AlertLinkAnswer {
  email: string | null;
}

/** A link's token: base64url secrets (and the older links' `[\w-]` ones), at most 100 characters. */
export const ALERT_TOKEN_PATTERN = /^[\w-]{1,100}$/;

/** The page's address for a mailed link: `https://…/alerts#confirm=<token>`. */
export const alertPageLink = (origin: string, action: AlertLinkAction, token: string) =>
  `${origin}${ALERTS_PAGE}#${action}=${encodeURIComponent(token)}`;

/** The action and token of the page's fragment (`#confirm=…`, `#stop=…`), or null. */
export function alertLinkFromHash(hash: string): { action: AlertLinkAction; token: string } | null {
  const match = /^#?(confirm|stop)=(.*)$/.exec(hash);
  if (!match) return null;
  let token: string;
  try {
    token = decodeURIComponent(match[2]!);
  } catch {
    return null;
  }
  return ALERT_TOKEN_PATTERN.test(token) ? { action: match[1] as AlertLinkAction, token } : null;
}

/** Written to localStorage when this browser changed alerts (the page of a link): other tabs read them again. */
export const ALERTS_CHANGED_KEY = "myAgendaAlertsChanged";
