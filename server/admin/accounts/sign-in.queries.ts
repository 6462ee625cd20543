/**
 * Signing in (issue 32): the password check, its locks per client and per account, and the organisers' known
 * browsers. Times come from the caller (`now`), so tests can move the clock.
 */
import { secretHash } from "../../secret";
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adminDevices, admins, signInFailures } from "../../db/schema";
import { rowsOf } from "../../db/rows";
import { DUMMY_HASH, verifyPassword } from "./password";
import { findAdmin, normalizeEmail, type Admin } from "./queries";

/**
 * Wrong passwords lock an account per client: MAX_FAILURES from one client (a browser the organiser signed in on
 * before, else one address) lock that client out for LOCK_MS. Across all clients, GLOBAL_MAX_FAILURES lock the
 * account for every client but the organisers' known browsers (issue 32: an attacker cannot lock them out).
 * Locks lift by themselves.
 */
export const MAX_FAILURES = 5;
export const GLOBAL_MAX_FAILURES = 50;
export const LOCK_MS = 15 * 60_000;
/** A browser stays known for a year after its last sign-in. */
export const DEVICE_MS = 365 * 86_400_000;

export type SignInResult =
  | { ok: true; admin: Admin; deviceToken: string | null }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "locked"; until: Date };

/** Who is signing in: the address's rate key, and the token of the device cookie when the browser sent one. */
export interface SignInClient {
  address: string;
  deviceToken?: string;
}

/**
 * Unknown addresses are counted in memory with the same rules, so "locked" says nothing about whether an
 * account exists (no enumeration). Bounded: past 10,000 entries the map starts afresh.
 */
const unknownFailures = new Map<string, { count: number; lockedUntil: number }>();

function countUnknown(key: string, max: number, now: number): number {
  const entry = unknownFailures.get(key) ?? { count: 0, lockedUntil: 0 };
  if (entry.lockedUntil <= now) {
    entry.count += 1;
    if (entry.count >= max) Object.assign(entry, { count: 0, lockedUntil: now + LOCK_MS });
  }
  if (unknownFailures.size > 10_000) unknownFailures.clear();
  unknownFailures.set(key, entry);
  return entry.lockedUntil;
}

/**
 * One sign-in attempt. Every path costs one password hash (a known, an unknown and a locked address answer in
 * the same time), and a wrong password is counted in the same statement that reads the lock, so tries sent in
 * parallel cannot undo a lock (issue 32). `verify` is the password check (tests count its calls).
 */
export async function checkSignIn(
  db: Db,
  email: string,
  password: string,
  now: number,
  client: SignInClient,
  verify: typeof verifyPassword = verifyPassword,
): Promise<SignInResult> {
  const admin = await findAdmin(db, email);
  const matches = await verify(password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin) {
    const key = secretHash(normalizeEmail(email));
    const until = Math.max(
      countUnknown(`${key}|${secretHash(client.address)}`, MAX_FAILURES, now),
      countUnknown(key, GLOBAL_MAX_FAILURES, now),
    );
    return until > now ? { ok: false, reason: "locked", until: new Date(until) } : { ok: false, reason: "wrong" };
  }
  const at = new Date(now);
  const device = client.deviceToken ? secretHash(client.deviceToken) : null;
  const [known] = device
    ? await db
        .select({ tokenHash: adminDevices.tokenHash })
        .from(adminDevices)
        .where(
          and(
            eq(adminDevices.tokenHash, device),
            eq(adminDevices.adminId, admin.id),
            gt(adminDevices.lastUsedAt, new Date(now - DEVICE_MS)),
          ),
        )
    : [];
  const clientKey = known ? `device:${device}` : `ip:${secretHash(client.address)}`;
  const clientLock = sql`SELECT ${signInFailures.lockedUntil} FROM ${signInFailures} WHERE ${signInFailures.adminId} = ${admin.id} AND ${signInFailures.client} = ${clientKey} AND ${signInFailures.lockedUntil} > ${at}::timestamptz`;

  if (matches) {
    // Signs in only when neither this client nor (for an unknown browser) the account is locked: the checks and
    // the sign-in are one statement.
    const [signedIn] = await db
      .update(admins)
      .set({ lastSignInAt: at })
      .where(
        and(
          eq(admins.id, admin.id),
          sql`NOT EXISTS (${clientLock})`,
          known ? sql`true` : or(isNull(admins.lockedUntil), lte(admins.lockedUntil, at)),
        ),
      )
      .returning({ id: admins.id });
    if (signedIn) {
      await db
        .delete(signInFailures)
        .where(and(eq(signInFailures.adminId, admin.id), eq(signInFailures.client, clientKey)));
      return { ok: true, admin, deviceToken: await rememberDevice(db, admin.id, known ? device : null, now) };
    }
    const [row] = await db
      .execute<{ until: Date | string }>(
        sql`SELECT greatest((${clientLock}), ${known ? null : admins.lockedUntil}) AS until FROM ${admins} WHERE ${admins.id} = ${admin.id}`,
      )
      .then(rowsOf<{ until: Date | string }>);
    return { ok: false, reason: "locked", until: row?.until ? new Date(row.until) : new Date(now + LOCK_MS) };
  }

  // Counted in the database, so several server instances share the counts; a lock in force is kept as it is.
  const lockUntil = new Date(now + LOCK_MS);
  const [mine] = await db
    .insert(signInFailures)
    .values({ adminId: admin.id, client: clientKey, failures: 1, updatedAt: at })
    .onConflictDoUpdate({
      target: [signInFailures.adminId, signInFailures.client],
      set: {
        failures: sql`CASE WHEN ${signInFailures.lockedUntil} > ${at}::timestamptz THEN ${signInFailures.failures} WHEN ${signInFailures.failures} + 1 >= ${MAX_FAILURES} THEN 0 ELSE ${signInFailures.failures} + 1 END`,
        lockedUntil: sql`CASE WHEN ${signInFailures.lockedUntil} > ${at}::timestamptz THEN ${signInFailures.lockedUntil} WHEN ${signInFailures.failures} + 1 >= ${MAX_FAILURES} THEN ${lockUntil}::timestamptz ELSE NULL END`,
        updatedAt: at,
      },
    })
    .returning({ lockedUntil: signInFailures.lockedUntil });
  const locked = sql`coalesce(${admins.lockedUntil} > ${at}::timestamptz, false)`;
  const reached = sql`${admins.failedAttempts} + 1 >= ${GLOBAL_MAX_FAILURES}`;
  const [all] = await db
    .update(admins)
    .set({
      failedAttempts: sql`CASE WHEN ${locked} THEN ${admins.failedAttempts} WHEN ${reached} THEN 0 ELSE ${admins.failedAttempts} + 1 END`,
      lockedUntil: sql`CASE WHEN ${locked} THEN ${admins.lockedUntil} WHEN ${reached} THEN ${lockUntil}::timestamptz ELSE NULL END`,
    })
    .where(eq(admins.id, admin.id))
    .returning({ lockedUntil: admins.lockedUntil });
  const until = [mine?.lockedUntil, known ? null : all?.lockedUntil]
    .filter((d): d is Date => !!d && d.getTime() > now)
    .sort((a, b) => b.getTime() - a.getTime())[0];
  return until ? { ok: false, reason: "locked", until } : { ok: false, reason: "wrong" };
}

/**
 * Marks the browser as the organiser's: a browser known for this account keeps its token (its last use moves on;
 * null: no new cookie); any other, even one with another organiser's cookie, gets a new token.
 */
async function rememberDevice(db: Db, adminId: number, knownHash: string | null, now: number): Promise<string | null> {
  if (knownHash) {
    await db
      .update(adminDevices)
      .set({ lastUsedAt: new Date(now) })
      .where(and(eq(adminDevices.tokenHash, knownHash), eq(adminDevices.adminId, adminId)));
    return null;
  }
  const token = randomBytes(32).toString("base64url");
  await db.delete(adminDevices).where(lt(adminDevices.lastUsedAt, new Date(now - DEVICE_MS)));
  await db
    .insert(adminDevices)
    .values({ tokenHash: secretHash(token), adminId, createdAt: new Date(now), lastUsedAt: new Date(now) });
  return token;
}
