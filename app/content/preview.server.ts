// The editor's page preview (issue 41): which pages of the site a content file shows on, and a page's loader
// data computed from the content as saved (the views the route loaders call, through `pageView`). Read by the
// route loaders at build time and by the server's editor (server/content/routes.ts) on request.
import fs from "node:fs";
import path from "node:path";
import type { PreviewPage } from "~/api/admin/content";
import type { PreviewRoute } from "~/lib/admin/preview";
import { dayAnchor } from "~/lib/schedule/day-anchor";
import { pageUrl } from "~/lib/urls";
import { COLLECTIONS, collectionOf } from "./collections";
import { getPosts, getScheduleDays, getSpeakers, withChanges } from "./content.server";
import { CONTENT_DIR } from "./settings.server";
import {
  blogPostView,
  eventDetailView,
  faqsView,
  galleryView,
  homeView,
  pricingView,
  scheduleView,
  speakerDetailView,
  termsView,
} from "./views.server";

export { ContentError } from "./content.server";

type Params = Record<string, string | undefined>;

const id = (value: string | undefined) => (value !== undefined && /^\d{1,6}$/.test(value) ? Number(value) : null);

/** Each previewable page's data from its route's params: the one place that knows which view a page shows. */
const PAGE_VIEWS = {
  home: () => homeView(),
  schedule: () => scheduleView(),
  "event-detail": ({ dayId, sessionId }: Params) => {
    const [day, session] = [id(dayId), id(sessionId)];
    return day === null || session === null ? undefined : eventDetailView(day, session);
  },
  "speaker-detail": (params: Params) => {
    const speaker = id(params.id);
    return speaker === null ? undefined : speakerDetailView(speaker);
  },
  "blog-single": (params: Params) => {
    const post = id(params.id);
    return post === null ? undefined : blogPostView(post);
  },
  faqs: () => faqsView(),
  gallery: () => galleryView(),
  pricing: () => pricingView(),
  terms: () => termsView(),
} satisfies Record<PreviewRoute, (params: Params) => unknown>;

type PageViews = typeof PAGE_VIEWS;

/** A page's loader data (undefined where the page does not exist: the loader's 404). */
export function pageView<R extends PreviewRoute>(route: R, params: Params = {}): ReturnType<PageViews[R]> {
  return PAGE_VIEWS[route](params) as ReturnType<PageViews[R]>;
}

/** The site's paths of those routes (as app/routes.ts writes them). */
const PAGE_PATHS: [pattern: string, route: PreviewRoute][] = [
  ["/", "home"],
  ["/schedule", "schedule"],
  ["/event-detail/:dayId/:sessionId", "event-detail"],
  ["/speakers-detail/:id", "speaker-detail"],
  ["/blog-single/:id", "blog-single"],
  ["/faqs", "faqs"],
  ["/gallery", "gallery"],
  ["/pricing", "pricing"],
  ["/terms", "terms"],
];

/** The params of a path that a pattern matches ("/event-detail/:dayId/:sessionId"), or null. */
function match(pattern: string, page: string): Params | null {
  const want = pattern.split("/");
  const got = page.replace(/(.)\/$/, "$1").split("/");
  if (want.length !== got.length) return null;
  const params: Params = {};
  for (const [index, part] of want.entries()) {
    if (part.startsWith(":")) params[part.slice(1)] = got[index];
    else if (part !== got[index]) return null;
  }
  return params;
}

/** Files by their path in content/ and the text read in their place: an organiser's unsaved text (issue 51). */
export type Changes = Readonly<Record<string, string | null>>;

/** `read` over the content as saved, or with `changes` in place. */
const over = <T>(changes: Changes, read: () => T): T =>
  Object.keys(changes).length ? withChanges(changes, read) : read();

/**
 * A page's route and loader data from the content as it is now (with `changes` in place: the editor's unsaved
 * text), or null for a page the preview cannot show.
 */
export function previewData(page: string, changes: Changes = {}): { route: PreviewRoute; data: unknown } | null {
  for (const [pattern, route] of PAGE_PATHS) {
    const params = match(pattern, page);
    if (!params) continue;
    const data: unknown = over(changes, () => pageView(route, params));
    return data === undefined ? null : { route, data };
  }
  return null;
}

/**
 * The position of a folder collection's file in its list (the list is in file-name order, as load.ts reads it),
 * counting a file the changes add.
 */
function positionIn(folder: string, extension: string, rel: string, changes: Changes): number {
  const full = path.join(CONTENT_DIR, folder);
  const names = fs.existsSync(full) ? fs.readdirSync(full).filter((name) => name.endsWith(extension)) : [];
  const own = rel.slice(folder.length + 1);
  if (typeof changes[rel] === "string" && !names.includes(own)) names.push(own);
  return names.sort().indexOf(own);
}

const HOME: PreviewPage = { page: "/", label: "Home" };
const SCHEDULE: PreviewPage = { page: "/schedule", label: "Schedule" };

/** The pages each collection's files show on, where it is not only the home page. */
const PAGES_OF: Partial<Record<keyof typeof COLLECTIONS, (position: number) => PreviewPage[]>> = {
  scheduleDays: (position) => {
    const day = getScheduleDays()[position];
    return [
      // The schedule opens on this day's tab (the day of the edit, not Day 1: issue 62).
      day
        ? { page: "/schedule", label: `Schedule · ${day.label.replace(/\b0+(?=\d)/g, "")}`, anchor: dayAnchor(day.id) }
        : SCHEDULE,
      ...(day?.sessions ?? []).map((s) => ({ page: pageUrl.session(day!.id, s.id), label: s.title })),
    ];
  },
  speakers: (position) => {
    const speaker = getSpeakers()[position];
    return speaker ? [{ page: pageUrl.speaker(speaker.id), label: speaker.name }] : [];
  },
  posts: (position) => {
    const post = getPosts()[position];
    return post ? [{ page: pageUrl.post(post.id), label: post.title }] : [];
  },
  faqs: () => [{ page: "/faqs", label: "FAQs" }],
  gallery: () => [{ page: "/gallery", label: "Gallery" }],
  ticketPlans: () => [{ page: "/pricing", label: "Pricing" }],
  terms: () => [{ page: "/terms", label: "Terms and conditions" }],
};

/**
 * The pages of the site a content file (relative to content/, with "/") shows on, with `changes` in place; none
 * for a file no collection reads.
 */
export function previewPages(rel: string, changes: Changes = {}): PreviewPage[] {
  const found = collectionOf(COLLECTIONS, rel);
  if (!found) return [];
  const [name, { files }] = found as [keyof typeof COLLECTIONS, (typeof COLLECTIONS)[keyof typeof COLLECTIONS]];
  const pages = PAGES_OF[name];
  if (!pages) return [HOME];
  const position = typeof files === "string" ? 0 : positionIn(files.folder, files.extension, rel, changes);
  return over(changes, () => pages(position));
}
