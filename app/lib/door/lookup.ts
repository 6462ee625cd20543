/**
 * What a typed search means (issue 53, item 5), read the same way by the door's server search, the list on the
 * door's phone (offline) and the Attendees tab: an order reference ("TNCC-T000042", "T42", "42"), or the code
 * printed under a ticket's QR on the ticket page (its 22 characters, `Sg7ksVlIHizZoBdYKJGVXw`: the ticket's
 * `code`, the fourth part of the QR text). A code is found only whole, in any case (a phone's keyboard capitalises
 * a search's first letter) and with any spaces a person typed into it; 22 characters in any case still leave
 * about 115 bits to guess, so nobody finds a ticket by trying codes.
 */
import { TICKET_CODE } from "../tickets/payload";
import { shortCodeKey } from "../tickets/short-code";

/**
 * Issue 61: the short code printed large under the QR ("7KX4-QM2P"), found typed in any case, with spaces or
 * dashes, O for 0 and I or L for 1 (../tickets/short-code.ts); one character away from a single ticket's, that
 * ticket is offered ("Did you mean …?", ./state.ts suggestFromList and the server's suggestDoor).
 */
export { shortCodeKey };

/** "TNCC-T000042", "T42" or "42" -> 42; null for anything else. */
export function referenceId(q: string): number | null {
  const m = /^(?:TNCC-)?T?0*(\d{1,15})$/i.exec(q.trim());
  return m ? Number(m[1]) : null;
}

/** The ticket code a search names whole (spaces taken out), in lower case; null when it is no code's shape. */
export function ticketCodeKey(q: string): string | null {
  const text = q.replace(/\s+/g, "");
  return TICKET_CODE.test(text) ? text.toLowerCase() : null;
}
