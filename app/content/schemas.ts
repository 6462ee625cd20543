// Every schema of the site's content. Types come from z.output of these schemas (never written twice).
// Components import types only (`import type`): this module pulls in zod.
import { z } from "zod";

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

const MONTHS = [
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
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

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

const quote = (value: string) => JSON.stringify(value);

const text = z.string().trim().min(1);
const id = z.int().positive();
const slug = z
  .string()
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes (like "web-design")');
const delay = z.int().min(0);
const icon = z.enum(ICON_NAMES);
const animation = z.enum(ANIMATIONS);

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeMessage = (value: string) => `must be a time written HH:MM between 00:00 and 23:59 (got ${quote(value)})`;
const time = z.string().superRefine((value, ctx) => {
  if (!TIME.test(value)) ctx.addIssue({ code: "custom", message: timeMessage(value) });
});
/** "HH:MM", or empty / left out when a session has no end time. */
const optionalTime = z
  .string()
  .nullish()
  .superRefine((value, ctx) => {
    if (value && !TIME.test(value)) ctx.addIssue({ code: "custom", message: timeMessage(value) });
  })
  .transform((value) => value || undefined);

export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
const isoDate = z.string().superRefine((value, ctx) => {
  if (!isIsoDate(value))
    ctx.addIssue({
      code: "custom",
      message: `must be a real date written YYYY-MM-DD (got ${quote(value)})`,
    });
});

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}
const timeZone = z.string().superRefine((value, ctx) => {
  if (!isTimeZone(value))
    ctx.addIssue({
      code: "custom",
      message: `unknown IANA time zone ${quote(value)} (use a name like "America/Chicago")`,
    });
});

const webUrl = z.url({
  protocol: /^https?$/,
  error: "must be a full web address starting with https://",
});
/** A page of this site ("/pricing") or a full web address. */
const href = z.string().regex(/^(\/|https?:\/\/)/, 'must start with "/" (a page of this site) or with https://');
const email = z.email({ error: "must be an e-mail address" });
const phone = text.regex(/^\+?[\d\s().-]{5,}$/, "must be a phone number (digits, spaces, + ( ) -)");

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

/** The instant of a wall-clock date and time in an IANA zone, as ISO 8601 with offset. */
export function zonedIso(date: string, hhmm: string, zone: string): string {
  const wall = Date.parse(`${date}T${hhmm}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    }).formatToParts(instant);
    const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
    const asUtc = Date.parse(`${get("year")}-${get("month")}-${get("day")}T${get("hour")}:${get("minute")}:00Z`);
    return (asUtc - instant) / 60000;
  };
  const offset = offsetAt(wall - offsetAt(wall) * 60000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${date}T${hhmm}:00${sign}${hh}:${mm}`;
}

const phoneHref = (value: string) => `tel:${value.replace(/[^\d+]/g, "")}`;

// ---------------------------------------------------------------------------
// Lists: ids unique within the list

interface WithId {
  id: string | number;
}
function uniqueIds(key: string) {
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

export function createSchemas({ images, markdown }: SchemaContext) {
  const image = z.string().transform((path, ctx) => {
    const found = images[path];
    if (!found) {
      ctx.addIssue({ code: "custom", message: `image ${quote(path)} not found in public/images` });
      return z.NEVER;
    }
    return found;
  });
  const withAlt = (found: ManifestImage, alt: string): Image => ({ ...found, alt });

  const social = z.strictObject({ network: z.enum(SOCIAL_NETWORKS), url: webUrl });

  const address = z
    .strictObject({ street: text, city: text, region: text, postalCode: text, country: text })
    .transform((a) => ({ ...a, text: `${a.street}, ${a.city}, ${a.region} ${a.postalCode}, ${a.country}` }));

  const contactPerson = z
    .strictObject({ name: text, phone, email })
    .transform((c) => ({ ...c, phoneHref: phoneHref(c.phone) }));

  const site = z
    .strictObject({
      shortName: text,
      title: text,
      tagline: text,
      description: text,
      timeZone,
      dates: z.strictObject({ start: isoDate, end: isoDate, dailyStart: time, dailyEnd: time }),
      venue: z.strictObject({
        name: text,
        address,
        mapEmbedUrl: webUrl.optional(),
      }),
      seats: z.int().positive(),
      /** The banner's number; the guest list may be longer. */
      speakerCount: z.int().positive(),
      themes: z.array(text).min(1),
      registrationUrl: webUrl,
      contact: z.strictObject({ person: text, phone, email, address }),
      hours: z.strictObject({ header: text, footer: text, support: text }),
      social: z.array(social),
      searchKeywords: z.array(text),
      about: z.strictObject({ title: text, text, image, alt: text }),
      netsOfPrayer: z.strictObject({
        title: text,
        date: isoDate,
        description: text,
        partner: z.strictObject({ team: text, arena: text }),
        registrationUrl: webUrl,
        buttonText: text,
        image,
        alt: text,
      }),
      countdowns: z.strictObject({ home4: isoDate, home5: isoDate, comingSoon: isoDate }),
      templateVariant: z.strictObject({
        displayDate: text,
        meetup: z.strictObject({ venue: text, title: text }),
      }),
      footerNav: z.array(z.strictObject({ label: text, href: href.optional() })),
      payment: z.strictObject({
        stripePublishableKey: z
          .string()
          .regex(/^pk_(test|live)_\w+$/, "must be a Stripe publishable key (pk_test_... or pk_live_...)"),
      }),
      og: z.strictObject({ image, alt: text }),
    })
    .superRefine((s, ctx) => {
      const { start, end, dailyStart, dailyEnd } = s.dates;
      if (isIsoDate(start) && isIsoDate(end) && end < start)
        ctx.addIssue({
          code: "custom",
          path: ["dates", "end"],
          message: `must not be before start (${s.dates.start})`,
        });
      if (TIME.test(dailyStart) && TIME.test(dailyEnd) && dailyEnd <= dailyStart)
        ctx.addIssue({
          code: "custom",
          path: ["dates", "dailyEnd"],
          message: `must be after dailyStart (${s.dates.dailyStart})`,
        });
    })
    .transform((s) => {
      const at = (date: string, hhmm = "00:00") => ({ date, at: zonedIso(date, hhmm, s.timeZone) });
      const start = dateParts(s.dates.start);
      const end = dateParts(s.dates.end);
      const sameMonth = start.month === end.month && start.year === end.year;
      return {
        ...s,
        contact: { ...s.contact, phoneHref: phoneHref(s.contact.phone) },
        dates: {
          ...s.dates,
          /** "24 - 27 October 2024" */
          text: sameMonth ? `${Number(start.day)} - ${end.dateText}` : `${start.dateText} - ${end.dateText}`,
          startsAt: zonedIso(s.dates.start, s.dates.dailyStart, s.timeZone),
          endsAt: zonedIso(s.dates.end, s.dates.dailyEnd, s.timeZone),
        },
        about: { title: s.about.title, text: s.about.text, image: withAlt(s.about.image, s.about.alt) },
        netsOfPrayer: {
          ...s.netsOfPrayer,
          dateText: dateParts(s.netsOfPrayer.date).dateText,
          startsAt: zonedIso(s.netsOfPrayer.date, "00:00", s.timeZone),
          image: withAlt(s.netsOfPrayer.image, s.netsOfPrayer.alt),
        },
        /** Countdown targets: the landing page counts to the first day's opening time. */
        countdowns: {
          landing: at(s.dates.start, s.dates.dailyStart),
          home4: at(s.countdowns.home4),
          home5: at(s.countdowns.home5),
          comingSoon: at(s.countdowns.comingSoon),
        },
        og: { image: withAlt(s.og.image, s.og.alt) },
      };
    });

  const bannerSlide = z
    .strictObject({
      id,
      image,
      alt: text,
      subTitle: text,
      title1: text,
      title2: text,
      lines: z.array(text).min(1).max(3),
      button: z.strictObject({ text, href }),
    })
    .transform(({ alt, ...s }) => ({ ...s, image: withAlt(s.image, alt) }));
  const banner = z
    .strictObject({ slides: z.array(bannerSlide).min(1).superRefine(uniqueIds("slides")) })
    .transform((f) => f.slides);

  const speaker = z
    .strictObject({
      id,
      name: text,
      designation: z.enum(DESIGNATIONS),
      photo: image,
      social: z.array(social).default([]),
      body: text,
    })
    .transform(({ body, ...s }) => {
      const bio = markdown(body);
      return {
        ...s,
        photo: withAlt(s.photo, `Portrait of ${s.name}`),
        bioHtml: bio.html,
        /** First paragraph of the bio as plain text (meta descriptions, cards). */
        bioSummary: bio.summary,
      };
    });

  const session = z
    .strictObject({
      id,
      /** Unique across all days and never reused: shared agenda links (/agenda#code) carry it. */
      number: id,
      start: time,
      end: optionalTime,
      title: text,
      /** A speaker id; left out for e.g. "Registration & Welcome". */
      speaker: id.optional(),
      image,
      text,
    })
    .superRefine((s, ctx) => {
      if (s.end && TIME.test(s.start) && TIME.test(s.end) && s.end <= s.start)
        ctx.addIssue({ code: "custom", path: ["end"], message: `must be after start (${s.start})` });
    })
    .transform((s) => ({
      ...s,
      image: withAlt(s.image, s.title),
      /** "09:00 - 10:00", or "09:00" when there is no end time. */
      timeText: s.end ? `${s.start} - ${s.end}` : s.start,
    }));
  const day = z
    .strictObject({
      id,
      label: text,
      date: isoDate,
      sessions: z.array(session).min(1).superRefine(uniqueIds("sessions")),
    })
    .transform((d) => ({ ...d, ...dateParts(d.date) }));

  const feature = z.strictObject({ id, title: text, icon, text, animation, delay });
  const features = z
    .strictObject({ features: z.array(feature).min(1).superRefine(uniqueIds("features")) })
    .transform((f) => f.features);

  const funFact = z.strictObject({
    id,
    icon,
    end: z.int().positive(),
    title: text,
    animation,
    delay,
  });
  const funFacts = z.strictObject({
    /** How long each counter runs, in ms. */
    durationMs: z.int().positive(),
    facts: z.array(funFact).min(1).superRefine(uniqueIds("facts")),
  });

  const sponsorTokens = z
    .strictObject({
      title: text,
      icon,
      currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"'),
      features: z.array(text).min(1),
      buttonText: text,
      tokens: z
        .array(
          z.strictObject({
            id,
            cost: z.number().positive(),
            plan: z.strictObject({
              price: z.string().regex(/^price_\w+$/, "must be a payment-provider price id (price_...)"),
              quantity: z.int().positive(),
            }),
            /** A payment-provider Payment Link: the BUY button goes there directly (static hosting, no server). */
            paymentLink: z.url({ protocol: /^https$/ }).optional(),
          }),
        )
        .min(1)
        .superRefine(uniqueIds("tokens")),
    })
    .transform(({ tokens, ...shared }) => tokens.map((t) => ({ ...shared, ...t })));

  const ticketPlans = z.strictObject({
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"'),
    plans: z
      .array(
        z.strictObject({
          id: slug,
          title: text,
          price: z.number().positive(),
          tickets: z.int().positive(),
          features: z.array(text).min(1),
          buttonText: text,
          href,
        }),
      )
      .min(1)
      .superRefine(uniqueIds("plans")),
    dayPass: z.strictObject({ title: text, price: z.number().positive() }),
  });

  const eventInfo = z
    .strictObject({
      tabs: z
        .array(z.strictObject({ id: slug, title: text, icon, text, contact: contactPerson }))
        .min(1)
        .superRefine(uniqueIds("tabs")),
    })
    .transform((f) => f.tabs);

  const testimonials = z
    .strictObject({
      testimonials: z
        .array(z.strictObject({ id, text, name: text, role: text, stars: z.int().min(1).max(5) }))
        .min(1)
        .superRefine(uniqueIds("testimonials")),
    })
    .transform((f) => f.testimonials);

  const clients = z
    .strictObject({
      clients: z
        .array(
          z
            .strictObject({ id, name: text, image, url: webUrl.optional() })
            .transform((c) => ({ ...c, image: withAlt(c.image, c.name) })),
        )
        .min(1)
        .superRefine(uniqueIds("clients")),
    })
    .transform((f) => f.clients);

  const gallery = z
    .strictObject({
      gallery: z
        .array(
          z
            .strictObject({ id, image, alt: text, caption: text })
            .transform(({ alt, ...g }) => ({ ...g, image: withAlt(g.image, alt) })),
        )
        .min(1)
        .superRefine(uniqueIds("gallery")),
    })
    .transform((f) => f.gallery);

  const categories = z
    .strictObject({
      categories: z
        .array(z.strictObject({ id: slug, name: text }))
        .min(1)
        .superRefine(uniqueIds("categories")),
    })
    .transform((f) => f.categories);

  const tags = z
    .strictObject({
      tags: z
        .array(z.strictObject({ id: slug, name: text }))
        .min(1)
        .superRefine(uniqueIds("tags")),
    })
    .transform((f) => f.tags);

  const comments = z
    .strictObject({
      replyButtonText: text,
      comments: z
        .array(z.strictObject({ id, name: text, designation: text, image: image.optional(), text }))
        .min(1)
        .superRefine(uniqueIds("comments")),
    })
    .transform((f) =>
      f.comments.map((c) => ({
        ...c,
        image: c.image && withAlt(c.image, `Photo of ${c.name}`),
        replyButtonText: f.replyButtonText,
      })),
    );

  const post = z
    .strictObject({
      id,
      title: text,
      date: isoDate,
      author: text,
      image,
      /** A category id from blog/categories.yaml. */
      category: slug,
      /** Tag ids from blog/tags.yaml. */
      tags: z.array(slug),
      excerpt: text,
      body: text,
    })
    .transform(({ body, ...p }) => {
      const rendered = markdown(body);
      return {
        ...p,
        image: withAlt(p.image, p.title),
        dateText: dateParts(p.date).dateText,
        bodyHtml: rendered.html,
        /** The body as plain text, for the blog's search. */
        bodyText: rendered.text,
      };
    });

  const faqs = z
    .strictObject({
      faqs: z
        .array(
          z.strictObject({
            id,
            column: z.union([z.literal(1), z.literal(2)]),
            question: text,
            answer: text,
            open: z.boolean(),
          }),
        )
        .min(1)
        .superRefine(uniqueIds("faqs")),
    })
    .transform((f) => f.faqs);

  // Copy of /about-us, /coming-soon and the home variants /home-2 to /home-5 (pages.yaml).
  const button = z.strictObject({ text, href });
  const callToAction = z.strictObject({ eyebrow: text, title: text, text, button });
  const featureBlocks = z
    .array(z.strictObject({ id, title: text, icon, text }))
    .length(4, "must have exactly 4 feature blocks")
    .superRefine(uniqueIds("features"));
  const pages = z.strictObject({
    aboutPage: z.strictObject({ eyebrow: text, title: text, paragraphs: z.array(text).min(1), callToAction }),
    comingSoon: z.strictObject({ title: text, text }),
    conference: z.strictObject({
      banner: z.strictObject({ eyebrow: text, title: text, button }),
      features: featureBlocks,
      appDownload: z.strictObject({
        eyebrow: text,
        title: text,
        text,
        links: z.array(z.strictObject({ store: z.enum(APP_STORES), url: webUrl })).min(1),
      }),
      callToAction,
    }),
    home4: z.strictObject({ eyebrow: text, title: text, hostedBy: text }),
    meetup: z.strictObject({
      eyebrow: text,
      about: z.strictObject({ eyebrow: text, title: text, text, where: text, when: text }),
      features: featureBlocks,
      fluid: callToAction,
    }),
  });

  return {
    site,
    banner,
    speaker,
    day,
    features,
    funFacts,
    sponsorTokens,
    ticketPlans,
    eventInfo,
    testimonials,
    clients,
    gallery,
    categories,
    tags,
    comments,
    post,
    faqs,
    pages,
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
export type ScheduleSession = Omit<DayFile["sessions"][number], "speaker"> & {
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
}
