/**
 * `POST /api/admin/session` signs in, `GET` says who is signed in (and their role: a
 * door volunteer's page sends them to /checkin, issue 43), `DELETE` signs out; `PUT /api/admin/password`
 * replaces the password (required after a one-time password, then without asking for it again: decision 045). The cookie holds a random token; the database
 * keeps its SHA-256. HttpOnly, SameSite=Strict, Path=/; over HTTPS Secure with the `__Host-` prefix.
 */
import { secretHash } from "../../secret";
import type { Context, Hono } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import * as api from "../../../app/api/admin/accounts";
import type { AdminRole } from "../../../app/forms/admin";
import { findAdmin, nameOf } from "./queries";
import { checkSignIn, DEVICE_MS, MAX_FAILURES } from "./sign-in.queries";
import { changePassword, createSession, deleteSession, sessionLength } from "./sessions.queries";
import { audit, auditCount } from "../audit/queries";
import { verifyPassword } from "./password";
import { rateLimit } from "../../rate-limit";
import { isHttps } from "../../request";
import { badRequest, serve, type AdminEnv, type AdminOptions } from "../context";
import type { Db } from "../../db/client";

export const cookieName = (secure: boolean) => (secure ? "__Host-tncc_admin" : "tncc_admin");
/** Marks a browser an organiser signed in on: its wrong passwords are counted apart from everyone else's. */
export const deviceCookieName = (secure: boolean) => (secure ? "__Host-tncc_device" : "tncc_device");

const WRONG = "Wrong e-mail address or password.";
/** Tries per client address and window unless ADMIN_SIGNIN_LIMIT says otherwise (accepting an invitation too). */
export const SIGN_IN_LIMIT = { limit: 10, windowMs: 15 * 60_000 };

/** "14:05 UTC" */
const clock = (date: Date) => `${date.toISOString().slice(11, 16)} UTC`;

/** HttpOnly, SameSite=Strict, Path=/, Secure over HTTPS: the session's and the device's cookies. */
const cookieOptions = (c: Context, trustProxy: boolean) => ({
  httpOnly: true,
  sameSite: "Strict" as const,
  path: "/",
  secure: isHttps(c, trustProxy),
});

/**
 * A new session for `who` with its cookie: a browser-session cookie (gone with the browser) unless `remember`;
 * the server ends it anyway (sessionLength). A door phone keeps it for the event day (issue 43): its browser may
 * be closed between two arrivals. Used by signing in and by accepting an invitation (issue 53).
 */
export async function startSession(
  c: Context,
  db: Db,
  who: { id: number; role: AdminRole },
  { now, trustProxy, remember }: { now: number; trustProxy: boolean; remember: boolean },
): Promise<void> {
  const token = await createSession(db, who.id, now, who.role);
  setCookie(c, cookieName(isHttps(c, trustProxy)), token, {
    ...cookieOptions(c, trustProxy),
    ...(remember || who.role !== "organiser" ? { maxAge: sessionLength(who.role).absolute / 1000 } : {}),
  });
}

export function registerSession(
  admin: Hono<AdminEnv>,
  options: AdminOptions & { now: () => number; trustProxy: boolean },
): void {
  const { db } = options.database;
  const { now } = options;
  const limit = options.signInLimit ?? SIGN_IN_LIMIT;
  const secure = (c: Context) => isHttps(c, options.trustProxy);

  // Tries counted in the database: the same limit on every server, kept through a restart (issue 54); before
  // the body is read.
  const signInLimit = rateLimit({
    max: limit.limit,
    windowMs: limit.windowMs,
    key: options.clientKey,
    now,
    shared: { db, name: "sign-in" },
  });
  serve(
    admin,
    api.signIn,
    async (c, { body }) => {
      const { email, password, remember } = body;
      const result = await checkSignIn(db, email, password, now(), {
        address: options.clientKey(c),
        deviceToken: getCookie(c, deviceCookieName(secure(c))),
      });
      if (!result.ok) {
        const known = await findAdmin(db, email);
        await audit(db, {
          adminId: known?.id ?? null,
          actor: known?.email ?? null,
          action: "sign-in-failed",
          detail: { reason: known ? result.reason : `${result.reason} (no such account)` },
        });
        if (result.reason === "locked") {
          const retry = Math.max(1, Math.ceil((result.until.getTime() - now()) / 1000));
          c.header("Retry-After", String(retry));
          return c.json(
            {
              error: `Too many wrong passwords: this account is locked until ${clock(result.until)}.`,
              lockedUntil: result.until.toISOString(),
            },
            423,
          );
        }
        return c.json({ error: WRONG }, 401);
      }
      const { role } = result.admin;
      await startSession(c, db, result.admin, {
        now: now(),
        trustProxy: options.trustProxy,
        remember: remember === true,
      });
      if (result.deviceToken)
        setCookie(c, deviceCookieName(secure(c)), result.deviceToken, {
          ...cookieOptions(c, options.trustProxy),
          maxAge: DEVICE_MS / 1000,
        });
      await audit(db, { adminId: result.admin.id, actor: result.admin.email, action: "sign-in" });
      return {
        email: result.admin.email,
        name: nameOf({ email: result.admin.email, name: result.admin.displayName }),
        mustChangePassword: result.admin.mustChangePassword,
        role,
      };
    },
    [signInLimit],
  );

  serve(admin, api.currentSession, async (c) => {
    const who = c.get("admin");
    // Their name for "Signed in as" (issue 62); the address stays in the answer for the forms that need it.
    return { email: who.email, name: nameOf(who), mustChangePassword: who.mustChangePassword, role: who.role };
  });

  serve(admin, api.signOut, async (c) => {
    const who = c.get("admin");
    await deleteSession(db, c.get("token"));
    deleteCookie(c, cookieName(secure(c)), { path: "/", secure: secure(c) });
    await audit(db, { adminId: who.id, actor: who.email, action: "sign-out" });
    return c.body(null, 204);
  });

  serve(admin, api.changePassword, async (c, { body }) => {
    const who = c.get("admin");
    const { current, password } = body;
    const account = await findAdmin(db, who.email);
    if (!account) return c.json({ error: "The current password is not right." }, 400);
    // Right after a one-time password (admin:add --generate, a reset), this session was opened with it: the new
    // password is all the form asks for (issue 62, decision 045). Otherwise the current one is checked.
    if (current === undefined && !who.mustChangePassword) return badRequest(c, "Please enter your current password.");
    if (current !== undefined && !(await verifyPassword(current, account.passwordHash))) {
      // Each wrong current password is audited; MAX_FAILURES of them in one session end it (a stolen session
      // cannot go on guessing the password).
      const target = `session:${secretHash(c.get("token")).slice(0, 16)}`;
      await audit(db, { adminId: who.id, actor: who.email, action: "password-change-failed", target });
      const count = await auditCount(db, "password-change-failed", target);
      if (count >= MAX_FAILURES) {
        await deleteSession(db, c.get("token"));
        deleteCookie(c, cookieName(secure(c)), { path: "/", secure: secure(c) });
        await audit(db, {
          adminId: who.id,
          actor: who.email,
          action: "signed-out",
          target,
          detail: { reason: "wrong current passwords" },
        });
        return c.json({ error: "Too many wrong current passwords: you are signed out. Please sign in again." }, 401);
      }
      return c.json({ error: "The current password is not right." }, 400);
    }
    const same = current === undefined ? await verifyPassword(password, account.passwordHash) : current === password;
    if (same)
      return badRequest(
        c,
        `The new password must differ from the ${current === undefined ? "one-time password" : "current one"}.`,
      );
    await changePassword(db, who.id, password, c.get("token"));
    await audit(db, { adminId: who.id, actor: who.email, action: "password-changed" });
    return { email: who.email, name: nameOf(who), mustChangePassword: false, role: who.role };
  });
}
