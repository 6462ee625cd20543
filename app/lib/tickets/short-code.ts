/**
 * The short code printed large under each ticket's QR (issue 61, item 6): 8 characters of Crockford's base32
 * (no I, L, O or U, so nothing reads as another letter), grouped in fours ("7KX4-QM2P"), so a door volunteer can
 * type it from a phone held up to them. The long code stays inside the signed QR text (./payload.ts); the short
 * one is the ticket's own column (migration 022), unique. The door's server search, the list on the door's phone
 * (offline) and the Attendees tab read a typed code the same way, here: case, spaces and dashes do not matter, and
 * O is read as 0, I and L as 1 (Crockford's decoding rules). 40 random bits: nobody finds a ticket by guessing
 * codes at the door's search limit.
 */

/** Crockford's base32: the digits, then the letters without I, L, O and U. */
export const SHORT_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** How many characters a short code has (without its dash). */
export const SHORT_CODE_LENGTH = 8;

const SHAPE = /^[0-9A-HJKMNP-TV-Z]{8}$/;

/** "7KX4QM2P" -> "7KX4-QM2P": how a short code is printed and shown. */
export const formatShortCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/**
 * A typed short code as stored ("7kx4 qm2p", "7KX4-QM2P", "7kx4-qmzp" -> "7KX4QM2P"), reading O as 0 and I or L as
 * 1; null when the text is not 8 characters of the alphabet once read that way.
 */
export function shortCodeKey(typed: string): string | null {
  const text = typed
    .replace(/[\s-]+/g, "")
    .toUpperCase()
    .replace(/O/g, "0")
    .replace(/[IL]/g, "1");
  return SHAPE.test(text) ? text : null;
}

/** Every code one character away from `key` (one character replaced by another of the alphabet): 8 × 31 of them. */
export function oneAway(key: string): string[] {
  const near: string[] = [];
  for (let i = 0; i < key.length; i++)
    for (const c of SHORT_CODE_ALPHABET) if (c !== key[i]) near.push(`${key.slice(0, i)}${c}${key.slice(i + 1)}`);
  return near;
}

/**
 * The one code among `codes` that is one character away from the typed `key`; null when none is, or when two or
 * more are (a guess between two people would admit the wrong one).
 */
export function nearestCode(key: string, codes: Iterable<string>): string | null {
  let found: string | null = null;
  for (const code of codes) {
    if (code.length !== key.length) continue;
    let diff = 0;
    for (let i = 0; i < key.length && diff < 2; i++) if (code[i] !== key[i]) diff++;
    if (diff !== 1) continue;
    if (found !== null && found !== code) return null;
    found = code;
  }
  return found;
}
