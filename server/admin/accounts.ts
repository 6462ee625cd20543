/**
 * Organiser accounts, sessions and the audit log: every read and write of migration 003's tables.
 * Times come from the caller (`now`), so tests can move the clock.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminSessions, admins, auditLog } from "../db/schema";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";

/** Wrong passwords in a row that lock an account, and for how long. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 15 * 60_000;
/**
 * A session ends after 2 hours without a request, and 12 hours after sign-in at the latest (ASVS 3.3.2, level 2:
 * re-authentication at least every 12 hours). Its cookie lasts as long as the browser unless the organiser
 * chose "keep me signed in" (then 12 hours).
 */
export const IDLE_MS = 2 * 3_600_000;
export const ABSOLUTE_MS = 12 * 3_600_000;
/** last_seen_at is written at most once a minute per session. */
const TOUCH_MS = 60_000;

export type Admin = typeof admins.$inferSelect;
export interface SessionAdmin {
  id: number;
  email: string;
  mustChangePassword: boolean;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export async function findAdmin(db: Db, email: string): Promise<Admin | undefined> {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = ${normalizeEmail(email)}`);
  return row;
}

/** Creates the account, or replaces the password of an existing one (`replaced` tells which). */
export async function upsertAdmin(
  db: Db,
  email: string,
  password: string,
  mustChangePassword: boolean,
): Promise<{ id: number; replaced: boolean }> {
  const passwordHash = await hashPassword(password);
  const existing = await findAdmin(db, email);
  if (existing) {
    await db
      .update(admins)
      .set({ passwordHash, mustChangePassword, failedAttempts: 0, lockedUntil: null })
      .where(eq(admins.id, existing.id));
    await db.delete(adminSessions).where(eq(adminSessions.adminId, existing.id));
    await audit(db, { adminId: existing.id, actor: existing.email, action: "password-set", target: "cli" });
    return { id: existing.id, replaced: true };
  }
  const [row] = await db
    .insert(admins)
    .values({ email: email.trim(), passwordHash, mustChangePassword })
    .returning({ id: admins.id });
  await audit(db, { adminId: row!.id, actor: email.trim(), action: "account-created", target: "cli" });
  return { id: row!.id, replaced: false };
}

export type SignInResult =
  { ok: true; admin: Admin } | { ok: false; reason: "wrong" } | { ok: false; reason: "locked"; until: Date };

/**
 * Unknown addresses are counted in memory with the same rule, so "locked" says nothing about whether an
 * account exists (no enumeration). Bounded: past 10,000 addresses the map starts afresh.
 */
const unknownFailures = new Map<string, { count: number; lockedUntil: number }>();

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
  verify: typeof verifyPassword = verifyPassword,
): Promise<SignInResult> {
  const admin = await findAdmin(db, email);
  const matches = await verify(password, admin?.passwordHash ?? DUMMY_HASH);
  if (!admin) {
    const key = sha256(normalizeEmail(email));
    const entry = unknownFailures.get(key) ?? { count: 0, lockedUntil: 0 };
    if (entry.lockedUntil > now) return { ok: false, reason: "locked", until: new Date(entry.lockedUntil) };
    entry.count += 1;
    if (entry.count >= MAX_FAILURES) Object.assign(entry, { count: 0, lockedUntil: now + LOCK_MS });
    if (unknownFailures.size > 10_000) unknownFailures.clear();
    unknownFailures.set(key, entry);
    return entry.lockedUntil > now
      ? { ok: false, reason: "locked", until: new Date(entry.lockedUntil) }
      : { ok: false, reason: "wrong" };
  }
  const at = new Date(now);
  if (matches) {
    // Signs in only an account that is not locked: the check and the reset are one statement.
    const [signedIn] = await db
      .update(admins)
      .set({ failedAttempts: 0, lockedUntil: null, lastSignInAt: at })
      .where(and(eq(admins.id, admin.id), or(isNull(admins.lockedUntil), lte(admins.lockedUntil, at))))
      .returning({ id: admins.id });
    if (signedIn) return { ok: true, admin };
    const [row] = await db.select({ lockedUntil: admins.lockedUntil }).from(admins).where(eq(admins.id, admin.id));
    return { ok: false, reason: "locked", until: row?.lockedUntil ?? new Date(now + LOCK_MS) };
  }
  // Counted in the database, so several server instances share the count; a lock in force is kept as it is.
  const locked = sql`coalesce(${admins.lockedUntil} > ${at}::timestamptz, false)`;
  const reached = sql`${admins.failedAttempts} + 1 >= ${MAX_FAILURES}`;
  const [row] = await db
    .update(admins)
    .set({
      failedAttempts: sql`CASE WHEN ${locked} THEN ${admins.failedAttempts} WHEN ${reached} THEN 0 ELSE ${admins.failedAttempts} + 1 END`,
      lockedUntil: sql`CASE WHEN ${locked} THEN ${admins.lockedUntil} WHEN ${reached} THEN ${new Date(now + LOCK_MS)}::timestamptz ELSE NULL END`,
    })
    .where(eq(admins.id, admin.id))
    .returning({ lockedUntil: admins.lockedUntil });
  return row?.lockedUntil && row.lockedUntil.getTime() > now
    ? { ok: false, reason: "locked", until: row.lockedUntil }
    : { ok: false, reason: "wrong" };
}

/** A new session; returns the cookie's token (only its hash is stored). */
export async function createSession(db: Db, adminId: number, now: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Ended sessions are cleared on the way (there are few organisers).
  await db
    .delete(adminSessions)
    .where(or(lt(adminSessions.expiresAt, new Date(now)), lt(adminSessions.lastSeenAt, new Date(now - IDLE_MS))));
  await db.insert(adminSessions).values({
    tokenHash: sha256(token),
    adminId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + ABSOLUTE_MS),
  });
  return token;
}

/** The organiser of a live session (and keeps it alive), or null for an unknown, idle or expired one. */
export async function sessionAdmin(db: Db, token: string, now: number): Promise<SessionAdmin | null> {
  const tokenHash = sha256(token);
  const [row] = await db
    .select({
      id: admins.id,
      email: admins.email,
      mustChangePassword: admins.mustChangePassword,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.tokenHash, tokenHash));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + IDLE_MS <= now) {
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_MS)
    await db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(adminSessions.tokenHash, tokenHash));
  return { id: row.id, email: row.email, mustChangePassword: row.mustChangePassword };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, sha256(token)));
}

/** Sets a new password, ends the organiser's other sessions and clears the one-time flag. */
export async function changePassword(db: Db, adminId: number, password: string, keepToken: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, mustChangePassword: false }).where(eq(admins.id, adminId));
    await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), sql`${adminSessions.tokenHash} <> ${sha256(keepToken)}`));
  });
}

export interface AuditEntry {
  adminId?: number | null;
  actor?: string | null;
  action: string;
  target?: string | null;
  detail?: Record<string, unknown> | null;
}

/** How many audit entries of this action name this target. */
export async function auditCount(db: Db, action: string, target: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target, target)));
  return row?.count ?? 0;
}

export async function audit(db: Db | Parameters<Parameters<Db["transaction"]>[0]>[0], entry: AuditEntry) {
  await db.insert(auditLog).values({
    adminId: entry.adminId ?? null,
    actor: entry.actor ?? null,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
  });
}
