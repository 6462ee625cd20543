/**
 * The organisers' inbox (`/api/admin/*`, issue 18): request schemas shared by the browser (app/routes/admin.tsx)
 * and the server (server/api/admin/), which validates again as the authority. zod/mini, as form-schemas.ts.
 */
import * as z from "zod/mini";

/** The forms whose submissions the inbox lists (newsletter addresses live in their own table). */
export const INBOX_KINDS = ["contact", "faq", "ticket", "comingSoon", "comment"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];
export const INBOX_LABELS: Record<InboxKind, string> = {
  contact: "Contact",
  faq: "FAQ questions",
  ticket: "Ticket requests",
  comingSoon: "Coming soon",
  comment: "Comments",
};
export const isInboxKind = (kind: string): kind is InboxKind => (INBOX_KINDS as readonly string[]).includes(kind);

/** The shortest password `admin:add` and the change-password form accept. */
export const MIN_PASSWORD_LENGTH = 12;

export const PER_PAGE = 20;
/** Pages past this are refused (400): no list of submissions is that long. */
export const MAX_PAGE = 100_000;

export const signInSchema = z.object({
  email: z
    .string("Please enter your e-mail address.")
    .check(
      z.trim(),
      z.minLength(1, "Please enter your e-mail address."),
      z.maxLength(254, "That address is too long."),
    ),
  password: z
    .string("Please enter your password.")
    .check(z.minLength(1, "Please enter your password."), z.maxLength(256, "That password is too long.")),
  /** "Keep me signed in": a cookie that outlives the browser (12 hours); otherwise it ends with the browser. */
  remember: z.optional(z.boolean("remember must be true or false.")),
});

export const passwordChangeSchema = z.object({
  current: z.string("Please enter your current password.").check(z.minLength(1, "Please enter your current password.")),
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

/** `POST /api/admin/erasure` */
export const erasureSchema = z.object({
  email: z
    .string("Please enter the e-mail address to erase.")
    .check(
      z.trim(),
      z.minLength(3, "Please enter the e-mail address to erase."),
      z.maxLength(254, "That address is too long."),
      z.email("Please enter a valid e-mail address."),
    ),
});

/** Ids in paths: a positive whole number (anything else is a 404). */
export function parseId(raw: string | undefined): number | null {
  return raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** The first message of a failed parse. */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? "Invalid request.";
}
