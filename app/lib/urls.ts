/**
 * Every URL the site builds: the pages with an id in their path, the API paths (the browser–server
 * contract), and the anchor the server redirects to when checkout fails without JavaScript. Pure data,
 * imported by the pages, the build and the server. The forms' path is `formPath` in app/forms/.
 */
type Id = number | string;

/** Pages with an id in their path (app/routes.ts). */
export const pageUrl = {
  speaker: (id: Id) => `/speakers-detail/${id}`,
  session: (dayId: Id, sessionId: Id) => `/event-detail/${dayId}/${sessionId}`,
  post: (id: Id) => `/blog-single/${id}`,
  /** A session's calendar file, written by the build (scripts/build/calendar.ts). */
  sessionIcs: (dayId: Id, sessionId: Id) => `/calendar/${dayId}-${sessionId}.ics`,
};

export const API_PATHS = {
  vitals: "/api/vitals",
  checkout: "/api/checkout",
  /** `POST /api/forms/<kind>`: a form sent before hydration or without JavaScript. */
  forms: "/api/forms/:kind",
  /** The payment provider's webhook (`checkout.session.completed` records a paid order). */
  stripeWebhook: "/api/webhooks/stripe",
  /** `GET`: the order of a checkout session, for /success (app/lib/payments/orders.ts). */
  order: "/api/orders/:sessionId",
  /** `GET`: a post's approved comments (app/lib/blog/comments.ts). */
  comments: "/api/comments/:postId",
} as const;

/** The anchor of the message shown when checkout fails without JavaScript (the server's 303 target). */
export const CHECKOUT_UNAVAILABLE_ID = "checkout-unavailable";
