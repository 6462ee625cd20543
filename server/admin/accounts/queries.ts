/**
 * Organiser accounts and sessions: every read and write of migration 003's tables but the audit log
 * (server/admin/audit/queries.ts).
 * Times come from the caller (`now`), so tests can move the clock.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import {
  adminDevices,
  adminInvites,
  adminSessions,
  admins,
  mailQueue,
  signInFailures,
  type AdminRole,
} from "../../db/schema";
import { SESSION_HOURS } from "../../../app/forms/admin";
import { mailRow, type MailDraft } from "../../mail/queries";
import { rowsOf } from "../../db/rows";
import { audit } from "../audit/queries";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";
import { secretHash } from "../../secret";

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
/**
 * A session ends after 2 hours without a request, and 12 hours after sign-in at the latest (ASVS 3.3.2, level 2:
 * re-authentication at least every 12 hours). Its cookie lasts as long as the browser unless the organiser
 * chose "keep me signed in" (then 12 hours).
 */
export const IDLE_MS = 2 * 3_600_000;
export const ABSOLUTE_MS = SESSION_HOURS.organiser * 3_600_000;
/**
 * A door volunteer's session lasts the event day (issue 43): 16 hours from sign-in, with no shorter idle end (the
 * hall's Wi-Fi may be gone for hours while the phone scans offline). Removing the volunteer ends it at once.
 */
export const DOOR_SESSION_MS = SESSION_HOURS.door * 3_600_000;
/** How long a session of this role lasts, and how long it may stay idle. */
export const sessionLength = (role: AdminRole) =>
  role === "door" ? { absolute: DOOR_SESSION_MS, idle: DOOR_SESSION_MS } : { absolute: ABSOLUTE_MS, idle: IDLE_MS };
/** last_seen_at is written at most once a minute per session. */
const TOUCH_MS = 60_000;

export type Admin = typeof admins.$inferSelect;
export interface SessionAdmin {
  id: number;
  email: string;
  /** The name they gave (migration 007), or null for an account made before: see nameOf. */
  name: string | null;
  mustChangePassword: boolean;
  /** Issue 43: a "door" volunteer reaches only the session, the password and `/door/*`. */
  role: AdminRole;
}

/** How an organiser is named to people and as a commit's author: their name, else their address's local part. */
export const nameOf = (who: { email: string; name?: string | null }) => who.name?.trim() || who.email.split("@")[0]!;

export const normalizeEmail = (email: string) => email.trim().toLowerCase();
/** A session's or an invitation's token as stored (the site's one secret hash: server/secret.ts). */
export const sha256 = secretHash;

export async function findAdmin(db: Db, email: string): Promise<Admin | undefined> {
  const [row] = await db
    .select()
    .from(admins)
    .where(sql`lower(${admins.email}) = ${normalizeEmail(email)}`);
  return row;
}

/**
 * Creates the account, or replaces the password of an existing one (`replaced` tells which); `name`, when
 * given, is their display name (kept as it was when not given).
 */
export async function upsertAdmin(
  db: Db,
  email: string,
  password: string,
  mustChangePassword: boolean,
  name?: string,
): Promise<{ id: number; replaced: boolean }> {
  const passwordHash = await hashPassword(password);
  const existing = await findAdmin(db, email);
  const displayName = name?.trim() || undefined;
  if (existing) {
    await db
      .update(admins)
      .set({ passwordHash, mustChangePassword, failedAttempts: 0, lockedUntil: null, displayName })
      .where(eq(admins.id, existing.id));
    await db.delete(signInFailures).where(eq(signInFailures.adminId, existing.id));
    await db.delete(adminSessions).where(eq(adminSessions.adminId, existing.id));
    await audit(db, { adminId: existing.id, actor: existing.email, action: "password-set", target: "cli" });
    return { id: existing.id, replaced: true };
  }
  const [row] = await db
    .insert(admins)
    .values({ email: email.trim(), passwordHash, mustChangePassword, displayName: displayName ?? null })
    .returning({ id: admins.id });
  await audit(db, { adminId: row!.id, actor: email.trim(), action: "account-created", target: "cli" });
  return { id: row!.id, replaced: false };
}

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
    const key = sha256(normalizeEmail(email));
    const until = Math.max(
      countUnknown(`${key}|${sha256(client.address)}`, MAX_FAILURES, now),
      countUnknown(key, GLOBAL_MAX_FAILURES, now),
    );
    return until > now ? { ok: false, reason: "locked", until: new Date(until) } : { ok: false, reason: "wrong" };
  }
  const at = new Date(now);
  const device = client.deviceToken ? sha256(client.deviceToken) : null;
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
  const clientKey = known ? `device:${device}` : `ip:${sha256(client.address)}`;
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
    .values({ tokenHash: sha256(token), adminId, createdAt: new Date(now), lastUsedAt: new Date(now) });
  return token;
}

/** A new session; returns the cookie's token (only its hash is stored). */
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
    tokenHash: sha256(token),
    adminId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + sessionLength(role).absolute),
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

// Organisers manage organisers (issue 30): invitations and removals (server/admin/accounts/organisers.ts).

/** The invitation of a token, if it still works. */
export async function validInvite(db: Db, token: string, now: Date) {
  const [invite] = await db
    .select()
    .from(adminInvites)
    .where(
      and(eq(adminInvites.tokenHash, sha256(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)),
    );
  return invite;
}

/** Who has access, and the invitations waiting (an invitation's id is its token's SHA-256, never the token). */
export async function listOrganisers(db: Db, now: Date) {
  const people = await db
    .select({
      id: admins.id,
      email: admins.email,
      name: admins.displayName,
      role: admins.role,
      createdAt: admins.createdAt,
      lastSignInAt: admins.lastSignInAt,
    })
    .from(admins)
    .orderBy(asc(admins.id));
  const invites = await db
    .select({
      id: adminInvites.tokenHash,
      email: adminInvites.email,
      name: adminInvites.displayName,
      role: adminInvites.role,
      expiresAt: adminInvites.expiresAt,
    })
    .from(adminInvites)
    .where(and(isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)))
    .orderBy(asc(adminInvites.createdAt));
  return { people, invites };
}

/** Stores an invitation (and its mail, when it is mailed), audited, in one transaction. */
export async function createInvite(
  db: Db,
  invite: { token: string; email: string; name?: string | null; expiresAt: Date; role?: AdminRole },
  who: SessionAdmin,
  mail: MailDraft | null,
): Promise<void> {
  const { token, email, expiresAt } = invite;
  const displayName = invite.name?.trim() || null;
  await db.transaction(async (tx) => {
    await tx
      .insert(adminInvites)
      .values({ tokenHash: sha256(token), email, displayName, invitedBy: who.id, expiresAt, role: invite.role });
    if (mail) await tx.insert(mailQueue).values(mailRow(mail));
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "organiser-invited",
      target: `email:${normalizeEmail(email)}`,
      detail: invite.role === "door" ? { role: "door" } : null,
    });
  });
}

/** Withdraws a waiting invitation by its id, audited; undefined when there is none. */
export async function withdrawInvite(db: Db, id: string, who: SessionAdmin) {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .delete(adminInvites)
      .where(and(eq(adminInvites.tokenHash, id), isNull(adminInvites.usedAt)))
      .returning({ email: adminInvites.email });
    if (invite)
      await audit(tx, {
        adminId: who.id,
        actor: who.email,
        action: "organiser-invite-withdrawn",
        target: `email:${normalizeEmail(invite.email)}`,
      });
    return invite;
  });
}

/**
 * Removes an organiser (or a door volunteer) and withdraws the invitations they made, audited; never the last
 * organiser (door volunteers do not count: they cannot invite).
 */
export async function removeOrganiser(db: Db, id: number, who: SessionAdmin) {
  return db.transaction(async (tx) => {
    // Every organiser row locked: two removals at once cannot remove the last two.
    const all = await tx.select({ id: admins.id, email: admins.email, role: admins.role }).from(admins).for("update");
    const target = all.find((a) => a.id === id);
    if (!target) return "missing" as const;
    if (target.role === "organiser" && all.filter((a) => a.role === "organiser").length === 1) return "last" as const;
    // Their invitations waiting are withdrawn; their sessions, devices and lock rows go with the account
    // (ON DELETE CASCADE).
    const withdrawn = await tx
      .delete(adminInvites)
      .where(and(eq(adminInvites.invitedBy, id), isNull(adminInvites.usedAt)))
      .returning({ email: adminInvites.email });
    await tx.delete(admins).where(eq(admins.id, id));
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "organiser-removed",
      target: `email:${normalizeEmail(target.email)}`,
      detail:
        withdrawn.length || target.role === "door"
          ? {
              ...(target.role === "door" ? { role: "door" } : {}),
              ...(withdrawn.length ? { invitesWithdrawn: withdrawn.map((i) => normalizeEmail(i.email)) } : {}),
            }
          : null,
    });
    return target;
  });
}

/**
 * Creates the account of an invitation: its email, or null when the link no longer works, or "exists". The
 * invitation is used in the same statement that checks it: a link works once even when opened twice at once.
 * `name` is the name the invitee gave; without one, the name the inviter suggested.
 */
export async function acceptInvite(db: Db, token: string, passwordHash: string, now: Date, name?: string) {
  return db.transaction(async (tx) => {
    const [invite] = await tx
      .update(adminInvites)
      .set({ usedAt: now })
      .where(
        and(eq(adminInvites.tokenHash, sha256(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)),
      )
      .returning();
    if (!invite) return null;
    const [row] = await tx
      .insert(admins)
      .values({
        email: invite.email,
        passwordHash,
        displayName: name?.trim() || invite.displayName || null,
        role: invite.role,
      })
      .onConflictDoNothing()
      .returning({ id: admins.id });
    if (!row) return "exists" as const;
    await audit(tx, { adminId: row.id, actor: invite.email, action: "account-created", target: "invite" });
    return { id: row.id, email: invite.email, role: invite.role };
  });
}
