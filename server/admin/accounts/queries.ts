/**
 * Organiser accounts: who they are, how they are named, and the account's row. Signing in (./sign-in.queries.ts),
 * sessions (./sessions.queries.ts) and invitations (./invitations.queries.ts) have their own query modules; the
 * audit log is server/admin/audit/queries.ts.
 * Times come from the caller (`now`), so tests can move the clock.
 */
import { normalizeEmail } from "../../../app/forms/email";
import { nameOf } from "../../../app/lib/admin/names";
import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { adminSessions, admins, signInFailures, type AdminRole } from "../../db/schema";
import { audit } from "../audit/queries";
import { hashPassword } from "./password";

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

/** How an organiser is named to people and as a commit's author (app/lib/admin/names.ts, the People tab's too). */
export { nameOf };

export { normalizeEmail };

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

/**
 * What to call each organiser whose address was recorded (a publish's "by", an order's step; issue 62): their
 * name (nameOf) by address, matched as sign-in matches. An address with no account (removed since) is named
 * by its local part too, so no screen shows an organiser's address where a name belongs.
 */
export async function namesOf(db: Db, emails: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(emails.filter((e): e is string => Boolean(e)))];
  const names = new Map(wanted.map((email) => [email, nameOf({ email })]));
  if (!wanted.length) return names;
  const rows = await db
    .select({ email: admins.email, name: admins.displayName })
    .from(admins)
    .where(inArray(sql`lower(${admins.email})`, wanted.map(normalizeEmail)));
  const byAddress = new Map(rows.map((r) => [normalizeEmail(r.email), nameOf(r)]));
  for (const email of wanted) names.set(email, byAddress.get(normalizeEmail(email)) ?? nameOf({ email }));
  return names;
}
