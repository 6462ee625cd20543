/**
 * The tickets' signing key (issue 42): an Ed25519 key pair made at the first start and kept in the database
 * (table `signing_keys`), so a backup carries it and every server on one PostgreSQL signs alike. A ticket is
 * signed over its event, plan and code (app/lib/tickets/payload.ts); the public key alone checks it.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  verify,
  type KeyObject,
} from "node:crypto";
import { parseTicket, signedText, ticketPayload, type TicketPayload } from "../../app/lib/tickets/payload";
import { SHORT_CODE_ALPHABET, SHORT_CODE_LENGTH } from "../../app/lib/tickets/short-code";
import type { Db } from "../db/client";
import { signingKey } from "./tickets.queries";

export interface TicketKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  /** The public key as SPKI DER, base64: what a door device is given. */
  publicKeyText: string;
}

const keysOf = (privatePem: string): TicketKeys => {
  const privateKey = createPrivateKey(privatePem);
  const publicKey = createPublicKey(privateKey);
  return { privateKey, publicKey, publicKeyText: publicKey.export({ type: "spki", format: "der" }).toString("base64") };
};

/** The key pair, made (once, whoever starts first) when the database has none. */
export async function ticketKeys(db: Db): Promise<TicketKeys> {
  const made = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return keysOf(await signingKey(db, made));
}

/** A new ticket code: 128 random bits. */
export const newTicketCode = () => randomBytes(16).toString("base64url");

/** A new short code (issue 61): 8 random characters of Crockford's base32, 40 bits (app/lib/tickets/short-code.ts). */
export const newShortCode = () =>
  Array.from(randomBytes(SHORT_CODE_LENGTH), (b) => SHORT_CODE_ALPHABET[b & 31]).join("");

/** The QR text of a ticket. */
export function signTicket(keys: Pick<TicketKeys, "privateKey">, t: Omit<TicketPayload, "signature">): string {
  const signature = sign(null, Buffer.from(signedText(t)), keys.privateKey).toString("base64url");
  return ticketPayload({ ...t, signature });
}

/** A scanned text's ticket when its signature is good for this public key (SPKI DER base64), else null. */
export function verifyTicket(publicKeyText: string, text: string): TicketPayload | null {
  const ticket = parseTicket(text);
  if (!ticket) return null;
  const key = createPublicKey({ key: Buffer.from(publicKeyText, "base64"), format: "der", type: "spki" });
  const signature = Buffer.from(ticket.signature, "base64url");
  // Only the one spelling of the signature: base64url's last character has bits that decode to nothing.
  if (signature.toString("base64url") !== ticket.signature) return null;
  const good = verify(null, Buffer.from(signedText(ticket)), key, signature);
  return good ? ticket : null;
}
