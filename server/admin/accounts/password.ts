/**
 * Organiser passwords: scrypt from node:crypto (Node's own binding to OpenSSL's implementation, kept with
 * Node itself: no native add-on to compile or download; see docs/decisions/011-admin.md).
 * Parameters follow OWASP's password storage cheat sheet (N=2^15, r=8, p=3: 32 MiB, equivalent to its first
 * choice N=2^17, p=1 at a quarter of the memory). They are stored in each hash, so raising them later
 * leaves older hashes readable.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { MIN_PASSWORD_LENGTH } from "../../../app/forms/admin";

export { MIN_PASSWORD_LENGTH };
export const MAX_PASSWORD_LENGTH = 256;

const PARAMS = { N: 2 ** 15, r: 8, p: 3 } as const;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** "Too short" and the like, or null when the password may be used. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH)
    return `The password must have at least ${MIN_PASSWORD_LENGTH} characters (it has ${password.length}).`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must have at most ${MAX_PASSWORD_LENGTH} characters.`;
  return null;
}

/** `scrypt$N$r$p$<salt base64>$<key base64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64"), key.toString("base64")].join("$");
}

/** Whether the password matches the stored hash (constant-time compare); false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isSafeInteger(v) && v > 0)) return false;
  const expected = Buffer.from(key, "base64");
  const actual = await derive(password.slice(0, MAX_PASSWORD_LENGTH), Buffer.from(salt, "base64"), params);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash that matches no password: checked for an unknown address, so both answers take the same time. */
export const DUMMY_HASH = `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${Buffer.alloc(16).toString("base64")}$${Buffer.alloc(KEY_LENGTH).toString("base64")}`;

/** A one-time password for `admin:add --generate`: 20 characters from a 57-letter alphabet (~116 bits). */
export function generatePassword(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
  const bytes = randomBytes(40);
  let out = "";
  // Rejection sampling keeps every letter equally likely (228 = 4 * 57).
  for (const b of bytes) if (b < 228 && out.length < 20) out += alphabet[b % alphabet.length];
  return out.length === 20 ? out : generatePassword();
}
