/**
 * What a ticket's QR code holds (issue 42), read the same by the server and by a door device offline:
 * `TNCC1.<event>.<plan>.<code>.<signature>`: the event and plan ids (lower-case letters, digits, dashes),
 * the ticket's code (16 random bytes, base64url) and an Ed25519 signature (base64url) over
 * `TNCC1.<event>.<plan>.<code>`. A door holding only the public key can tell a real ticket of this event
 * from anything else; nothing in it names the holder.
 */
export const TICKET_PREFIX = "TNCC1";

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** 16 bytes (128 bits) of randomness, base64url without padding. */
export const TICKET_CODE = /^[A-Za-z0-9_-]{22}$/;
const SIGNATURE = /^[A-Za-z0-9_-]{86}$/;

export interface TicketPayload {
  event: string;
  plan: string;
  code: string;
  /** base64url of the 64-byte Ed25519 signature. */
  signature: string;
}

/** The bytes the signature covers. */
export const signedText = (t: Omit<TicketPayload, "signature">) => `${TICKET_PREFIX}.${t.event}.${t.plan}.${t.code}`;

export const ticketPayload = (t: TicketPayload) => `${signedText(t)}.${t.signature}`;

/** The parts of a scanned text, or null when it is not a ticket's shape (a URL, anything else). */
export function parseTicket(text: string): TicketPayload | null {
  if (text.length > 200) return null;
  const parts = text.split(".");
  if (parts.length !== 5 || parts[0] !== TICKET_PREFIX) return null;
  const [, event, plan, code, signature] = parts as [string, string, string, string, string];
  if (!ID.test(event) || !ID.test(plan) || !TICKET_CODE.test(code) || !SIGNATURE.test(signature)) return null;
  return { event, plan, code, signature };
}
