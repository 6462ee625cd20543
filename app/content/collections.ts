/**
 * Every content collection, written once: which files it is, its schema, what organisers call it, the folders
 * of public/images its pictures go in, and (where organisers may add a file) the text a new file starts from.
 * Read by the loader (load.ts, so the build and `npm run check:content`), the editor's form and save check
 * (server/content/working-copy.ts), "Add a file" (GET /api/admin/content/files) and the picture uploads
 * (server/content/images.ts). The key is the collection's name in `Content`. Server and build only (zod).
 */
import path from "node:path";
import type { z } from "zod";
import { createSchemas, imageField, type CollectionContext, type ContentSchemas, type SchemaContext } from "./schemas";

export interface Collection {
  /** One file ("site.yaml"), or every file of a folder with one extension (sorted by name: the list order). */
  files: string | { folder: string; extension: ".yaml" | ".md" };
  /** Its schema: one of the site's (schemas/), or made here from the image field and Markdown. */
  schema: (schemas: ContentSchemas, context: CollectionContext) => z.ZodType;
  /** What organisers call it. */
  label: string;
  /** Folders of public/images its pictures go in (offered for uploads). */
  pictures?: readonly string[];
  /** A folder's new file starts from this text ("Add a file" offers the folder); no borrowed values. */
  template?: string;
  /**
   * What organisers call one of its files where the label alone does not say it (issue 51): "Blog · comments",
   * or a folder's file by what it holds, "Programme · Day 1, Thu 24 Oct". `held` is the file's fields (null when
   * not read), `stem` its name in words ("Grace Adeyemi"). Without it: the label, or a folder's file by its stem.
   */
  fileLabel?: string | ((held: Record<string, unknown> | null, stem: string) => string);
}

/** A field's text, when it has some. */
const named = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** "2024-10-24" is "Thu 24 Oct" (a calendar date: the same everywhere). */
function calendarDay(value: unknown): string | undefined {
  const iso = value instanceof Date ? value.toISOString().slice(0, 10) : typeof value === "string" ? value : "";
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" })
    .formatToParts(date)
    .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
  return `${parts.weekday} ${parts.day} ${parts.month}`;
}

/** A schedule day by its label (numbers without their leading zeros) and date: "Day 1, Thu 24 Oct". */
function dayName(held: Record<string, unknown> | null, stem: string): string {
  const label = (named(held?.label) ?? stem).replace(/\b0+(?=\d)/g, "");
  const date = calendarDay(held?.date);
  return date ? `${label}, ${date}` : label;
}

const markdownFile = (fields: string[], body: string) => ["---", ...fields, "---", "", body, ""].join("\n");

export const COLLECTIONS = {
  site: { files: "site.yaml", label: "Site", schema: (s) => s.site, pictures: ["about", "og"] },
  bannerSlides: { files: "banner.yaml", label: "Banner slides", schema: (s) => s.banner, pictures: ["banner"] },
  speakers: {
    files: { folder: "speakers", extension: ".md" },
    label: "Speakers",
    schema: (s) => s.speaker,
    pictures: ["speakers"],
    fileLabel: (held, stem) => `Speaker · ${named(held?.name) ?? stem}`,
    template: markdownFile(["name: ", "designation: ", "photo: "], "A short biography."),
  },
  scheduleDays: {
    files: { folder: "schedule", extension: ".yaml" },
    label: "Schedule days",
    schema: (s) => s.day,
    pictures: ["sessions"],
    fileLabel: (held, stem) => `Programme · ${dayName(held, stem)}`,
  },
  features: { files: "features.yaml", label: "Features", schema: (s) => s.features },
  funFacts: { files: "fun-facts.yaml", label: "Fun facts", schema: (s) => s.funFacts },
  sponsorTokens: { files: "sponsor-tokens.yaml", label: "Sponsor tokens", schema: (s) => s.sponsorTokens },
  ticketPlans: { files: "ticket-plans.yaml", label: "Ticket plans", schema: (s) => s.ticketPlans },
  eventInfo: { files: "event-info.yaml", label: "Event information", schema: (s) => s.eventInfo },
  testimonials: { files: "testimonials.yaml", label: "Testimonials", schema: (s) => s.testimonials },
  clients: { files: "clients.yaml", label: "Clients", schema: (s) => s.clients, pictures: ["clients"] },
  gallery: { files: "gallery.yaml", label: "Gallery", schema: (s) => s.gallery, pictures: ["gallery"] },
  categories: {
    files: "blog/categories.yaml",
    label: "Blog categories",
    fileLabel: "Blog · categories",
    schema: (s) => s.categories,
  },
  tags: { files: "blog/tags.yaml", label: "Blog tags", fileLabel: "Blog · tags", schema: (s) => s.tags },
  comments: {
    files: "blog/comments.yaml",
    label: "Blog comments",
    fileLabel: "Blog · comments",
    schema: (s) => s.comments,
  },
  posts: {
    files: { folder: "blog/posts", extension: ".md" },
    label: "Blog posts",
    schema: (s) => s.post,
    pictures: ["blog"],
    fileLabel: (held, stem) => `Blog · ${named(held?.title) ?? stem}`,
    template: markdownFile(
      ["title: ", "date: ", "author: ", "image: ", "category: ", "tags: []", "excerpt: "],
      "Write the post here, in Markdown.",
    ),
  },
  faqs: { files: "faqs.yaml", label: "FAQs", schema: (s) => s.faqs },
  pages: { files: "pages.yaml", label: "Pages", schema: (s) => s.pages },
  terms: { files: "terms.md", label: "Terms and conditions", schema: (s) => s.terms },
} satisfies Record<string, Collection>;

/** The site's collections, or a list that adds to them (a test's). */
export type CollectionList = typeof COLLECTIONS & Record<string, Collection>;

/** Every collection's schema, made with the image manifest and the Markdown renderer. */
export function collectionSchemas(list: Record<string, Collection>, context: SchemaContext) {
  const schemas = createSchemas(context);
  const made = { image: imageField(context.images), markdown: context.markdown };
  return Object.fromEntries(Object.entries(list).map(([name, c]) => [name, c.schema(schemas, made)]));
}

/** The collection that reads a content file (its path relative to content/, with "/"), if any. */
export function collectionOf(list: Record<string, Collection>, rel: string): [string, Collection] | undefined {
  return Object.entries(list).find(([, { files }]) =>
    typeof files === "string"
      ? rel === files
      : rel.startsWith(`${files.folder}/`) &&
        rel.endsWith(files.extension) &&
        !rel.slice(files.folder.length + 1).includes("/"),
  );
}

/** The folders where organisers may add a file, with the text it starts from. */
export function newFileFolders(list: Record<string, Collection>) {
  return Object.values(list).flatMap(({ files, label, template }) =>
    typeof files !== "string" && template !== undefined ? [{ ...files, label, template }] : [],
  );
}

/** The folders of public/images a picture may be uploaded into. */
export function pictureFolders(list: Record<string, Collection>): string[] {
  return [...new Set(Object.values(list).flatMap((c) => c.pictures ?? []))].sort();
}

/** The pictures beside the content, in the same working copy (content/ and public/images/ of one repository). */
export const picturesDir = (contentDir: string) => path.join(path.dirname(contentDir), "public", "images");
