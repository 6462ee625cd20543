/**
 * `/api/admin/*`: the organisers' inbox (issue 18). Every route needs a live session (401 without), except
 * signing in; every state-changing request must come from SITE_URL's origin, and a read from another site is
 * refused too (403, issue 50; both before the session is looked up). The routes are
 * one family per file beside this one; docs/decisions/011-admin.md has the policy. A door volunteer's session
 * (issue 43) reaches only the session, the password and the door's routes (server/door/): 403 elsewhere.
 */
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import { sessionAdmin } from "./accounts/sessions.queries";
import { isHttps } from "../request";
import { apiBody, limitBody } from "../headers";
import { registerComments } from "./inbox/comments";
import { registerContent } from "../api/admin/content";
import type { AdminEnv, AdminOptions } from "./context";
import { registerErasure } from "./inbox/erasure";
import { registerAnnouncements } from "./announcements/routes";
import { registerAttendees } from "./attendees/routes";
import { registerHome } from "./home/routes";
import { registerOrders } from "./inbox/orders";
import { INVITE_PATH, registerOrganisers } from "./accounts/organisers";
import { registerPublish } from "../publish/routes";
import { cookieName, registerSession } from "./accounts/session";
import { registerSubmissions } from "./inbox/submissions";
import { registerDoor } from "../door/routes";
import { registerBoxOffice } from "../tickets/admin-routes";

export type { AdminOptions } from "./context";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A content file saved by the editor, or previewed (MAX_CONTENT_BYTES, JSON-escaped). */
const CONTENT_BODY_LIMIT = 1024 * 1024;
/** A door device's batch of scans (issue 43): MAX_SYNC_SCANS of them, JSON. */
const DOOR_SYNC_LIMIT = 128 * 1024;
/** A picture uploaded by the editor (MAX_IMAGE_BYTES) and its form fields: a larger one gets 413 before it is read. */
const IMAGE_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const imageLimit = limitBody(IMAGE_BODY_LIMIT, (c) =>
  c.json({ error: "That picture is larger than 10 MB: please make it smaller." }, 413),
);
/**
 * The organisers' body limits by path (16 KiB unless named), applied after the Origin and session check: a
 * request from outside never gets a byte of its body read (issue 39). A picture upload must say its length
 * (411 otherwise): a chunked body would have to be read to be measured.
 */
const BODY_LIMITS: Record<string, MiddlewareHandler> = {
  "/api/admin/content/file": limitBody(CONTENT_BODY_LIMIT),
  // A door's sync: up to MAX_SYNC_SCANS scans of about 150 bytes each.
  "/api/admin/door/sync": limitBody(DOOR_SYNC_LIMIT),
  "/api/admin/content/preview": limitBody(CONTENT_BODY_LIMIT),
  "/api/admin/content/images": async (c, next) => {
    const length = c.req.header("content-length");
    if (c.req.raw.body && (length === undefined || c.req.header("transfer-encoding") !== undefined))
      return c.json({ error: "The upload did not say its size: please try again from the editor's page." }, 411);
    return imageLimit(c, next);
  },
};
const bodyLimit: MiddlewareHandler = (c, next) => (BODY_LIMITS[c.req.path] ?? apiBody)(c, next);

/**
 * What a door volunteer may reach (issue 43), judged on the path the router matches (`c.req.path`, decoded as
 * it decodes it), so no spelling of another route slips through.
 */
export const doorMayReach = (path: string) =>
  path === "/api/admin/session" || path === "/api/admin/password" || path.startsWith("/api/admin/door/");
const DOOR_ONLY =
  "This account is a door volunteer's: it can check tickets in on the check-in page (/checkin) and nothing else here.";

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

/** The organisers' sub-app, mounted at /api/admin. */
export function adminRoutes(options: AdminOptions): Hono<AdminEnv> {
  const now = options.now ?? Date.now;
  const trustProxy = options.trustProxy ?? false;
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
    c.set("admin", who);
    c.set("token", token);
    return next();
  });
  // Only now is a body read, up to its route's limit (issue 39).
  admin.use("*", bodyLimit);

  registerSession(admin, { ...options, now, trustProxy });
  registerHome(admin, options);
  registerSubmissions(admin, options);
  registerComments(admin, options);
  registerOrders(admin, options);
  registerErasure(admin, options);
  registerOrganisers(admin, options);
  registerAttendees(admin, options);
  registerBoxOffice(admin, options);
  registerDoor(admin, options);
  registerAnnouncements(admin, options);
  if (options.publisher) registerPublish(admin, options.publisher);
  if (options.content) registerContent(admin, options.content, options.database.db);
  return admin;
}
