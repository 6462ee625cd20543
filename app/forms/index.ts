/**
 * Every form of the site, by kind (each defined in its own file here), and what the browser and the server
 * both need to know of them. No zod and no React: pages render forms without downloading the checks
 * (./schema.ts, loaded on first focus or submit). A page's form imports its own definition and ./browser.ts,
 * not this registry, so the page does not download every form (issue 52).
 */
import { answersInPlace, isStored, pathOf, sendsNow } from "./browser";
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
export {
  CONSENT_VERSION,
  HONEYPOT_FIELD,
  invalidId,
  NOT_SENT_OFFLINE,
  OUTBOX_SENT_EVENT,
  SAVED_MESSAGE,
  sentId,
  type FieldErrors,
} from "./browser";

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
export const isStoredKind = (kind: string): kind is StoredFormKind => isFormKind(kind) && isStored(FORMS[kind]);

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

/** `POST /api/forms/<kind>` (or the form's own `endpoint`): where a form goes, with or without JavaScript. */
export const formPath = (kind: FormKind) => pathOf(FORMS[kind]);

/** A form whose answer decides what happens next (see FormDefinition.sendNow): never kept in the outbox. */
export const isSentNow = (kind: FormKind) => sendsNow(FORMS[kind]);

/** A form sent now whose success answer is shown in the form, focused (see FormDefinition.answerInPlace). */
export const isAnswerInPlace = (kind: FormKind) => answersInPlace(FORMS[kind]);
