/**
 * What the door says about a scanned code (issue 43), offline: the QR's text is parsed, its Ed25519 signature
 * checked with WebCrypto against the list's public key, its event compared with the list's, then the local list
 * says who it is and whether they are already in. Pure apart from the signature check; the page and the bench
 * (scripts/bench/door.ts) call the same `judge`.
 */
import { parseTicket, signedText, type TicketPayload } from "../tickets/payload";
import type { CheckIn, DoorAttendee, DoorListAnswer } from "./protocol";

export type Verdict =
  | {
      kind: "admitted";
      code: string;
      name: string;
      plan: string;
      position: number;
      of: number;
      /** Validly signed but bought after the list was made: admitted, and said so. */
      notInList: boolean;
    }
  | { kind: "already"; code: string; name: string; first: CheckIn }
  | { kind: "cancelled"; code: string; name: string }
  | { kind: "foreign" };

/** What `judge` needs, built once per list (a Map of 5,000 attendees and the imported key). */
export interface DoorIndex {
  event: string;
  plans: DoorListAnswer["plans"];
  attendees: Map<string, DoorAttendee>;
  verify: (ticket: TicketPayload) => Promise<boolean>;
}

const fromBase64 = (text: string) => {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  const bytes = new Uint8Array(plain.length);
  for (let i = 0; i < plain.length; i++) bytes[i] = plain.charCodeAt(i);
  return bytes;
};

/** A signature check against the tickets' public key (SPKI DER, base64). */
export async function signatureCheck(publicKey: string): Promise<DoorIndex["verify"]> {
  const key = await crypto.subtle.importKey("spki", fromBase64(publicKey), { name: "Ed25519" }, false, ["verify"]);
  const encoder = new TextEncoder();
  return (ticket) =>
    crypto.subtle
      .verify({ name: "Ed25519" }, key, fromBase64(ticket.signature), encoder.encode(signedText(ticket)))
      .catch(() => false);
}

export async function indexList(list: Pick<DoorListAnswer, "event" | "plans" | "attendees" | "publicKey">) {
  return {
    event: list.event,
    plans: list.plans,
    attendees: new Map(list.attendees.map((a) => [a[0], a])),
    verify: await signatureCheck(list.publicKey),
  } satisfies DoorIndex;
}

/** The plan's title as the organisers named it (the id when the list does not know the plan). */
export const planTitle = (index: Pick<DoorIndex, "plans">, plan: string) => index.plans[plan]?.title ?? plan;

/**
 * The verdict on a scanned text. `checkedIn` is the first check-in of each code as this device knows it (the
 * server's, then its own). A URL, a forged signature and another event's ticket all say the same thing: the
 * person at the door needs no more detail than "not a ticket for this event".
 */
export async function judge(
  text: string,
  index: DoorIndex,
  checkedIn: (code: string) => CheckIn | undefined,
): Promise<Verdict> {
  const ticket = parseTicket(text.trim());
  // 64 bytes in 86 base64url characters leave 4 bits of the last one unused: only its one spelling (A, Q, g, w)
  // is the server's (server/tickets/signing.ts verifyTicket), so a re-spelt copy is not a second ticket.
  if (!ticket || ticket.event !== index.event || !/[AQgw]$/.test(ticket.signature)) return { kind: "foreign" };
  if (!(await index.verify(ticket))) return { kind: "foreign" };
  return verdictFor(ticket.code, ticket.plan, index, checkedIn);
}

/** The verdict on a code the device trusts already (a scan whose signature held, or a search result). */
export function verdictFor(
  code: string,
  plan: string,
  index: Pick<DoorIndex, "attendees" | "plans">,
  checkedIn: (code: string) => CheckIn | undefined,
  found: DoorAttendee | undefined = index.attendees.get(code),
): Verdict {
  const name = found?.[1] ?? "";
  if (found?.[6] === "cancelled") return { kind: "cancelled", code, name };
  const first = checkedIn(code);
  if (first) return { kind: "already", code, name, first };
  return {
    kind: "admitted",
    code,
    name,
    plan: planTitle(index, found?.[2] ?? plan),
    position: found?.[4] ?? 1,
    of: found?.[5] ?? 1,
    notInList: !found,
  };
}
