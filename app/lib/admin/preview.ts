/**
 * The editor's page preview (issue 41): a saved change shown as visitors will see it, before a publish.
 * Shared by the server (server/content/routes.ts, over app/content/preview.server.ts) and the browser
 * (app/routes/admin-preview.tsx); the routes and their answers: app/api/admin/content.ts.
 */

/** The pages the preview can render, by their route module (app/routes/<route>.tsx). */
export const PREVIEW_ROUTES = [
  "home",
  "schedule",
  "event-detail",
  "speaker-detail",
  "blog-single",
  "faqs",
  "gallery",
  "pricing",
  "terms",
] as const;
export type PreviewRoute = (typeof PREVIEW_ROUTES)[number];

export const MAX_PAGE_PATH = 200;

/** A path of the site ("/event-detail/1/1"): at most 200 characters of a-z, 0-9, "/" and "-". */
export const isSitePath = (page: string) => page.length <= MAX_PAGE_PATH && /^\/[a-z0-9/-]*$/.test(page);

/**
 * The preview of a content file's page, e.g. `/admin/preview?file=schedule/day-01.yaml&page=/schedule`; with
 * `draft`, of the text in the editor that opened it, saved or not (issue 51, app/lib/admin/content-preview.ts).
 */
export function previewUrl(file: string, page?: string, draft = false): string {
  const query = new URLSearchParams({ file, ...(page ? { page } : {}), ...(draft ? { draft: "1" } : {}) });
  return `/admin/preview?${query.toString()}`;
}
