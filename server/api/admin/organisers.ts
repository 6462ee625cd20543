/**
 * Organisers manage organisers (issue 30): `GET /organisers` (who has access, invitations waiting),
 * `POST /organisers` with `{ email }` (an invitation: a one-time link mailed, valid 48 hours),
 * `DELETE /organisers/invites/:id` (withdrawn: the link works no more), `DELETE /organisers/:id` (removed at
 * once: every session of theirs ends, their invitations waiting are withdrawn; the last organiser stays).
 * The invitee, without a session: `GET /invite?token=` (whose invitation) and `POST /invite` with
 * `{ token, password }` (creates the account; the link then works no more; tries are limited per client as
 * signing in is). Every step is audited.
 * `npm run admin:add` still creates the first account.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Hono } from "hono";
import { acceptInviteSchema, firstIssue, inviteSchema, parseId } from "../../../app/lib/admin/schemas";
import { adminInvites, admins, mailQueue } from "../../db/schema";
import { audit, findAdmin, normalizeEmail, sha256 } from "./accounts";
import { badRequest, jsonBody, notFound, type AdminEnv, type AdminOptions } from "./context";
import { hashPassword } from "./password";
import { SIGN_IN_LIMIT } from "./session";
import { rateLimit } from "../../rate-limit";

/** How long an invitation link works. */
export const INVITE_MS = 48 * 3_600_000;
const INVALID =
  "This invitation link is no longer valid: it was used, or it is more than 48 hours old. Ask an organiser for a new one.";

export function registerOrganisers(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;
  const now = () => new Date((options.now ?? Date.now)());
  const limit = options.signInLimit ?? SIGN_IN_LIMIT;
  /** Accepting an invitation: tries per client address, as for signing in. */
  const acceptLimit = rateLimit({
    max: limit.limit,
    windowMs: limit.windowMs,
    key: options.clientKey,
    now: options.now,
  });

  /** The invitation of a token, if it still works. */
  const validInvite = async (token: string) => {
    const [invite] = await db
      .select()
      .from(adminInvites)
      .where(
        and(eq(adminInvites.tokenHash, sha256(token)), isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now())),
      );
    return invite;
  };

  admin.get("/organisers", async (c) => {
    const people = await db
      .select({ id: admins.id, email: admins.email, createdAt: admins.createdAt, lastSignInAt: admins.lastSignInAt })
      .from(admins)
      .orderBy(asc(admins.id));
    // An invitation's id is its token's SHA-256 (the key it is stored under; the token cannot be had from it).
    const invites = await db
      .select({ id: adminInvites.tokenHash, email: adminInvites.email, expiresAt: adminInvites.expiresAt })
      .from(adminInvites)
      .where(and(isNull(adminInvites.usedAt), gt(adminInvites.expiresAt, now())))
      .orderBy(asc(adminInvites.createdAt));
    return c.json({ organisers: people, invites, you: c.get("admin").id });
  });

  admin.post("/organisers", async (c) => {
    const parsed = inviteSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const email = parsed.data.email.trim();
    if (await findAdmin(db, email)) return c.json({ error: `${email} is already an organiser.` }, 409);
    const who = c.get("admin");
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now().getTime() + INVITE_MS);
    const link = `${options.siteUrl ?? ""}/admin?invite=${token}`;
    const mailed = Boolean(options.siteUrl && options.canMail);
    await db.transaction(async (tx) => {
      await tx.insert(adminInvites).values({ tokenHash: sha256(token), email, invitedBy: who.id, expiresAt });
      if (mailed)
        await tx.insert(mailQueue).values({
          toAddr: email,
          subject: "You are invited to the TNCC organisers' inbox",
          body: [
            `${who.email} invited you to the organisers' inbox of the TNCC website.`,
            "",
            "Choose your password here (the link works once, for 48 hours):",
            link,
            "",
            "If you did not expect this, ignore this message.",
          ].join("\n"),
        });
      await audit(tx, {
        adminId: who.id,
        actor: who.email,
        action: "organiser-invited",
        target: `email:${normalizeEmail(email)}`,
      });
    });
    return c.json({ email, expiresAt: expiresAt.toISOString(), link, mailed }, 201);
  });

  admin.delete("/organisers/invites/:id", async (c) => {
    const id = c.req.param("id");
    if (!/^[0-9a-f]{64}$/.test(id)) return notFound(c, "No such invitation waiting.");
    const who = c.get("admin");
    const withdrawn = await db.transaction(async (tx) => {
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
    return withdrawn ? c.json({ withdrawn: withdrawn.email }) : notFound(c, "No such invitation waiting.");
  });

  admin.delete("/organisers/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, "No such organiser.");
    const who = c.get("admin");
    const result = await db.transaction(async (tx) => {
      // Every organiser row locked: two removals at once cannot remove the last two.
      const all = await tx.select({ id: admins.id, email: admins.email }).from(admins).for("update");
      const target = all.find((a) => a.id === id);
      if (!target) return "missing" as const;
      if (all.length === 1) return "last" as const;
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
        detail: withdrawn.length ? { invitesWithdrawn: withdrawn.map((i) => normalizeEmail(i.email)) } : null,
      });
      return target;
    });
    if (result === "missing") return notFound(c, "No such organiser.");
    if (result === "last")
      return c.json({ error: "The last organiser cannot be removed: invite another one first." }, 409);
    return c.json({ removed: result.email, you: result.id === who.id });
  });

  admin.get("/invite", async (c) => {
    const token = c.req.query("token") ?? "";
    const invite = /^[\w-]{20,100}$/.test(token) ? await validInvite(token) : undefined;
    return invite ? c.json({ email: invite.email, expiresAt: invite.expiresAt.toISOString() }) : notFound(c, INVALID);
  });

  admin.post("/invite", acceptLimit, async (c) => {
    const parsed = acceptInviteSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    // The token first: a made-up one costs no password hash (the UPDATE below still decides who gets it).
    if (!(await validInvite(parsed.data.token))) return notFound(c, INVALID);
    const passwordHash = await hashPassword(parsed.data.password);
    const created = await db.transaction(async (tx) => {
      // Used in the same statement that checks it: a link works once even when opened twice at once.
      const [invite] = await tx
        .update(adminInvites)
        .set({ usedAt: now() })
        .where(
          and(
            eq(adminInvites.tokenHash, sha256(parsed.data.token)),
            isNull(adminInvites.usedAt),
            gt(adminInvites.expiresAt, now()),
          ),
        )
        .returning();
      if (!invite) return null;
      const [row] = await tx
        .insert(admins)
        .values({ email: invite.email, passwordHash })
        .onConflictDoNothing()
        .returning({ id: admins.id });
      if (!row) return "exists" as const;
      await audit(tx, { adminId: row.id, actor: invite.email, action: "account-created", target: "invite" });
      return invite.email;
    });
    if (created === null) return notFound(c, INVALID);
    if (created === "exists") return c.json({ error: "This address is already an organiser: sign in instead." }, 409);
    return c.json({ email: created }, 201);
  });
}

/** The path an invitee reaches without a session. */
export const INVITE_PATH = "/api/admin/invite";
