// The field schemas and helpers every collection's schema is built from (the schemas are in the files
// beside this one, one a collection; index.ts puts them together).
import { z } from "zod";
import { zonedIso } from "../../lib/schedule/zoned-time";

export { zonedIso };

// ---------------------------------------------------------------------------
// Small allowed lists

/** lucide-react icon names content may use (checked against lucide-react 1.x). */
export const ICON_NAMES = [
  "Award",
  "BookOpen",
  "Briefcase",
  "Calendar",
  "Church",
  "Clock",
  "Coffee",
  "Flame",
  "Globe",
  "HandHeart",
  "Handshake",
  "Heart",
  "Info",
  "MapPin",
  "Mic",
  "Music",
  "PartyPopper",
  "Quote",
  "Route",
  "Smile",
  "Sparkles",
  "Star",
  "Ticket",
  "Trophy",
  "Users",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

export const ANIMATIONS = ["fadeIn", "fadeInUp", "fadeInDown", "fadeInLeft", "fadeInRight", "zoomIn"] as const;
export type Animation = (typeof ANIMATIONS)[number];

export const DESIGNATIONS = ["Host", "Worshipper", "Pastor", "Speaker"] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** App stores the app-download section has badges for (pages.yaml). */
export const APP_STORES = ["appStore", "googlePlay"] as const;
export type AppStore = (typeof APP_STORES)[number];

/** Networks the site has icons for (add one here only together with its icon). */
export const SOCIAL_NETWORKS = ["facebook", "instagram", "youtube", "x"] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

// ---------------------------------------------------------------------------
// Image manifest (written by scripts/make-images.ts to .generated/images.json)

export const manifestImageSchema = z.strictObject({
  /** The source file, full size. */
  src: z.string().min(1),
  /** Intrinsic size. */
  width: z.int().positive(),
  height: z.int().positive(),
  /** WebP variants. */
  srcset: z.string(),
  /**
   * The format of the fallback variants (JPEG, or PNG for a source with transparency). When present, AVIF
   * and fallback variants exist at the widths of `srcset` (names derived by app/lib/image-variants.ts).
   * Absent in test stubs: the picture is then a plain <img>.
   */
  fallback: z.enum(["jpg", "png"]).optional(),
});
/** Keyed by path relative to public/images, e.g. "speakers/1.jpg". */
export const imageManifestSchema = z.record(z.string(), manifestImageSchema);
export type ManifestImage = z.output<typeof manifestImageSchema>;
export type ImageManifest = z.output<typeof imageManifestSchema>;
/** An image as content exposes it: the manifest entry plus its alt text. */
export type Image = ManifestImage & { alt: string };

// ---------------------------------------------------------------------------
// Field schemas

export const quote = (value: string) => JSON.stringify(value);

/**
 * What the organisers' editor makes of a field (issue 41), carried by the JSON Schema it is sent
 * (`z.toJSONSchema` keeps `.meta()`): a new collection gets the same form by using these fields.
 */
export type EditorMeta = {
  /** Assigned when an entry is saved (the next free whole number, never reused) and not shown in the form. */
  auto?: boolean;
  /** Chosen by name from another collection's entries; the value written is the entry's id. */
  ref?: "speakers" | "categories" | "tags";
  /** Entered with the browser's own date or time picker (still written YYYY-MM-DD or HH:MM). */
  input?: "date" | "time";
  /** A picture of public/images, chosen from thumbnails or uploaded in place. */
  picture?: boolean;
  /**
   * Rarely filled by hand (issue 62): shown under "Advanced", a closed disclosure, with this line saying why (the
   * fields of one entry that share a line show it once).
   */
  advanced?: string;
};
export const editor = (meta: EditorMeta): EditorMeta & Record<string, unknown> => meta;

export const text = z.string().trim().min(1);
export const id = z
  .int()
  .positive()
  .meta(editor({ auto: true }));
export const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes (like "web-design")');
export const delay = z.int().min(0);
export const icon = z.enum(ICON_NAMES);
export const animation = z.enum(ANIMATIONS);

export const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const timeMessage = (value: string) =>
  `must be a time written HH:MM between 00:00 and 23:59 (got ${quote(value)})`;
export const time = z
  .string()
  .superRefine((value, ctx) => {
    if (!TIME.test(value)) ctx.addIssue({ code: "custom", message: timeMessage(value) });
  })
  .meta(editor({ input: "time" }))
  .describe("A time written HH:MM, 24-hour (09:30, 18:00).");
/** "HH:MM", or empty / left out when a session has no end time. */
export const optionalTime = z
  .string()
  .nullish()
  .superRefine((value, ctx) => {
    if (value && !TIME.test(value)) ctx.addIssue({ code: "custom", message: timeMessage(value) });
  })
  .transform((value) => value || undefined)
  .meta(editor({ input: "time" }))
  .describe("A time written HH:MM, 24-hour; leave empty when there is no end time.");

export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
export const isoDate = z
  .string()
  .superRefine((value, ctx) => {
    if (!isIsoDate(value))
      ctx.addIssue({
        code: "custom",
        message: `must be a real date written YYYY-MM-DD (got ${quote(value)})`,
      });
  })
  .meta(editor({ input: "date" }))
  .describe("A date written YYYY-MM-DD (2024-10-24).");

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
export const timeZone = z.string().superRefine((value, ctx) => {
  if (!isTimeZone(value))
    ctx.addIssue({
      code: "custom",
      message: `unknown IANA time zone ${quote(value)} (use a name like "America/Chicago")`,
    });
});

export const webUrl = z.url({
  protocol: /^https?$/,
  error: "must be a full web address starting with https://",
});
/** A page of this site ("/pricing") or a full web address. */
export const href = z.string().regex(/^(\/|https?:\/\/)/, 'must start with "/" (a page of this site) or with https://');
export const email = z.email({ error: "must be an e-mail address" });
export const phone = text.regex(/^\+?[\d\s().-]{5,}$/, "must be a phone number (digits, spaces, + ( ) -)");

// ---------------------------------------------------------------------------
// Derived values (deterministic: no locale data)

export interface DateParts {
  date: string;
  day: string;
  month: string;
  monthShort: string;
  year: string;
  weekday: string;
  /** "Thursday, 24 October 2024" */
  fullDate: string;
  /** "24 October 2024" */
  dateText: string;
}
export function dateParts(iso: string): DateParts {
  const date = new Date(`${iso}T00:00:00Z`);
  const month = MONTHS[date.getUTCMonth()] ?? "";
  const weekday = WEEKDAYS[date.getUTCDay()] ?? "";
  const day = String(date.getUTCDate()).padStart(2, "0");
  const year = String(date.getUTCFullYear());
  const dateText = `${date.getUTCDate()} ${month} ${year}`;
  return {
    date: iso,
    day,
    month,
    monthShort: month.slice(0, 3),
    year,
    weekday,
    fullDate: `${weekday}, ${dateText}`,
    dateText,
  };
}

export const phoneHref = (value: string) => `tel:${value.replace(/[^\d+]/g, "")}`;

// ---------------------------------------------------------------------------
// Lists: ids unique within the list

interface WithId {
  id: string | number;
}
export function uniqueIds(key: string) {
  return (items: readonly WithId[], ctx: z.RefinementCtx) => {
    const seen = new Map<string | number, number>();
    items.forEach((item, index) => {
      const first = seen.get(item.id);
      if (first === undefined) seen.set(item.id, index);
      else
        ctx.addIssue({
          code: "custom",
          path: [index, "id"],
          message: `duplicate id ${item.id} (also used by ${key}[${first}])`,
        });
    });
  };
}

// ---------------------------------------------------------------------------
// Schemas that need the image manifest and the Markdown renderer

export interface SchemaContext {
  images: ImageManifest;
  /** Markdown to HTML (raw HTML stripped) plus the first paragraph as plain text. */
  markdown: (source: string) => { html: string; summary: string; text: string };
}

// ---------------------------------------------------------------------------
// Fields shared by several collections

/** A path under public/images that the image manifest knows, as its manifest entry. */
export const imageField = (images: ImageManifest) =>
  z
    .string()
    .meta(editor({ picture: true }))
    .transform((path, ctx) => {
      const found = images[path];
      if (!found) {
        ctx.addIssue({
          code: "custom",
          message: path ? `image ${quote(path)} not found in public/images` : "is required: choose a picture",
        });
        return z.NEVER;
      }
      return found;
    });
export const withAlt = (found: ManifestImage, alt: string): Image => ({ ...found, alt });

export const social = z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: webUrl });

export const address = z
  .strictObject({ street: text, city: text, region: text, postalCode: text, country: text })
  .transform((a) => ({ ...a, text: `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}` }));

export const contactPerson = z
  .strictObject({ name: text, phone, email })
  .transform((c) => ({ ...c, phoneHref: phoneHref(c.phone) }));

/** What a collection's schemas are made with: the image field (checked against the manifest) and Markdown. */
export interface CollectionContext {
  image: ReturnType<typeof imageField>;
  markdown: SchemaContext["markdown"];
}
