/**
 * The production server's HTTP application: the policy (server/headers.ts applies server/http-policy.ts), the
 * features, each `routes(ctx)` with its own routes, body limits and rate limits (server/context.ts), and the
 * live build's pages and files (server/static.ts) for whatever no route answered. A feature's organisers' routes
 * are mounted at /api/admin behind the organisers' check (server/admin/routes.ts). server/start.ts builds the
 * options from the settings; the tests pass their own.
 */
import { Hono } from "hono";
import { organiserRoutes, routes as admin } from "./admin/routes";
import { routes as agenda } from "./agenda/routes";
import { routes as alerts } from "./alerts/routes";
import { routes as announcements } from "./announcements/routes";
import { routes as attendees } from "./attendees/routes";
import { routes as comments } from "./comments/routes";
import { routes as content } from "./content/routes";
import { serverContext, type AppOptions, type Feature } from "./context";
import { routes as door } from "./door/routes";
import { routes as feedback } from "./feedback/routes";
import { routes as forms } from "./forms/routes";
import { apiNoStore, errorAnswer, securityHeaders, withHeaders } from "./headers";
import { routes as health } from "./health/routes";
import { routes as home } from "./home/routes";
import { routes as orders } from "./orders/routes";
import { routes as payments } from "./payments/routes";
import { routes as publish } from "./publish/routes";
import { serveBuild } from "./static";
import { routes as shifts } from "./shifts/routes";
import { routes as speakers } from "./speakers/routes";
import { routes as tickets } from "./tickets/routes";
import { routes as vitals } from "./vitals/routes";

export { isSubresourceType } from "./http-policy";
export type { AppOptions } from "./context";

/** Every feature, in the order its routes are matched (the organisers' sign-in and session first). */
const FEATURES: Feature[] = [
  vitals,
  health,
  forms,
  admin,
  home,
  attendees,
  orders,
  tickets,
  payments,
  door,
  comments,
  announcements,
  publish,
  content,
  agenda,
  alerts,
  speakers,
  feedback,
  shifts,
];

/** Throws, with a message for the operator, when the build is missing, unreadable or lacks its headers manifest. */
export function createApp(opts: AppOptions): Hono {
  const ctx = serverContext(opts);
  const applyHeaders = securityHeaders(() => ctx.site.current.index.manifest.default.csp, ctx.trustProxy);
  const features = FEATURES.map((feature) => feature(ctx));

  const app = new Hono();
  app.use("*", withHeaders(applyHeaders));
  app.use("/api/*", apiNoStore);
  const organisers = organiserRoutes(ctx, features);
  if (organisers) app.route("/api/admin", organisers);
  for (const { site } of features) if (site) app.route("/", site);

  app.notFound(serveBuild(() => ctx.site.current.index));
  app.onError(errorAnswer(applyHeaders, ctx.logError));
  return app;
}
