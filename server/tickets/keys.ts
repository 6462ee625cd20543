/**
 * The box office's keyed hashes and keys (issue 64: plain functions over its context): addresses are kept only
 * hashed with the site's salt, and the card provider's idempotency keys carry this database's own prefix.
 */
import { normalizeEmail } from "../../app/forms/email";
import { secretHash } from "../secret";
import type { BoxOfficeContext } from "./box-office-context";

/** A client's address as the holds keep it: hashed with the site's salt (as the forms' limits do), never in clear. */
export const clientHash = async (box: BoxOfficeContext, client: string): Promise<string> =>
  secretHash(`${await box.salt()}:${client}`);

/** An e-mail address as its one order mail a day is counted (issue 61): a keyed hash with the site's salt. */
export const addressHash = async (box: BoxOfficeContext, email: string): Promise<string> =>
  secretHash(`${await box.salt()}:mail:${normalizeEmail(email)}`);

/** The card provider's idempotency key: this database's own random prefix, then `key` (issue 50). */
export const providerKey = async (box: BoxOfficeContext, key: string): Promise<string> =>
  `${await box.keyPrefix()}-${key}`;
