/**
 * The organisers' accounts and session (issues 30, 43, 53, 62): server/admin/accounts/session.ts (signing in and
 * out, the password) and server/admin/accounts/organisers.ts (who has access, invitations, accepting one).
 */
import * as z from "zod/mini";
import { acceptInviteSchema, ADMIN_ROLES, inviteSchema, passwordChangeSchema, signInSchema } from "../../forms/admin";
import { adminRoute } from "../../lib/admin/route";

const role = z.enum(ADMIN_ROLES);

/** The signed-in organiser, as the session's routes answer: the sign-in form, the admin page and its parts share it. */
const who = z.object({
  email: z.string(),
  /** What to call them (their display name, else their address's local part): "Signed in as" says it (issue 62). */
  name: z.optional(z.string()),
  mustChangePassword: z.boolean(),
  /** Issue 43: a door volunteer gets the way to /checkin, not the inbox. */
  role: z.optional(role),
});
export type Who = z.infer<typeof who>;

/** Who is signed in (and their role: a door volunteer's page sends them to /checkin). */
export const currentSession = adminRoute({ method: "GET", path: "/session", answer: who });

/** Signs in (no session needed); 401 for a wrong password, 423 while the account is locked. */
export const signIn = adminRoute({ method: "POST", path: "/session", body: signInSchema, answer: who });

/** Signs out: 204, no answer. */
export const signOut = adminRoute({ method: "DELETE", path: "/session", answer: z.null() });

/** Replaces the password (the current one asked for, except right after a one-time password). */
export const changePassword = adminRoute({ method: "PUT", path: "/password", body: passwordChangeSchema, answer: who });

const organiser = z.object({
  id: z.number(),
  email: z.string(),
  name: z.nullable(z.string()),
  role,
  createdAt: z.string(),
  lastSignInAt: z.nullable(z.string()),
});
const waitingInvite = z.object({
  /** The token's hash: what withdrawing names. */
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role,
  expiresAt: z.string(),
});

/** Who has access, the invitations waiting, and which account is the asker's. */
export const listOrganisers = adminRoute({
  method: "GET",
  path: "/organisers",
  answer: z.object({ organisers: z.array(organiser), invites: z.array(waitingInvite), you: z.number() }),
});
export type Organisers = z.infer<typeof listOrganisers.answer>;

/** An invitation: a one-time link, mailed when the server can mail, valid 48 hours; 409 for an existing account. */
export const inviteOrganiser = adminRoute({
  method: "POST",
  path: "/organisers",
  body: inviteSchema,
  answer: z.object({
    email: z.string(),
    name: z.nullable(z.string()),
    role,
    expiresAt: z.string(),
    link: z.string(),
    mailed: z.boolean(),
  }),
  status: 201,
});

/** An invitation withdrawn: its link works no more. */
export const withdrawInvite = adminRoute({
  method: "DELETE",
  path: "/organisers/invites/:id",
  answer: z.object({ withdrawn: z.string() }),
});

/** An account removed at once (409 for the last organiser); `you`: the asker removed themselves. */
export const removeOrganiser = adminRoute({
  method: "DELETE",
  path: "/organisers/:id",
  answer: z.object({ removed: z.string(), you: z.boolean() }),
});

/** Whose invitation a link is (no session needed); 404 when it is used or too old. */
export const showInvite = adminRoute({
  method: "GET",
  path: "/invite",
  query: z.object({ token: z.optional(z.string()) }),
  answer: z.object({ email: z.string(), name: z.nullable(z.string()), role, expiresAt: z.string() }),
});

/** The invitee's account, created and signed in (no session needed): the answer is the session's. */
export const acceptInvite = adminRoute({
  method: "POST",
  path: "/invite",
  body: acceptInviteSchema,
  answer: who,
  status: 201,
});
