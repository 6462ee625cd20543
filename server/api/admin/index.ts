/**
 * `/api/admin/*`: the organisers' inbox (issue 18). Every route needs a live session (401 without), except
 * signing in; every state-changing request must come from SITE_URL's origin (403 otherwise). The routes are
 * one family per file beside this one; docs/decisions/011-admin.md has the policy.
 */
import { Hono, type Context } from "hono";
import { getCookie } from "hono/cookie";
import { sessionAdmin } from "./accounts";
import { isHttps } from "../../request";
import { requestBodyLimit } from "../../body-limits";
import { registerComments } from "./comments";
import { registerContent } from "./content";
import type { AdminEnv, AdminOptions } from "./context";
import { registerErasure } from "./erasure";
import { registerOrders } from "./orders";
import { INVITE_PATH, registerOrganisers } from "./organisers";
import { registerPublish } from "./publish";
import { cookieName, registerSession } from "./session";
import { registerSubmissions } from "./submissions";

export type { AdminOptions } from "./context";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The Origin of a state-changing request must be the site's own (SITE_URL, else the request's). */
export function originAllowed(c: Context, siteUrl: string | undefined): boolean {
  const origin = c.req.header("origin");
  if (!origin || origin === "null") return false;
  const own = siteUrl ? new URL(siteUrl).origin : new URL(c.req.url).origin;
  return origin === own;
}

export function registerAdmin(app: Hono, options: AdminOptions): void {
  const now = options.now ?? Date.now;
  const trustProxy = options.trustProxy ?? false;
  const admin = new Hono<AdminEnv>();

  admin.use("*", async (c, next) => {
    c.header("X-Robots-Tag", "noindex, nofollow");
    if (!SAFE_METHODS.has(c.req.method) && !originAllowed(c, options.siteUrl))
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
    c.set("admin", who);
    c.set("token", token);
    return next();
  });
  // Only now is a body read, up to its route's limit (issue 39).
  admin.use("*", requestBodyLimit);

  registerSession(admin, { ...options, now, trustProxy });
  registerSubmissions(admin, options);
  registerComments(admin, options);
  registerOrders(admin, options);
  registerErasure(admin, options);
  registerOrganisers(admin, options);
  if (options.publisher) registerPublish(admin, options.publisher);
  if (options.content) registerContent(admin, options.content, options.database.db);
  app.route("/api/admin", admin);
}
