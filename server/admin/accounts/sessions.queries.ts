/**
 * Organisers' sessions: how long they last, the cookie's token (only its hash is stored), and a password change
 * that ends the others. Times come from the caller (`now`), so tests can move the clock.
 */
import { secretHash } from "../../secret";
import { randomBytes } from "node:crypto";
import { and, eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adminSessions, admins, type AdminRole } from "../../db/schema";
import { SESSION_HOURS } from "../../../app/forms/admin";
import { hashPassword } from "./password";
import type { SessionAdmin } from "./queries";

/**
 * A session ends after 2 hours without a request, and 12 hours after sign-in at the latest (ASVS 3.3.2, level 2:
 * re-authentication at least every 12 hours). Its cookie lasts as long as the browser unless the organiser
 * chose "keep me signed in" (then 12 hours).
 */
export const IDLE_MS = 2 * 3_600_000;
export const ABSOLUTE_MS = SESSION_HOURS.organiser * 3_600_000;
/**
 * A door volunteer's session lasts the event day (issue 43): 16 hours from sign-in, with no shorter idle end (the
 * hall's Wi-Fi may be gone for hours while the phone scans offline); a volunteer's too (issue 66). Removing the
 * volunteer ends it at once.
 */
export const DOOR_SESSION_MS = SESSION_HOURS.door * 3_600_000;
/** How long a session of this role lasts, and how long it may stay idle. */
export const sessionLength = (role: AdminRole) =>
  role === "organiser"
    ? { absolute: ABSOLUTE_MS, idle: IDLE_MS }
    : { absolute: DOOR_SESSION_MS, idle: DOOR_SESSION_MS };
/** last_seen_at is written at most once a minute per session. */
const TOUCH_MS = 60_000;

/**
 * A new session; returns the cookie's token (only its hash is stored). Its start is the account's last sign-in
 * (issue 62): a volunteer signed in by accepting an invitation has signed in, as one who typed a password.
 */
export async function createSession(
  db: Db,
  adminId: number,
  now: number,
  role: AdminRole = "organiser",
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  // Ended sessions are cleared on the way (there are few organisers); an idle organiser's is cleared when read.
  await db
    .delete(adminSessions)
    .where(
      or(lt(adminSessions.expiresAt, new Date(now)), lt(adminSessions.lastSeenAt, new Date(now - DOOR_SESSION_MS))),
    );
  await db.insert(adminSessions).values({
    tokenHash: secretHash(token),
    adminId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + sessionLength(role).absolute),
  });
  await db
    .update(admins)
    .set({ lastSignInAt: new Date(now) })
    .where(eq(admins.id, adminId));
  return token;
}

/** The organiser of a live session (and keeps it alive), or null for an unknown, idle or expired one. */
export async function sessionAdmin(db: Db, token: string, now: number): Promise<SessionAdmin | null> {
  const tokenHash = secretHash(token);
  const [row] = await db
    .select({
      id: admins.id,
      email: admins.email,
      name: admins.displayName,
      mustChangePassword: admins.mustChangePassword,
      role: admins.role,
      lastSeenAt: adminSessions.lastSeenAt,
      expiresAt: adminSessions.expiresAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(eq(adminSessions.tokenHash, tokenHash));
  if (!row) return null;
  if (row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() + sessionLength(row.role).idle <= now) {
    await db.delete(adminSessions).where(eq(adminSessions.tokenHash, tokenHash));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > TOUCH_MS)
    await db
      .update(adminSessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(adminSessions.tokenHash, tokenHash));
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    mustChangePassword: row.mustChangePassword,
    role: row.role,
  };
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.tokenHash, secretHash(token)));
}

/** Sets a new password, ends the organiser's other sessions and clears the one-time flag. */
export async function changePassword(db: Db, adminId: number, password: string, keepToken: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx.update(admins).set({ passwordHash, mustChangePassword: false }).where(eq(admins.id, adminId));
    await tx
      .delete(adminSessions)
      .where(and(eq(adminSessions.adminId, adminId), sql`${adminSessions.tokenHash} <> ${secretHash(keepToken)}`));
  });
}
