/**
 * The small part of sending a form that every page carries: reading its fields and keeping a submission in
 * the outbox. The rest (the checks, with zod, and the sending) is in ./send.ts, loaded on first focus or
 * submit; when that cannot load (offline before the offline copy holds it), SiteForm still keeps the
 * submission here, and send.ts sends it once it loads (on `online`, or the next visit).
 */
import type { FormKind } from "./index";
import { addToOutbox, type OutboxEntry } from "./outbox";

/** The form's fields as strings, with the page it was sent from. */
export function formFields(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
  fields.page = location.pathname;
  return fields;
}

export const newId = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Keeps a submission in the outbox (localStorage) to be sent later. */
export function saveForLater(kind: FormKind, fields: Record<string, string>): OutboxEntry {
  return addToOutbox(localStorage, kind, fields, Date.now(), newId);
}
