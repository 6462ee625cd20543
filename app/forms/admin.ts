/**
 * The organisers' inbox (`/api/admin/*`, issue 18): request schemas shared by the browser (app/routes/admin.tsx)
 * and the server (server/admin/ and the features it mounts), which validates again as the authority. zod/mini, as ./schema.ts.
 */
import * as z from "zod/mini";
import { INBOX_KINDS } from "./index";
import { emailSchema } from "./email";
import { PLAIN_NAME } from "./plain-text";

/** The shortest password `admin:add` and the change-password form accept. */
export const MIN_PASSWORD_LENGTH = 12;

export const PER_PAGE = 20;
/** Pages past this are refused (400): no list of submissions is that long. */
export const MAX_PAGE = 100_000;

export const signInSchema = z.object({
  // Any address is tried as typed: a sign-in never says whether an address is well formed or known.
  email: emailSchema("Please enter your e-mail address.", { shape: false }),
  password: z
    .string("Please enter your password.")
    .check(z.minLength(1, "Please enter your password."), z.maxLength(256, "That password is too long.")),
  /** "Keep me signed in": a cookie that outlives the browser (12 hours); otherwise it ends with the browser. */
  remember: z.optional(z.boolean("remember must be true or false.")),
});

/**
 * `PUT /api/admin/password`. The current password is asked for except right after a one-time password (issue 62):
 * that session was opened with it seconds earlier, so the form does not ask for it again (decision 045).
 */
export const passwordChangeSchema = z.object({
  current: z.optional(
    z.string("Please enter your current password.").check(z.minLength(1, "Please enter your current password.")),
  ),
  password: z
    .string("Please choose a new password.")
    .check(
      z.minLength(MIN_PASSWORD_LENGTH, `The new password must have at least ${MIN_PASSWORD_LENGTH} characters.`),
      z.maxLength(256, "The new password must have at most 256 characters."),
    ),
});

const isoInstant = z.iso.datetime({ offset: true, message: "Dates must be ISO 8601 instants." });

/** `GET /api/admin/submissions?kind=&page=&q=&status=&from=&to=` (all query values are strings). */
export const listQuerySchema = z.object({
  kind: z.enum(INBOX_KINDS, "Unknown form."),
  page: z.optional(
    z
      .string()
      .check(z.regex(/^\d{1,6}$/, "The page must be a whole number."))
      .check(z.refine((p) => Number(p) >= 1 && Number(p) <= MAX_PAGE, `The page must be from 1 to ${MAX_PAGE}.`)),
  ),
  q: z.optional(z.string().check(z.maxLength(200, "Search for at most 200 characters."))),
  status: z.optional(z.enum(["new", "handled", "pending", "approved", "rejected"], "Unknown status filter.")),
  from: z.optional(isoInstant),
  to: z.optional(isoInstant),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** `PATCH /api/admin/submissions/:id` */
export const statusSchema = z.object({ status: z.enum(["new", "handled"], 'The status must be "new" or "handled".') });

/** `PATCH /api/admin/comments/:id` */
export const moderationSchema = z.object({
  status: z.enum(["approved", "rejected", "pending"], 'The status must be "approved", "rejected" or "pending".'),
});

/** Rows changed by one bulk request at most (a page of the list is 20). */
export const MAX_BULK = 100;

/** `PATCH /api/admin/submissions` and `/comments` with `{ ids, status }`: several rows at once, from the list. */
export const bulkSchema = <S extends z.ZodMiniObject<{ status: z.ZodMiniType<string> }>>(single: S) =>
  z.extend(single, {
    ids: z
      .array(
        z.int("Each id must be a whole number.").check(z.positive("Each id must be a whole number.")),
        "ids must be a list.",
      )
      .check(z.minLength(1, "Select at least one."), z.maxLength(MAX_BULK, `Select at most ${MAX_BULK} at once.`)),
  });

/** The longest name an organiser may give. */
export const MAX_NAME_LENGTH = 80;

/**
 * An organiser's name (issue 41), as people read it and as the author of their content saves: optional,
 * without the characters git keeps out of an author's name (<, >, line breaks).
 */
export const organiserNameSchema = z.optional(
  z
    .string("A name must be text.")
    .check(
      z.maxLength(MAX_NAME_LENGTH, `Please keep the name to ${MAX_NAME_LENGTH} characters or fewer.`),
      z.regex(PLAIN_NAME, "A name cannot hold the characters < or > or line breaks."),
    ),
);

/** Who an invitation makes (issue 43): an organiser, or a door volunteer who checks tickets in and nothing else. */
export const ADMIN_ROLES = ["organiser", "door", "volunteer"] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
/** A "volunteer" (issue 66) signs up for shifts and nothing else; a door volunteer also checks tickets in. */
export const roleLabel = { organiser: "Organiser", door: "Door volunteer", volunteer: "Volunteer" } as const;
/**
 * How long a session of each role lasts at most, in hours (server/admin/accounts/queries.ts sessionLength): what
 * the sign-in and invitation forms say is what the server gives (issue 53).
 */
export const SESSION_HOURS = { organiser: 12, door: 16, volunteer: 16 } as const satisfies Record<AdminRole, number>;

/** `POST /api/admin/organisers` (an invitation); `name`: "their name", offered to the invitee; `role`: organiser by default. */
export const inviteSchema = z.object({
  email: emailSchema("Please enter the e-mail address to invite."),
  name: organiserNameSchema,
  role: z.optional(z.enum(ADMIN_ROLES, "Please choose Organiser, Door volunteer or Volunteer.")),
});

/** `POST /api/admin/invite` (no session: the link's token is the proof). */
export const acceptInviteSchema = z.object({
  token: z
    .string("This invitation link is not valid.")
    .check(z.regex(/^[\w-]{20,100}$/, "This invitation link is not valid.")),
  password: passwordChangeSchema.shape.password,
  /** Your name, as the other organisers see it and as the author of your saves. */
  name: organiserNameSchema,
});

/** `POST /api/admin/erasure` */
export const erasureSchema = z.object({
  email: emailSchema("Please enter the e-mail address to erase."),
});

/** Ids in paths: a positive whole number (anything else is a 404). */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** The first message of a failed parse. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid request.";
}

/** `POST /api/admin/announcements` and `/announcements/test` (issue 44): the limits are app/lib/announcements.ts's. */
export const announcementSchema = z.object({
  title: z
    .string("Please write a title.")
    .check(z.trim(), z.minLength(1, "Please write a title."), z.maxLength(120, "Keep the title under 120 characters.")),
  body: z
    .string("Please write the announcement.")
    .check(
      z.trim(),
      z.minLength(1, "Please write the announcement."),
      z.maxLength(1000, "Keep the announcement under 1000 characters."),
    ),
  showsUntil: isoInstant,
  audience: z.optional(z.string().check(z.maxLength(100, "Unknown audience."))),
  /** Shown on the site only, mailed to nobody (issue 51): then no audience. */
  siteOnly: z.optional(z.boolean("Say whether it is shown on the site only.")),
});
