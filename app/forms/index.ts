/**
 * Every form of the site, by kind (each defined in its own file here), and what the browser and the server
 * both need to know of them. No zod and no React: pages render forms without downloading the checks
 * (./schema.ts, loaded on first focus or submit).
 */
import { API_PATHS } from "../lib/urls";
import { comingSoon } from "./coming-soon";
import { comment } from "./comment";
import { contact } from "./contact";
import type { FieldSpec, FormDefinition } from "./definition";
import { faq } from "./faq";
import { login } from "./login";
import { newsletter, newsletterTemplate } from "./newsletter";
import { ticket } from "./ticket";
import { waitlist } from "./waitlist";

export type { FieldSpec, FormDefinition } from "./definition";

/** In the inbox's order. */
export const FORMS = {
  contact,
  faq,
  ticket,
  comingSoon,
  comment,
  newsletter,
  newsletterTemplate,
  login,
  waitlist,
} as const;

export type FormKind = keyof typeof FORMS;
export const isFormKind = (value: string): value is FormKind => Object.hasOwn(FORMS, value);

/** The forms that are stored (all but login). */
export type StoredFormKind = { [K in FormKind]: (typeof FORMS)[K] extends { notStored: true } ? never : K }[FormKind];
export const isStoredKind = (kind: string): kind is StoredFormKind =>
  isFormKind(kind) && !(FORMS[kind] as FormDefinition).notStored;

/**
 * The forms `POST /api/forms/<kind>` takes: every form but those kept by their own feature (the waiting list,
 * FormDefinition.ownTable), which are sent to their own endpoint only.
 */
export const isFormsApiKind = (kind: string): kind is FormKind =>
  isFormKind(kind) && !(FORMS[kind] as FormDefinition).ownTable;

/** The forms whose submissions the inbox lists (newsletter addresses live in their own table). */
export type InboxKind = { [K in FormKind]: (typeof FORMS)[K] extends { inboxLabel: string } ? K : never }[FormKind];
export const INBOX_KINDS = (Object.keys(FORMS) as FormKind[]).filter(
  (kind): kind is InboxKind => (FORMS[kind] as FormDefinition).inboxLabel !== undefined,
) as readonly InboxKind[] as readonly [InboxKind, ...InboxKind[]];
export const isInboxKind = (kind: string): kind is InboxKind => (INBOX_KINDS as readonly string[]).includes(kind);
export const inboxLabel = (kind: InboxKind): string => FORMS[kind].inboxLabel;

export const fieldsOf = (kind: FormKind): readonly FieldSpec[] => FORMS[kind].fields;

/** The version of the consent/privacy text shown beside the forms (docs/privacy.md); stored with each row. */
export const CONSENT_VERSION = "2026-11-privacy-1";

/** The honeypot field: hidden from people, filled by bots. A filled one gets a fake success. */
export const HONEYPOT_FIELD = "website";

/** `POST /api/forms/<kind>` (or the form's own `endpoint`): where a form goes, with or without JavaScript. */
export const formPath = (kind: FormKind) =>
  (FORMS[kind] as FormDefinition).endpoint ?? API_PATHS.forms.replace(":kind", kind);

/** A form whose answer decides what happens next (see FormDefinition.sendNow): never kept in the outbox. */
export const isSentNow = (kind: FormKind) => (FORMS[kind] as FormDefinition).sendNow === true;

/** A form sent now whose success answer is shown in the form, focused (see FormDefinition.answerInPlace). */
export const isAnswerInPlace = (kind: FormKind) => (FORMS[kind] as FormDefinition).answerInPlace === true;

/** The id of the element that shows a form's success message without JavaScript (`:target`). */
export const sentId = (kind: FormKind) => `sent-${kind}`;

/** The id of the element that says a field was wrong, for a form sent without JavaScript (`:target`). */
export const invalidId = (kind: FormKind, field: string) => `invalid-${kind}-${field}`;

export type FieldErrors = Record<string, string>;

export const SAVED_MESSAGE = "Saved on this device: it will be sent when the connection is back.";

/** A form sent now (a purchase) is never kept for later: offline, the visitor is told nothing was sent. */
export const NOT_SENT_OFFLINE = "Not sent: there is no connection. Please try again once you are online.";

/** Fired on window when the outbox sent an entry in the background (detail: the entry). */
export const OUTBOX_SENT_EVENT = "tncc-outbox-sent";
