/**
 * One schema per stored form: the browser checks with it before sending (field errors next to the field),
 * the server checks with it again as the authority (server/api/forms.ts). Every value is a string, exactly
 * as a form post or `FormData` carries it, so JSON from the hydrated page and a plain post parse alike.
 * zod/mini keeps this small enough for the browser bundle.
 */
import * as z from "zod/mini";
import { PostIdSchema } from "./id-schemas";
import type { FieldErrors, StoredFormKind } from "./form-fields";

// What forms need to render lives in form-fields.ts (no zod); re-exported for the server and the checks.
export {
  CONSENT_VERSION,
  FIELD_LABELS,
  HONEYPOT_FIELD,
  invalidId,
  isStoredKind,
  type FieldErrors,
  type StoredFormKind,
} from "./form-fields";

const required = (label: string, max: number) =>
  z
    .string(`Please enter ${label}.`)
    .check(
      z.trim(),
      z.minLength(1, `Please enter ${label}.`),
      z.maxLength(max, `Please keep ${label} under ${max} characters.`),
    );

const email = z
  .string("Please enter your e-mail address.")
  .check(
    z.trim(),
    z.minLength(1, "Please enter your e-mail address."),
    z.maxLength(254, "Please enter an e-mail address under 254 characters."),
    z.email("Please enter a valid e-mail address, like name@example.com."),
  );

const phone = z
  .string("Please enter your phone number.")
  .check(
    z.trim(),
    z.minLength(1, "Please enter your phone number."),
    z.regex(/^\+?[\d\s().-]{5,30}$/, "Please enter a phone number of digits (5 to 30), e.g. +1 214 555 0199."),
  );

const emailOnly = z.object({ email });

export const FORM_SCHEMAS = {
  newsletter: emailOnly,
  newsletterTemplate: emailOnly,
  comingSoon: emailOnly,
  faq: z.object({
    name: required("your name", 100),
    email,
    subject: required("a subject", 200),
    question: required("your question", 4000),
  }),
  contact: z.object({
    name: required("your name", 100),
    phone,
    email,
    subject: required("a subject", 200),
    message: required("your message", 4000),
  }),
  ticket: z.object({
    name: required("your name", 100),
    email,
    phone,
    quantity: z
      .string("Please choose from 1 to 50 tickets.")
      .check(z.trim(), z.regex(/^([1-9]|[1-4]\d|50)$/, "Please choose from 1 to 50 tickets.")),
    plan: z.string("Please choose a plan.").check(z.regex(/^[\w-]{1,40}$/, "Please choose a plan.")),
    terms: z.literal("on", "Please accept the terms and conditions."),
  }),
  comment: z.object({
    name: required("your name", 100),
    email,
    comment: required("your comment", 4000),
    /** The post it belongs to (a hidden field); older rows have only the page path. */
    postId: z.optional(PostIdSchema),
  }),
} as const;

export type FormValues<K extends StoredFormKind> = z.infer<(typeof FORM_SCHEMAS)[K]>;

/** The fields a stored form sends, in order (from its schema; form-fields.ts lists them for rendering). */
export function fieldsOf(kind: StoredFormKind): string[] {
  return Object.keys(FORM_SCHEMAS[kind].def.shape);
}

export type Checked = { ok: true; data: Record<string, string> } | { ok: false; errors: FieldErrors; first: string };

/** Validates a submission: the cleaned data, or the first message of each wrong field. */
export function checkForm(kind: StoredFormKind, input: unknown): Checked {
  const result = FORM_SCHEMAS[kind].safeParse(input);
  if (result.success) return { ok: true, data: result.data as Record<string, string> };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors, first: Object.keys(errors)[0] ?? "form" };
}
