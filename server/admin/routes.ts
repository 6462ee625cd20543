/**
 * `/api/admin/*`: what the organisers share. Every feature's organisers' routes (its `routes(ctx).organisers`)
 * are mounted here behind one check: every route needs a live session (401 without), except signing in; every
 * state-changing request must come from SITE_URL's origin, and a read from another site is refused too (403,
 * issue 50; both before the session is looked up); then the body limit the feature declares for the path, else
 * 16 KiB (issue 39). The organisers' own routes (session, accounts, inbox) are one family per file beside this
 * one; docs/decisions/011-admin.md has the policy. A door volunteer's session (issue 43) reaches only the
 * session, the password, the door's routes (server/door/) and their own shifts; a volunteer's (issue 66) only the
 * session, the password and their shifts (`/volunteer/*`, server/shifts/): 403 elsewhere.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { sessionAdmin } from "./accounts/sessions.queries";
import { isHttps } from "../request";
import { apiBody } from "../headers";
import { registerComments } from "./inbox/comments";
import type { FeatureRoutes, ServerContext } from "../context";
import { organiserContext, type AdminEnv } from "./context";
import { registerErasure } from "./inbox/erasure";
import { registerOrders } from "./inbox/orders";
import { INVITE_PATH, registerOrganisers } from "./accounts/organisers";
import { cookieName, registerSession } from "./accounts/session";
import { registerSubmissions } from "./inbox/submissions";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * What a door volunteer may reach (issue 43), judged on the path the router matches (`c.req.path`, decoded as
 * it decodes it), so no spelling of another route slips through.
 */
export const doorMayReach = (path: string) => volunteerMayReach(path) || path.startsWith("/api/admin/door/");
/** What a volunteer may reach (issue 66): the session, the password and their own shifts (server/shifts/). */
export const volunteerMayReach = (path: string) =>
  path === "/api/admin/session" || path === "/api/admin/password" || path.startsWith("/api/admin/volunteer/");
const DOOR_ONLY =
  "This account is a door volunteer's: it can check tickets in on the check-in page (/checkin) and sign up for shifts (/volunteer), nothing else here.";
const VOLUNTEER_ONLY = "This account is a volunteer's: it can sign up for shifts (/volunteer) and nothing else here.";

/** The Origin of a state-changing request must be the site's own (SITE_URL, else the request's). */
export function originAllowed(c: Context, siteUrl: string | undefined): boolean {
  const origin = c.req.header("origin");
  if (!origin || origin === "null") return false;
  const own = siteUrl ? new URL(siteUrl).origin : new URL(c.req.url).origin;
  return origin === own;
}

/**
 * Whether a request comes from another site (issue 50): a state-changing one must carry the site's Origin; a
 * read may carry none (a browser sends none with its own pages' GETs, nor when the organiser opens the CSV
 * export), but one that carries another Origin, or that the browser says came from another site
 * (Sec-Fetch-Site: an image or a link there sends no Origin), is refused as well: the attendees' names and the
 * door's list are read, not changed.
 */
export function fromElsewhere(c: Context, siteUrl: string | undefined): boolean {
  const fetchSite = c.req.header("sec-fetch-site");
  if (fetchSite === "cross-site" || fetchSite === "same-site") return true;
  if (!SAFE_METHODS.has(c.req.method)) return !originAllowed(c, siteUrl);
  return c.req.header("origin") !== undefined && !originAllowed(c, siteUrl);
}

/** The organisers' own routes: signing in, the session, the organisers and their inbox. */
export function routes(ctx: ServerContext): FeatureRoutes {
  const options = organiserContext(ctx);
  if (!options) return {};
  const organisers = new Hono<AdminEnv>();
  registerSession(organisers, options);
  registerSubmissions(organisers, options);
  registerComments(organisers, options);
  registerOrders(organisers, options);
  registerErasure(organisers, options);
  registerOrganisers(organisers, options);
  return { organisers };
}

/**
 * The organisers' sub-app, mounted at /api/admin: every feature's organisers' routes behind one check (Origin,
 * session, role), then each request's body limit: the one its feature declares for its path, else 16 KiB. A
 * request from outside never gets a byte of its body read (issue 39). Null without the database or the forms.
 */
export function organiserRoutes(ctx: ServerContext, features: FeatureRoutes[]): Hono<AdminEnv> | null {
  const options = organiserContext(ctx);
  if (!options) return null;
  const { now, trustProxy } = options;
  const limits: Record<string, MiddlewareHandler> = Object.assign({}, ...features.map((f) => f.bodyLimits ?? {}));
  const admin = new Hono<AdminEnv>();

  admin.use("*", async (c, next) => {
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (fromElsewhere(c, options.siteUrl))
      return c.json({ error: "This request must come from the site's own pages (Origin refused)." }, 403);
    const path = new URL(c.req.url).pathname;
    if (path === "/api/admin/session" && c.req.method === "POST") return next();
    // An invitee has no account yet: the link's token is checked by the route.
    if (path === INVITE_PATH) return next();
    const token = getCookie(c, cookieName(isHttps(c, trustProxy)));
    const who = token ? await sessionAdmin(options.database.db, token, now()) : null;
    if (!who || !token) return c.json({ error: "Please sign in." }, 401);
    // A one-time password (admin:add --generate) opens nothing but the password change and the session.
    if (who.mustChangePassword && !["/api/admin/session", "/api/admin/password"].includes(path))
      return c.json({ error: "Please choose a new password first.", mustChangePassword: true }, 403);
    if (who.role === "door" && !doorMayReach(c.req.path)) return c.json({ error: DOOR_ONLY }, 403);
    if (who.role === "volunteer" && !volunteerMayReach(c.req.path)) return c.json({ error: VOLUNTEER_ONLY }, 403);
    c.set("admin", who);
    c.set("token", token);
    return next();
  });
  // Only now is a body read, up to its route's limit (issue 39).
  admin.use("*", (c, next) => (limits[c.req.path] ?? apiBody)(c, next));
  for (const { organisers } of features) if (organisers) admin.route("/", organisers);
  return admin;
}
