/**
 * What a form needs to render, without its schemas: the stored kinds and their fields (for the no-JS error
 * anchors), the consent version, the honeypot, the field labels. Kept apart from form-schemas.ts so that
 * pages render forms without downloading zod: the checks and the outbox load on first focus or submit
 * (components/forms/site-form.tsx). form-schemas.test.ts checks that the fields match the schemas.
 */
import type { FormKind } from "./form-kinds";

/** The version of the consent/privacy text shown beside the forms (docs/privacy.md); stored with each row. */
export const CONSENT_VERSION = "2026-11-privacy-1";

/** The honeypot field: hidden from people, filled by bots. A filled one gets a fake success. */
export const HONEYPOT_FIELD = "website";

/** The fields each stored form sends, in order (the keys of its schema in form-schemas.ts). */
export const FORM_FIELDS = {
  newsletter: ["email"],
  newsletterTemplate: ["email"],
  comingSoon: ["email"],
  faq: ["name", "email", "subject", "question"],
  contact: ["name", "phone", "email", "subject", "message"],
  ticket: ["name", "email", "phone", "quantity", "plan", "terms"],
  comment: ["name", "email", "comment", "postId"],
} as const satisfies Partial<Record<FormKind, readonly string[]>>;

export type StoredFormKind = keyof typeof FORM_FIELDS;

export function isStoredKind(kind: FormKind | string): kind is StoredFormKind {
  return Object.hasOwn(FORM_FIELDS, kind);
}

/** The fields a stored form sends, in order (for the no-JS error anchors). */
export function fieldsOf(kind: StoredFormKind): readonly string[] {
  return FORM_FIELDS[kind];
}

/** The id of the element that says a field was wrong, for a form sent without JavaScript (`:target`). */
export function invalidId(kind: StoredFormKind, field: string): string {
  return `invalid-${kind}-${field}`;
}

/** How a field is named in messages (the no-JS "this field is wrong" anchors). */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  email: "your e-mail address",
  name: "your name",
  phone: "your phone number",
  subject: "the subject",
  message: "your message",
  question: "your question",
  comment: "your comment",
  quantity: "the number of tickets",
  plan: "the plan",
  terms: "the terms and conditions",
  postId: "the post",
};

export type FieldErrors = Record<string, string>;

export const SAVED_MESSAGE = "Saved on this device: it will be sent when the connection is back.";

/** Fired on window when the outbox sent an entry in the background (detail: the entry). */
export const OUTBOX_SENT_EVENT = "tncc-outbox-sent";
