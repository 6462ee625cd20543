/**
 * Organisers manage organisers (issue 30): `GET /organisers` (who has access, invitations waiting),
 * `POST /organisers` with `{ email, name?, role? }` (an invitation: a one-time link mailed, valid 48 hours; `role`
 * "door" makes a door volunteer's account, issue 43),
 * `DELETE /organisers/invites/:id` (withdrawn: the link works no more), `DELETE /organisers/:id` (removed at
 * once: every session of theirs ends, their invitations waiting are withdrawn; the last organiser stays).
 * The invitee, without a session: `GET /invite?token=` (whose invitation) and `POST /invite` with
 * `{ token, password, name? }` (creates the account with the name they give and signs them in, issue 53: the
 * answer is the session's, as signing in answers; the link then works no more; tries are limited per client as
 * signing in is). Every step is audited.
 * `npm run admin:add` still creates the first account.
 */
import { randomBytes } from "node:crypto";
import type { Hono } from "hono";
import * as api from "../../../app/api/admin/accounts";
import { parseId, type AdminRole } from "../../../app/forms/admin";
import { findAdmin, nameOf } from "./queries";
import {
  acceptInvite,
  createInvite,
  listOrganisers,
  removeOrganiser,
  validInvite,
  withdrawInvite,
} from "./invitations.queries";
import { notFound, serve, type AdminEnv, type AdminOptions } from "../context";
import { hashPassword } from "./password";
import { SIGN_IN_LIMIT, startSession } from "./session";
import { audit } from "../audit/queries";
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
    shared: { db, name: "accept-invitation" },
  });

  serve(admin, api.listOrganisers, async (c) => {
    const { people, invites } = await listOrganisers(db, now());
    return { organisers: people, invites, you: c.get("admin").id };
  });

  serve(admin, api.inviteOrganiser, async (c, { body }) => {
    const email = body.email.trim();
    if (await findAdmin(db, email)) return c.json({ error: `${email} already has an account.` }, 409);
    const role = body.role ?? "organiser";
    const who = c.get("admin");
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now().getTime() + INVITE_MS);
    const link = `${options.siteUrl ?? ""}/admin?invite=${token}`;
    const mailed = Boolean(options.siteUrl && options.canMail);
    const mail = { to: email, ...invitationWords(role, `${nameOf(who)} (${who.email})`, link) };
    const name = body.name?.trim() || null;
    await createInvite(db, { token, email, name, expiresAt, role }, who, mailed ? mail : null);
    return { email, name, role, expiresAt, link, mailed };
  });

  serve(admin, api.withdrawInvite, async (c, { params }) => {
    const { id } = params;
    if (!/^[0-9a-f]{64}$/.test(id)) return notFound(c, "No such invitation waiting.");
    const withdrawn = await withdrawInvite(db, id, c.get("admin"));
    return withdrawn ? { withdrawn: withdrawn.email } : notFound(c, "No such invitation waiting.");
  });

  serve(admin, api.removeOrganiser, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null) return notFound(c, "No such organiser.");
    const who = c.get("admin");
    // What features do when an account goes (issue 66: a volunteer's shifts freed), in the same transaction.
    const result = await removeOrganiser(db, id, who, options.accountRemoval);
    if (result === "missing") return notFound(c, "No such organiser.");
    if (result === "last")
      return c.json({ error: "The last organiser cannot be removed: invite another one first." }, 409);
    return { removed: result.email, you: result.id === who.id };
  });

  serve(admin, api.showInvite, async (c, { query }) => {
    const token = query.token ?? "";
    const invite = /^[\w-]{20,100}$/.test(token) ? await validInvite(db, token, now()) : undefined;
    return invite
      ? { email: invite.email, name: invite.displayName, role: invite.role, expiresAt: invite.expiresAt }
      : notFound(c, INVALID);
  });

  // Tries limited before the body is read, as for signing in (acceptLimit, after the handler).
  serve(
    admin,
    api.acceptInvite,
    async (c, { body }) => {
      // The token first: a made-up one costs no password hash (the UPDATE below still decides who gets it).
      if (!(await validInvite(db, body.token, now()))) return notFound(c, INVALID);
      const passwordHash = await hashPassword(body.password);
      const created = await acceptInvite(db, body.token, passwordHash, now(), body.name);
      if (created === null) return notFound(c, INVALID);
      if (created === "exists") return c.json({ error: "This address is already an organiser: sign in instead." }, 409);
      // Signed in at once (issue 53): the password was just chosen, and the link proved the address.
      await startSession(c, db, created, {
        now: now().getTime(),
        trustProxy: options.trustProxy ?? false,
        remember: false,
      });
      await audit(db, { adminId: created.id, actor: created.email, action: "sign-in", target: "invite" });
      return { email: created.email, name: created.name, mustChangePassword: false, role: created.role };
    },
    [acceptLimit],
  );
}

/** The invitation mail's subject and body for each role (issue 66: a volunteer's, a door volunteer's shifts). */
function invitationWords(role: AdminRole, inviter: string, link: string): { subject: string; body: string } {
  const [subject, why] =
    role === "door"
      ? [
          "You are invited to check tickets in at the TNCC door",
          `${inviter} invited you to check tickets in at the door of TNCC, on your own phone, and to sign up for volunteer shifts.`,
        ]
      : role === "volunteer"
        ? [
            "You are invited to volunteer at TNCC",
            `${inviter} invited you to volunteer at TNCC. On your own phone you choose what you would like to do, sign up for shifts, say when you cannot come, and add your shifts to your calendar.`,
          ]
        : [
            "You are invited to the TNCC organisers' inbox",
            `${inviter} invited you to the organisers' inbox of the TNCC website.`,
          ];
  return {
    subject,
    body: [
      why,
      "",
      "Choose your password here (the link works once, for 48 hours):",
      link,
      "",
      "If you did not expect this, ignore this message.",
    ].join("\n"),
  };
}

/** The path an invitee reaches without a session. */
export const INVITE_PATH = "/api/admin/invite";
