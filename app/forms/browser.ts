/**
 * What a page's form needs besides its own definition: the words and names every form shares, and what a
 * definition says about where and how it is sent. It imports no form, so a page downloads the definitions
 * of the forms it shows and no others (issue 52: the ticket and waiting-list forms were in every page's
 * first download, through ./index.ts). The server and the inbox use ./index.ts, which re-exports these.
 */
import { API_PATHS } from "../lib/urls";
import type { FormDefinition } from "./definition";

/** The version of the consent/privacy text shown beside the forms (docs/privacy.md); stored with each row. */
export const CONSENT_VERSION = "2026-11-privacy-1";

/** The honeypot field: hidden from people, filled by bots. A filled one gets a fake success. */
export const HONEYPOT_FIELD = "website";

/** `POST /api/forms/<kind>` (or the form's own `endpoint`): where a form goes, with or without JavaScript. */
export const pathOf = (form: FormDefinition) => form.endpoint ?? API_PATHS.forms.replace(":kind", form.kind);

/** A form that is stored (all but login). */
export const isStored = (form: FormDefinition) => form.notStored !== true;

/** A form whose answer decides what happens next (see FormDefinition.sendNow): never kept in the outbox. */
export const sendsNow = (form: FormDefinition) => form.sendNow === true;

/** A form sent now whose success answer is shown in the form, focused (see FormDefinition.answerInPlace). */
export const answersInPlace = (form: FormDefinition) => form.answerInPlace === true;

/** The id of the element that shows a form's success message without JavaScript (`:target`). */
export const sentId = (kind: string) => `sent-${kind}`;

/** The id of the element that says a field was wrong, for a form sent without JavaScript (`:target`). */
export const invalidId = (kind: string, field: string) => `invalid-${kind}-${field}`;

export type FieldErrors = Record<string, string>;

export const SAVED_MESSAGE = "Saved on this device: it will be sent when the connection is back.";

/** A form sent now (a purchase) is never kept for later: offline, the visitor is told nothing was sent. */
export const NOT_SENT_OFFLINE = "Not sent: there is no connection. Please try again once you are online.";

/** Fired on window when the outbox sent an entry in the background (detail: the entry). */
export const OUTBOX_SENT_EVENT = "tncc-outbox-sent";
