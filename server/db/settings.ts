/**
 * Values every server on one database shares, made once at random by whoever asks first and kept in the
 * `settings` table (migration 001): the salt of client-address hashes, the Web Push keys, the card provider's
 * idempotency key prefix. Used by several features, so it lives here, not in one of them.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "./types";
import { rowsOf } from "./rows";

export async function sharedSetting(db: Db, name: string, create: () => string): Promise<string> {
  await db.execute(sql`INSERT INTO settings (name, value) VALUES (${name}, ${create()}) ON CONFLICT (name) DO NOTHING`);
  const [row] = rowsOf<{ value: string }>(await db.execute(sql`SELECT value FROM settings WHERE name = ${name}`));
  return row?.value ?? create();
}

/** The salt of every stored client-address hash (the forms' limits, the box office's holds). */
export const ipSalt = (db: Db) => sharedSetting(db, "ip_salt", () => randomBytes(32).toString("hex"));

/**
 * The prefix of this database's idempotency keys at the card provider: a restore drops it (server/db/backup.ts),
 * so a restored database, whose ids start again where its backup stopped, never reuses a key.
 */
export const PROVIDER_KEY_PREFIX = "provider_key_prefix";
export const providerKeyPrefix = (db: Db) =>
  sharedSetting(db, PROVIDER_KEY_PREFIX, () => randomBytes(9).toString("base64url"));
