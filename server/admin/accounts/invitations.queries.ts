/**
 * Organisers manage organisers (issue 30): invitations and removals (server/admin/accounts/organisers.ts).
 */
import { secretHash } from "../../secret";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { AccountRemoval } from "../../context";
import { adminInvites, admins, type AdminRole } from "../../db/schema";
import { queueMail, type MailDraft } from "../../mail/queries";
import { audit } from "../audit/queries";
import { nameOf, normalizeEmail, type SessionAdmin } from "./queries";

/** The invitation of a token, if it still works. */
export async function validInvite(db: Db, token: string, now: Date) {
  const [invite] = await db
    .select()
    .from(adminInvites)
    .where(
      and(eq(adminInvites.tokenHash, secretHash(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now)),
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
      .values({ tokenHash: secretHash(token), email, displayName, invitedBy: who.id, expiresAt, role: invite.role });
    if (mail) await queueMail(tx, mail);
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
 * Removes an organiser (or a door volunteer, or a volunteer) and withdraws the invitations they made, audited;
 * never the last organiser (door volunteers do not count: they cannot invite). What features do then (`then`,
 * the context's `accountRemoval`: their shifts freed and the organisers told, issue 66) runs in the same
 * transaction, and what each says goes into the audit line.
 */
export async function removeOrganiser(db: Db, id: number, who: SessionAdmin, then: readonly AccountRemoval[] = []) {
  return db.transaction(async (tx) => {
    // Every organiser row locked: two removals at once cannot remove the last two.
    const all = await tx
      .select({ id: admins.id, email: admins.email, name: admins.displayName, role: admins.role })
      .from(admins)
      .for("update");
    const target = all.find((a) => a.id === id);
    if (!target) return "missing" as const;
    if (target.role === "organiser" && all.filter((a) => a.role === "organiser").length === 1) return "last" as const;
    // Their invitations waiting are withdrawn; their sessions, devices and lock rows go with the account
    // (ON DELETE CASCADE).
    const withdrawn = await tx
      .delete(adminInvites)
      .where(and(eq(adminInvites.invitedBy, id), isNull(adminInvites.usedAt)))
      .returning({ email: adminInvites.email });
    const said: Record<string, unknown> = {};
    for (const removal of then) Object.assign(said, await removal(tx, target));
    await tx.delete(admins).where(eq(admins.id, id));
    await audit(tx, {
      adminId: who.id,
      actor: who.email,
      action: "organiser-removed",
      target: `email:${normalizeEmail(target.email)}`,
      detail:
        withdrawn.length || target.role !== "organiser" || Object.keys(said).length
          ? {
              ...(target.role !== "organiser" ? { role: target.role } : {}),
              ...(withdrawn.length ? { invitesWithdrawn: withdrawn.map((i) => normalizeEmail(i.email)) } : {}),
              ...said,
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
        and(
          eq(adminInvites.tokenHash, secretHash(token)),
          isNull(adminInvites.usedAt),
          gt(adminInvites.expiresAt, now),
        ),
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
      .returning({ id: admins.id, name: admins.displayName });
    if (!row) return "exists" as const;
    await audit(tx, { adminId: row.id, actor: invite.email, action: "account-created", target: "invite" });
    return {
      id: row.id,
      email: invite.email,
      name: nameOf({ email: invite.email, name: row.name }),
      role: invite.role,
    };
  });
}
