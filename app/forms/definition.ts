/**
 * What a form is, as plain data (no zod, no React): its fields with their labels, types, autocomplete and
 * checks, its success message, its inbox label and its mail subject. One file per form in this folder; the
 * form component renders from it (components/forms/form-fields.tsx), the browser and the server check with
 * the schema made from it (./schema.ts), the inbox and the CSV label with it. Adding a form is a new file
 * here, its line in ./index.ts, and its place on a page.
 */

/** A field's extra check, beyond "required" and its length (messages in ./schema.ts). */
export type FieldCheck = "email" | "phone" | "quantity" | "planId" | "postId" | "accepted";

export interface FieldSpec {
  name: string;
  /** The label beside the field ("Name"); the inbox and the CSV show it too. */
  label: string;
  /** How messages name it: "Please enter your name.", "Not sent: please check your name." */
  noun: string;
  type?: "text" | "email" | "tel" | "number" | "textarea" | "select" | "checkbox" | "hidden";
  autoComplete?: string;
  /** Required unless false. */
  required?: boolean;
  /** Longest value, in characters (text fields). */
  max?: number;
  check?: FieldCheck;
  /** Spans both columns of a two-column form. */
  wide?: boolean;
  /** Words of the label that link to a page of the site, opened in a new tab (the ticket's terms). */
  link?: { text: string; href: string };
}

export interface FormDefinition {
  kind: string;
  /** The toast, and the no-JavaScript notice, once the server stored it (spec section 7). */
  success: string;
  /** Its tab in the organisers' inbox; absent when its rows are not listed there. */
  inboxLabel?: string;
  /** Its name in the mail the organisers get: "[TNCC] Contact form: <subject>". */
  mailLabel?: string;
  /** Kept in the newsletter's own table (with a confirmation mail), not as a submission. */
  newsletter?: boolean;
  /** Waits for approval before it is shown (comments). */
  moderated?: boolean;
  /** Not stored or sent at all (the login page: this site has no accounts). */
  notStored?: boolean;
  /** Where it posts, with and without JavaScript, instead of `/api/forms/<kind>` (the ticket form: the box office). */
  endpoint?: string;
  /**
   * Sent at once and never kept in the outbox, because the answer decides what happens next (a purchase):
   * a `{url}` answer is followed, 409 `{error: "sold-out", message}` is handed to the page, any other refusal's
   * `message` is shown; a 2xx without `url` is the usual success. Offline, nothing is sent and the visitor is told.
   */
  sendNow?: boolean;
  /**
   * Kept by its endpoint's feature in a table of its own (the waiting list), never as a submission:
   * `/api/forms/<kind>` refuses it, and it has no inbox tab.
   */
  ownTable?: boolean;
  /**
   * A form sent now whose success answer's `message` says what to do next (the waiting list: "open the link we
   * mailed"): shown in the form and focused, instead of a toast.
   */
  answerInPlace?: boolean;
  fields: readonly FieldSpec[];
}

/** The fields several forms ask for, alike in each. */
export const NAME_FIELD: FieldSpec = { name: "name", label: "Name", noun: "your name", autoComplete: "name", max: 100 };
export const PHONE_FIELD: FieldSpec = {
  name: "phone",
  label: "Phone number",
  noun: "your phone number",
  type: "tel",
  autoComplete: "tel",
  check: "phone",
};
/** The e-mail field of every form (the only one of the newsletter and coming-soon forms). */
export const EMAIL_FIELD: FieldSpec = {
  name: "email",
  label: "E-mail",
  noun: "your e-mail address",
  type: "email",
  autoComplete: "email",
  check: "email",
};
