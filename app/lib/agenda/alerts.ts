/**
 * Alerts for a kept agenda (issue 44, part 2; issue 51, item 5): the browser–server contract. "Tell me if my
 * sessions change" subscribes an e-mail address (confirmed by a mailed link) and, where the browser offers Web
 * Push, the browser's push subscription; both are kept with the agenda. zod/mini, for the server (the browser's
 * side, ./alerts-client.ts, checks the answers without it).
 */
import * as z from "zod/mini";
import { ALERT_LINK_PATHS } from "./alert-links";

export const ALERT_PATHS = {
  /**
   * `GET` what the agenda's alerts are (and the VAPID public key); `POST` an address or a push subscription;
   * `DELETE` `{ email }` stops that address's alerts.
   */
  agenda: "/api/agendas/:secret/alerts",
  /**
   * The mailed links' actions: `POST` acts (`{ t }` from the /alerts page; a form or `?t=` as RFC 8058's one-click
   * POST for unsubscribe); `GET` sends the visitor on to the page, which asks (./alert-links.ts).
   */
  confirm: ALERT_LINK_PATHS.confirm,
  unsubscribe: ALERT_LINK_PATHS.stop,
} as const;

export { agendaAlertsPath } from "./kept-link";
export * from "./alert-links";

/**
 * The browsers' push services (Chrome's, Firefox's, Safari's, Edge's): the server posts to a subscription's
 * endpoint, so only these hosts are taken, never one inside the network or any other site.
 */
const PUSH_SERVICE =
  /^(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|[a-z0-9-]+\.push\.apple\.com|[a-z0-9-]+\.notify\.windows\.com)$/;

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https$/, hostname: PUSH_SERVICE }).check(z.maxLength(2000)),
  keys: z.object({
    p256dh: z.string().check(z.regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/)),
    auth: z.string().check(z.regex(/^[A-Za-z0-9_-]{16,24}={0,2}$/)),
  }),
});

export const AlertRequestSchema = z.union([
  // As app/forms/email.ts checks an address (which lib may not import): trimmed, at most 254 characters.
  z.object({ email: z.string().check(z.trim(), z.maxLength(254), z.email()) }),
  z.object({ push: PushSubscriptionSchema }),
]);
export type AlertRequest = z.infer<typeof AlertRequestSchema>;

/** `DELETE /api/agendas/:secret/alerts`: the address whose alerts stop. */
export const AlertStopSchema = z.object({ email: z.string().check(z.trim(), z.maxLength(254)) });

export const AgendaAlertsSchema = z.object({
  emails: z.array(z.object({ email: z.string(), confirmed: z.boolean() })),
  push: z.boolean(),
  /** The server's VAPID public key (base64url), for `pushManager.subscribe`; absent when push is off. */
  publicKey: z.optional(z.string()),
});
export type AgendaAlerts = z.infer<typeof AgendaAlertsSchema>;
