/**
 * The editor's page preview (issue 41): a saved change shown as visitors will see it, before a publish.
 * Shared by the server (server/content/routes.ts, over app/content/preview.server.ts) and the browser
 * (app/routes/admin-preview.tsx).
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

/** A page of the site a content file shows on, and what organisers call it. */
export interface PreviewPage {
  page: string;
  label: string;
  /**
   * Where on the page the file's entry is, when the page shows more than it (issue 62): the Schedule's tab of a
   * day file's day, "day-2" (the page opens there: the schedule reads `#day-2`).
   */
  anchor?: string;
}

/** `GET /api/admin/content/preview-pages?path=<content file>`. */
export interface PreviewPagesAnswer {
  pages: PreviewPage[];
}

/** `GET /api/admin/content/page?page=</path>`: the page's route and its loader data from the saved content. */
export interface PreviewPageAnswer {
  route: PreviewRoute;
  data: unknown;
}

/**
 * `POST /api/admin/content/preview` with a file's path (issue 51): a page drawn from the content with the
 * organiser's text, saved or not, in that file's place; the pages it shows on, and which one this is.
 */
export interface PreviewDraftAnswer extends PreviewPageAnswer {
  page: string;
  pages: PreviewPage[];
}

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
