// The loaded content: content/ read and validated once (again only when a content file or the image
// manifest changes, so `react-router dev` picks up edits). Route loaders take their data from the views
// (views.server.ts), which read it here; paths.server.ts lists the pre-rendered paths from it.
import { IMAGE_MANIFEST } from "../lib/build-outputs";
import fs from "node:fs";
import path from "node:path";
import { loadContent, readImageManifest } from "./load";
import { CONTENT_DIR } from "./settings.server";
import type {
  BannerSlide,
  BlogComment,
  Category,
  Client,
  Content,
  EventInfoTab,
  Faq,
  Feature,
  FunFacts,
  Pages,
  GalleryItem,
  Post,
  ScheduleDay,
  ScheduleSession,
  Site,
  Speaker,
  SponsorToken,
  Tag,
  Testimonial,
  Terms,
  TicketPlans,
} from "./schemas";

export { ContentError } from "./load";
export type * from "./schemas";

/** The content folder (settings.server.ts: content/, or CONTENT_DIR). */
const contentDir = CONTENT_DIR;
const manifestFile = path.join(process.cwd(), IMAGE_MANIFEST);

let cache: { stamp: string; content: Content } | undefined;

/** Changes when any content file or the manifest changes. */
function stamp(): string {
  const files = fs
    .readdirSync(contentDir, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ya?ml|md)$/.test(name))
    .map((name) => path.join(contentDir, name));
  return [...files, manifestFile]
    .map((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return `${file}:${stat?.mtimeMs ?? 0}:${stat?.size ?? 0}`;
    })
    .join("|");
}

/** The content with an organiser's unsaved text in place (withChanges), while a preview reads it. */
let drafted: Content | undefined;

/**
 * What `read` returns when the content has `changes` (files by their path in content/, their text) in place of
 * those files: the editor's preview of unsaved text (issue 51). Synchronous, so no other request sees them.
 */
export function withChanges<T>(changes: Readonly<Record<string, string | null>>, read: () => T): T {
  const before = drafted;
  drafted = loadContent(contentDir, readImageManifest(manifestFile), { changes });
  try {
    return read();
  } finally {
    drafted = before;
  }
}

/**
 * The stamp, worked out at most once per turn of the event loop: a page's loaders ask for the content a dozen
 * times in one go, and each look at every file cost the pre-rendering of a page milliseconds (issue 65). A file
 * changed is seen from the next turn: the next request, the next page.
 */
let stampNow: string | undefined;
function currentStamp(): string {
  if (stampNow === undefined) {
    stampNow = stamp();
    setImmediate(() => (stampNow = undefined));
  }
  return stampNow;
}

function content(): Content {
  if (drafted) return drafted;
  const current = currentStamp();
  if (cache?.stamp !== current) {
    cache = { stamp: current, content: loadContent(contentDir, readImageManifest(manifestFile)) };
  }
  return cache.content;
}

/** All of it: the build's steps read it whole (scripts/postbuild.ts). */
export const getContent = (): Content => content();
export const getSite = (): Site => content().site;
export const getBannerSlides = (): BannerSlide[] => content().bannerSlides;
export const getSpeakers = (): Speaker[] => content().speakers;
export const getSpeaker = (id: number): Speaker | undefined => content().speakers.find((speaker) => speaker.id === id);
export const getScheduleDays = (): ScheduleDay[] => content().scheduleDays;
export function getSession(
  dayId: number,
  sessionId: number,
): { day: ScheduleDay; session: ScheduleSession } | undefined {
  const day = content().scheduleDays.find((d) => d.id === dayId);
  const session = day?.sessions.find((s) => s.id === sessionId);
  return day && session ? { day, session } : undefined;
}
export const getFeatures = (): Feature[] => content().features;
export const getFunFacts = (): FunFacts => content().funFacts;
export const getSponsorTokens = (): SponsorToken[] => content().sponsorTokens;
export const getTicketPlans = (): TicketPlans => content().ticketPlans;
export const getEventInfo = (): EventInfoTab[] => content().eventInfo;
export const getTestimonials = (): Testimonial[] => content().testimonials;
export const getClients = (): Client[] => content().clients;
export const getGallery = (): GalleryItem[] => content().gallery;
/** In list order (file-name order); the home page's latest news are the last three. */
export const getPosts = (): Post[] => content().posts;
/** The blog's order, newest first: by date, then by id (the build's feed uses it too). */
export const newestFirst = <T extends Pick<Post, "date" | "id">>(posts: readonly T[]): T[] =>
  [...posts].sort((a, b) => b.date.localeCompare(a.date) || b.id - a.id);
/** The `count` newest posts, newest first. */
export const getLatestPosts = (count: number): Post[] => newestFirst(content().posts).slice(0, count);
export const getPost = (id: number): Post | undefined => content().posts.find((post) => post.id === id);
export const getCategories = (): Category[] => content().categories;
export const getTags = (): Tag[] => content().tags;
export const getComments = (): BlogComment[] => content().comments;
export const getFaqs = (): Faq[] => content().faqs;
/** Copy of /about-us, /coming-soon and the home variants /home-2 to /home-5 (pages.yaml). */
export const getPages = (): Pages => content().pages;
/** The ticket's terms and conditions (terms.md). */
export const getTerms = (): Terms => content().terms;
