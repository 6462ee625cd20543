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
