// Every schema of the site's content, one file a collection, and the types that come from them
// (z.output: never written twice). Components import types only (`import type`): this module pulls in zod.
import type { z } from "zod";
import { siteSchemas } from "./site";
import { bannerSchemas } from "./banner";
import { speakersSchemas } from "./speakers";
import { scheduleSchemas } from "./schedule";
import { sectionsSchemas } from "./sections";
import { blogSchemas } from "./blog";
import { pagesSchemas } from "./pages";
import { imageField, type SchemaContext } from "./fields";
import type { SessionChange } from "../../lib/schedule/changes";

export * from "./fields";

export function createSchemas({ images, markdown }: SchemaContext) {
  const context = { image: imageField(images), markdown };
  return {
    ...siteSchemas(context),
    ...bannerSchemas(context),
    ...speakersSchemas(context),
    ...scheduleSchemas(context),
    ...sectionsSchemas(context),
    ...blogSchemas(context),
    ...pagesSchemas(context),
  };
}

// ---------------------------------------------------------------------------
// Types

export type ContentSchemas = ReturnType<typeof createSchemas>;
type Out<K extends keyof ContentSchemas> = z.output<ContentSchemas[K]>;

export type Site = Out<"site">;
export type BannerSlide = Out<"banner">[number];
export type Speaker = Out<"speaker">;
export type SocialLink = Speaker["social"][number];
type DayFile = Out<"day">;
export type ScheduleSession = Omit<DayFile["sessions"][number], "speaker" | "changes"> & {
  /** Its announced changes, oldest first, with the instants they moved from. */
  changes: SessionChange[];
  dayId: number;
  speaker?: Speaker;
  /** ISO 8601 with the event's offset, e.g. "2024-10-24T09:00:00-05:00". */
  startsAt: string;
  endsAt?: string;
};
export type ScheduleDay = Omit<DayFile, "sessions"> & { sessions: ScheduleSession[] };
export type Feature = Out<"features">[number];
export type FunFacts = Out<"funFacts">;
export type FunFact = FunFacts["facts"][number];
export type SponsorToken = Out<"sponsorTokens">[number];
export type TicketPlans = Out<"ticketPlans">;
export type TicketPlan = TicketPlans["plans"][number];
export type EventInfoTab = Out<"eventInfo">[number];
export type Testimonial = Out<"testimonials">[number];
export type Client = Out<"clients">[number];
export type GalleryItem = Out<"gallery">[number];
export type Category = Out<"categories">[number] & {
  /** Number of posts in the category (derived from the posts). */
  count: number;
};
export type Tag = Out<"tags">[number];
export type BlogComment = Out<"comments">[number];
export type Post = Omit<Out<"post">, "category" | "tags"> & {
  category: Category;
  tags: Tag[];
  /** How many comments the post shows: derived from blog/comments.yaml, never typed by hand. */
  comments: number;
};
export type Faq = Out<"faqs">[number];
export type Pages = Out<"pages">;
export type CallToAction = Pages["aboutPage"]["callToAction"];
export type FeatureBlock = Pages["meetup"]["features"][number];
export type Terms = Out<"terms">;

export interface Content {
  site: Site;
  bannerSlides: BannerSlide[];
  speakers: Speaker[];
  scheduleDays: ScheduleDay[];
  features: Feature[];
  funFacts: FunFacts;
  sponsorTokens: SponsorToken[];
  ticketPlans: TicketPlans;
  eventInfo: EventInfoTab[];
  testimonials: Testimonial[];
  clients: Client[];
  gallery: GalleryItem[];
  posts: Post[];
  categories: Category[];
  tags: Tag[];
  comments: BlogComment[];
  faqs: Faq[];
  pages: Pages;
  terms: Terms;
}
