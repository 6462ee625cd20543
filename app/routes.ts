import { type RouteConfig, index, route } from "@react-router/dev/routes";

/** Every URL of the site (spec section 2), on one screen. */
export default [
  index("routes/home.tsx", { id: "home" }),
  route("home", "routes/home.tsx", { id: "home-alias" }),
  route("revival", "routes/home.tsx", { id: "revival" }),
  route("home-2", "routes/home-2.tsx"),
  route("home-3", "routes/home-3.tsx"),
  route("home-4", "routes/home-4.tsx"),
  route("home-5", "routes/home-5.tsx"),
  route("about-us", "routes/about-us.tsx"),
  route("pricing", "routes/pricing.tsx"),
  route("faqs", "routes/faqs.tsx"),
  route("gallery", "routes/gallery.tsx"),
  route("coming-soon", "routes/coming-soon.tsx"),
  route("speakers", "routes/speakers.tsx"),
  route("speakers-detail/:id", "routes/speaker-detail.tsx"),
  route("schedule", "routes/schedule.tsx"),
  route("agenda", "routes/agenda.tsx"),
  // The alerts' page: what they are, and where the mailed links confirm or stop them (issue 51).
  route("alerts", "routes/alerts.tsx"),
  route("changes", "routes/changes.tsx"),
  route("event-detail/:dayId/:sessionId", "routes/event-detail.tsx"),
  route("buy-ticket", "routes/buy-ticket.tsx"),
  // The ticket's terms (content/terms.md), linked from the purchase form (issue 53).
  route("terms", "routes/terms.tsx"),
  route("blog-sidebar", "routes/blog-sidebar.tsx"),
  route("blog-grid", "routes/blog-grid.tsx"),
  route("blog-single/:id", "routes/blog-single.tsx"),
  route("login", "routes/login.tsx"),
  route("contact", "routes/contact.tsx"),
  route("success", "routes/success.tsx"),
  route("cancel", "routes/cancel.tsx"),
  // The organisers' inbox: rendered in the browser only (left out of pre-rendering in react-router.config.ts).
  route("admin", "routes/admin.tsx"),
  route("admin/content", "routes/admin-content.tsx"),
  route("admin/preview", "routes/admin-preview.tsx"),
  // The buyer's tickets (issue 42): rendered in the browser only too (server/http-policy.ts isClientOnlyPath);
  // /tickets?session=… is the return from checkout, /tickets/<token> the order's page, kept on the phone.
  route("tickets", "routes/tickets.tsx"),
  route("tickets/:token", "routes/ticket-order.tsx"),
  // The door's check-in (issue 43): browser only as well, and kept by the offline worker for a hall without Wi-Fi.
  route("checkin", "routes/checkin.tsx"),
  // A speaker's own page (issue 63), from their private link: browser only as well, never indexed.
  route("speaker-page/:token", "routes/speaker-page.tsx"),
  // A volunteer's own shifts (issue 66), signed in: browser only as well, never indexed.
  route("volunteer", "routes/volunteer.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found-page" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
