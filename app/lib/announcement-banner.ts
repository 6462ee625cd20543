/**
 * What the site's announcement banner runs (issue 44; issue 51), apart from ./announcements.ts, which the
 * organisers' pages import: only the banner's chunk, loaded once the page is idle, imports this module.
 */

export const ANNOUNCEMENT_PATH = "/api/announcements/current";
/**
 * How often a page left open asks again, while its tab is visible (issue 51): with If-None-Match, an unchanged
 * answer is a bodiless 304. A shared cache may keep the answer 5 s (server/announcements/routes.ts), so a new
 * announcement shows within 25 s.
 */
export const POLL_MS = 20_000;

/** Where the banner remembers which announcements this browser dismissed. */
export const DISMISSED_KEY = "tncc-announcements-dismissed";

export function dismissedIds(raw: string | null): number[] {
  try {
    const value: unknown = JSON.parse(raw ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is number => Number.isInteger(v)) : [];
  } catch {
    return [];
  }
}

/** The list with `id` added, the newest 20 kept. */
export const withDismissed = (ids: number[], id: number) =>
  JSON.stringify([...ids.filter((i) => i !== id), id].slice(-20));
