/**
 * The one e-mail check (zod/mini) of every form and of the inbox: trimmed, present, at most 254 characters
 * (RFC 5321), and shaped like an address. Only the message for a missing address differs by form.
 * Here, not in app/lib: app/lib's modules that two pages share go into the first download (vite.config.ts),
 * and this one would take zod along.
 */
import * as z from "zod/mini";

export function emailSchema(missing = "Please enter your e-mail address.", { shape = true } = {}) {
  return z
    .string(missing)
    .check(
      z.trim(),
      z.minLength(1, missing),
      z.maxLength(254, "Please enter an e-mail address under 254 characters."),
      ...(shape ? [z.email("Please enter a valid e-mail address, like name@example.com.")] : []),
    );
}

/**
 * A plain address's shape, where a form's zod schema is not the reader (a form post read by hand, a list of
 * addresses): a local part, one @, a domain with a dot; no spaces, quotes or angle brackets.
 */
export const EMAIL_SHAPE = /^[^\s@<>"]{1,64}@[^\s@<>"]{1,190}\.[^\s@<>"]{2,}$/;

/** An address as it is compared and kept: trimmed and in lower case. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
