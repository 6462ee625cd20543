/**
 * `GET /api/announcements/current` (issue 44, part 3): the organisers' announcement showing now, or null, for
 * the banner every page shows after hydration (app/components/layout/announcement-banner.tsx). Pre-rendered
 * pages stay as they are: the banner appears from the moment an announcement is sent, without a rebuild.
 * Title, text and end only: nothing personal. A shared cache (a CDN) may keep it 15 s; a browser asks each
 * time (a withdrawal shows on the next page); the service worker never stores /api/ answers
 * (scripts/build/offline-worker.ts).
 */
import { Hono } from "hono";
import type { CurrentAnnouncement } from "../../app/lib/announcements";
import { currentAnnouncement } from "../admin/announcements/queries";
import type { Database } from "../db/client";

export function announcementsRoutes(options: { database?: Database; now?: () => number }): Hono {
  const now = options.now ?? Date.now;
  const app = new Hono();
  app.get("/api/announcements/current", async (c) => {
    // Without a database (a bare server in the tests) there is never one.
    const announcement = options.database ? await currentAnnouncement(options.database.db, new Date(now())) : null;
    c.header("Cache-Control", "public, max-age=0, s-maxage=15");
    return c.json({ announcement } satisfies CurrentAnnouncement);
  });
  return app;
}
