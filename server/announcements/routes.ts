/**
 * `GET /api/announcements/current` (issue 44, part 3): the organisers' announcements showing now, newest first
 * (several at once since issue 62; `announcement`, the newest, for pages loaded before), for the banner every page
 * shows once idle (app/components/layout/announcement-banner.tsx). Pre-rendered pages stay
 * as they are: the banner appears from the moment an announcement is sent, without a rebuild. Title, text and
 * end only: nothing personal.
 *
 * A page left open asks again every 20 s while visible (issue 51), so each answer carries an ETag (a hash of its
 * body) and an unchanged one is a bodiless 304 to `If-None-Match`. A shared cache (a CDN) may keep it 5 s, so a
 * new announcement still shows within 25 s; a browser asks each time (a withdrawal shows on the next page or
 * poll); the service worker never stores /api/ answers (scripts/build/offline-worker.ts).
 */
import { bodyEtag, matchesEtag } from "../etag";
import { Hono } from "hono";
import type { CurrentAnnouncement } from "../../app/lib/announcements";
import { currentAnnouncements } from "./queries";
import type { Database } from "../db/client";
import { organiserFeature } from "../admin";
import type { FeatureRoutes, ServerContext } from "../context";
import { registerAnnouncements } from "./admin-routes";

export const CURRENT_CACHE_CONTROL = "public, max-age=0, s-maxage=5";

export function announcementsRoutes(options: { database?: Database; now?: () => number }): Hono {
  const now = options.now ?? Date.now;
  const app = new Hono();
  app.get("/api/announcements/current", async (c) => {
    // Without a database (a bare server in the tests) there is never one.
    const announcements = options.database ? await currentAnnouncements(options.database.db, new Date(now())) : [];
    const body = JSON.stringify({
      announcements,
      announcement: announcements[0] ?? null,
    } satisfies CurrentAnnouncement);
    const etag = bodyEtag(body);
    c.header("Cache-Control", CURRENT_CACHE_CONTROL);
    c.header("ETag", etag);
    if (matchesEtag(c.req.header("If-None-Match"), etag)) return c.body(null, 304);
    return c.body(body, 200, { "Content-Type": "application/json; charset=UTF-8" });
  });
  return app;
}

/** The banner for everyone (above), and the organisers' Announcements tab (./admin-routes.ts). */
export const routes = (ctx: ServerContext): FeatureRoutes => ({
  site: announcementsRoutes({ database: ctx.database, now: ctx.now }),
  ...organiserFeature(ctx, registerAnnouncements),
});
