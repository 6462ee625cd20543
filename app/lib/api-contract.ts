/**
 * The browser–server contract: the API paths and the anchor the server redirects to when checkout fails
 * without JavaScript. Pure data, imported by both `app/` and `server/`; the forms are in app/forms/.
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

/** The anchor of the message shown when checkout fails without JavaScript (the server's 303 target). */
export const CHECKOUT_UNAVAILABLE_ID = "checkout-unavailable";
