/**
 * What the build hands the server, in one place: each file the build leaves beside the pages (and the image
 * manifest it leaves in the repository), named once with its zod schema, and the `::step` lines a build prints.
 * The build writes these names (scripts/build/), the server reads them through server/publish/outputs.ts, which
 * follows the live build; nothing else spells a file name. A test (scripts/quality/build-outputs.test.ts) greps
 * the code for them.
 */
import * as z from "zod";
import { BuildInfoSchema } from "./admin/publish";
import type { AgendaCalendarInput } from "./agenda/ics";
import { PAYMENT_METHODS } from "./payments/methods";
import type { ChangeMark } from "./schedule/changes";

/** build/headers.json (scripts/build/headers.ts): each page's Content-Security-Policy; the server needs it to start. */
export const HeadersManifestSchema = z.object({
  /** Page path ("/", "/about-us", "/speakers-detail/3") -> its Content-Security-Policy. */
  pages: z.record(z.string(), z.object({ csp: z.string().min(1) })),
  /** The policy for everything else: files, API answers, the script-free 404 page. */
  default: z.object({ csp: z.string().min(1) }),
  /** The SPA fallback (`__spa-fallback.html`, served for /admin): the hashes of its own inline scripts. */
  spaFallback: z.optional(z.object({ csp: z.string().min(1) })),
});
export type HeadersManifest = z.infer<typeof HeadersManifestSchema>;

/** build/checkout.json (scripts/build/checkout-data.ts): prices from content, and the organisers' contact (site.yaml). */
export const CheckoutDataSchema = z.object({
  /** Token id -> the provider's price id, and an optional Payment Link used instead of a session. */
  tokens: z.record(
    z.string(),
    z.object({ price: z.string(), cost: z.number(), currency: z.string(), paymentLink: z.string().optional() }),
  ),
  contact: z.object({ email: z.string(), phone: z.string() }),
});
export type CheckoutData = z.infer<typeof CheckoutDataSchema>;

/** build/tickets.json (scripts/build/checkout-data.ts): what the box office sells, from content (issue 42). */
export const TicketsDataSchema = z.object({
  /** Signed into each ticket. */
  event: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  /** Plan id ("family", "day-pass") -> what it is and how much of it may be sold. */
  plans: z.record(
    z.string(),
    z.object({
      title: z.string(),
      /** In the currency's minor unit (cents); 0 is a free registration. */
      priceMinor: z.number().int().min(0),
      /** People one unit admits. */
      people: z.number().int().positive(),
      capacity: z.number().int().positive(),
      maxPerOrder: z.number().int().positive(),
      salesOpen: z.string().optional(),
      salesClose: z.string().optional(),
      /** How it may be paid (issue 53): "card" (the provider's checkout), "later"; absent: both. */
      methods: z.array(z.enum(PAYMENT_METHODS)).optional(),
    }),
  ),
  /** Paying later (issue 53): how long a pending order keeps its seats, and how to pay; absent: the defaults. */
  payLater: z
    .object({
      pendingOrderDays: z.number().int().positive(),
      graceDays: z.number().int().positive(),
      instructions: z.string(),
    })
    .partial()
    .optional(),
  /** The event as a calendar entry (the ticket mail's .ics). */
  calendar: z.object({
    title: z.string(),
    startsAt: z.string(),
    endsAt: z.string(),
    location: z.string(),
    /**
     * The domain in the entry's UID (site.yaml calendarDomain): never the site's address (issue 62). Absent (a
     * build from before): the contact address's domain, as content's own default.
     */
    domain: z.string().optional(),
  }),
  contact: z.object({ email: z.string(), phone: z.string() }),
});
export type TicketsData = z.infer<typeof TicketsDataSchema>;

/** build/shifts.json (scripts/build/checkout-data.ts): the event's days and clock for the volunteers' shifts (issue 66). */
export const ShiftsDataSchema = z.object({
  timeZone: z.string(),
  /** The event's days, "2024-10-24"…, in its time zone. */
  days: z.array(z.string()),
  /** A volunteer gives a shift back on their own until this many hours before it (site.yaml volunteers.giveBackHours). */
  giveBackHours: z.number().int().min(0),
  /** The calendar feed's entries' id domain (site.yaml calendarDomain). */
  calendarDomain: z.string(),
  location: z.string(),
});
export type ShiftsData = z.infer<typeof ShiftsDataSchema>;

/** build/agenda-sessions.json (scripts/build/content-steps.ts): the sessions GET /api/agenda.ics draws from. */
export const AgendaSessionsSchema: z.ZodType<AgendaCalendarInput> = z.object({
  calendarName: z.string(),
  calendarDomain: z.string(),
  feedbackClosesAt: z.string().optional(),
  timeZone: z.string().optional(),
  location: z.string(),
  sessions: z.array(
    z.object({
      number: z.number(),
      dayId: z.number(),
      id: z.number(),
      title: z.string(),
      startsAt: z.string(),
      endsAt: z.string().optional(),
      speaker: z.string().optional(),
      speakerId: z.number().optional(),
      change: z.custom<ChangeMark>((v) => typeof v === "object" && v !== null).optional(),
      sequence: z.number().optional(),
      lastModified: z.string().optional(),
      cancelled: z.boolean().optional(),
    }),
  ),
});

/** build/precache.json (scripts/build/content-steps.ts): what the offline worker stores, for the bench. */
export const PrecacheSummarySchema = z.object({
  count: z.number(),
  size: z.number(),
  stored: z.number(),
  compressed: z.number(),
  budget: z.number(),
  /**
   * Each precached file (path in build/client) with its revision (MD5), size, and sizes stored on the phone and
   * over the wire: the next content-only publish takes them for the files whose bytes did not change (issue 65).
   */
  files: z
    .record(z.string(), z.object({ revision: z.string(), size: z.number(), stored: z.number(), wire: z.number() }))
    .optional(),
});

/** A file the build leaves: its path in the build folder (or, for `images`, in the repository) and its shape. */
export interface BuildOutput<S extends z.core.$ZodType = z.core.$ZodType> {
  file: string;
  schema: S;
}
const output = <S extends z.core.$ZodType>(file: string, schema: S): BuildOutput<S> => ({ file, schema });

export const BUILD_OUTPUTS = {
  /** Written by the headers step; read by server/static.ts at start and at each switch of builds. */
  headers: output("headers.json", HeadersManifestSchema),
  /** Written by the checkout data step; read by `/api/checkout` and the forms (the organisers' address). */
  checkout: output("checkout.json", CheckoutDataSchema),
  /** Written by the checkout data step; read by the box office (server/tickets/). */
  tickets: output("tickets.json", TicketsDataSchema),
  /** Written by the checkout data step; read by the volunteers' shifts (server/shifts/). */
  shifts: output("shifts.json", ShiftsDataSchema),
  /** Written by the agenda data step; read by `/api/agenda.ics`. */
  agendaSessions: output("agenda-sessions.json", AgendaSessionsSchema),
  /** Written last (build info step): a folder with it is a complete build (server/publish/queries.ts). */
  buildInfo: output("build.json", BuildInfoSchema),
  /** Written by the service worker step; read by the bench. */
  precache: output("precache.json", PrecacheSummarySchema),
} as const;

/** build/renderer/: named in ./build-renderer.ts (no schema: the build's first lines load it without zod). */
export { RENDERER } from "./build-renderer";

/**
 * The image manifest (scripts/make-images.ts), relative to the repository: the build, the content checks and the
 * editor read it. Its schema is the content layer's (app/content/schemas `imageManifestSchema`), which lib
 * must not import.
 */
export const IMAGE_MANIFEST = ".generated/images.json";

/** The build's progress protocol: one stdout line per named step (scripts/build.ts, scripts/postbuild.ts). */
const STEP_PREFIX = "::step ";
export const stepLine = (name: string) => `${STEP_PREFIX}${name}`;
/** The step a build's output line announces, or null for any other line (server/publish/publisher.ts). */
export const stepOf = (line: string): string | null =>
  line.startsWith(STEP_PREFIX) && line.length > STEP_PREFIX.length ? line.slice(STEP_PREFIX.length) : null;

/**
 * A publish's build started ahead (BUILD_WAIT, scripts/build.ts) is told its name and content commit in one line
 * on stdin (server/publish/build-process.ts), which sets its BUILD_ID and BUILD_CONTENT_COMMIT.
 */
export const buildStartLine = (id: string, commit: string | null) =>
  `${JSON.stringify({ id, commit: commit ?? "" })}\n`;
const BuildStartSchema = z.object({ id: z.string().regex(/^[\w-]+$/), commit: z.string() });
/** The variables that line sets; null for no line (the build was stopped before it was asked). */
export function buildStartOf(text: string): { BUILD_ID: string; BUILD_CONTENT_COMMIT: string } | null {
  if (text.trim() === "") return null;
  const { id, commit } = BuildStartSchema.parse(JSON.parse(text));
  return { BUILD_ID: id, BUILD_CONTENT_COMMIT: commit };
}
