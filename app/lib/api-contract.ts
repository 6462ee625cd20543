/**
 * The browser–server contract: the API paths, the form kinds and their messages, and the anchors the
 * server redirects to when JavaScript is off. Pure data, imported by both `app/` and `server/`.
 */

export const API_PATHS = {
  vitals: "/api/vitals",
  checkout: "/api/checkout",
  /** `POST /api/forms/<kind>`: a form sent before hydration or without JavaScript. */
  forms: "/api/forms/:kind",
  /** The payment provider's webhook (`checkout.session.completed` records a paid order). */
  stripeWebhook: "/api/webhooks/stripe",
  /** `GET`: the order of a checkout session, for /success (app/lib/orders.ts). */
  order: "/api/orders/:sessionId",
  /** `GET`: a post's approved comments (app/lib/comments.ts). */
  comments: "/api/comments/:postId",
} as const;

export function formPath(kind: FormKind): string {
  return API_PATHS.forms.replace(":kind", kind);
}

/** The anchor of the message shown when checkout fails without JavaScript (the server's 303 target). */
export const CHECKOUT_UNAVAILABLE_ID = "checkout-unavailable";

/**
 * The site's forms and their success messages (spec section 7). Shared by the browser (toasts) and the
 * server (`POST /api/forms/:kind`, the answer to a form sent before hydration or without JavaScript).
 */
export const FORM_MESSAGES = {
  newsletter: "Subscribed Successfully!",
  newsletterTemplate: "Thanks for Subscription!",
  faq: "Thanks for your Message!",
  comingSoon: "Thanks for your Email",
  ticket: "Purchase Request Submitted!",
  comment: "Thanks for your Comment!",
  contact: "Message Sent!",
  /**
   * Not in the spec: the login page has no authentication and its button is "not wired". The form still
   * goes through SiteForm so the password is only ever POSTed (never put in a URL) and the visitor is
   * told plainly that there is nothing to sign in to, instead of a button that silently does nothing.
   */
  login: "Sign-in is not available: this site has no accounts.",
} as const;

export type FormKind = keyof typeof FORM_MESSAGES;

export function isFormKind(value: string): value is FormKind {
  return Object.hasOwn(FORM_MESSAGES, value);
}

/** The id of the element that shows a form's success message without JavaScript (`:target`). */
export function sentId(kind: FormKind): string {
  return `sent-${kind}`;
}
