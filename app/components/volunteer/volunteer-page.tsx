import { useCallback, useEffect, useRef, useState } from "react";
import { currentSession, signOut as endSession } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import { CHECKIN_PATH } from "~/lib/door/protocol";
import { PasswordForm } from "../admin/people/password-form";
import { SignInForm } from "../admin/people/sign-in-form";
import type { Who } from "../admin/who";
import { VolunteerShifts } from "./volunteer-shifts";

/**
 * A volunteer's own page (issue 66): signed in with the account they were invited to (the organisers' sign-in
 * form when signed out), their shifts, the open ones, their roles, the times they cannot come, their calendar
 * feed. A door volunteer also gets the way to the check-in page.
 */
export function VolunteerPage() {
  const [who, setWho] = useState<Who | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    void callAdmin(currentSession).then((res) => setWho(res.ok ? res.data : null));
  }, []);
  useEffect(() => {
    if (notice) said.current?.focus();
  }, [notice]);

  // Stable, so the shifts are not fetched again each time this page renders.
  const sessionEnded = useCallback(() => {
    setWho(null);
    setNotice("Your session has ended: please sign in again.");
  }, []);

  async function signOut() {
    await callAdmin(endSession);
    setWho(null);
    setNotice("You are signed out.");
  }

  return (
    <>
      <h1 className="text-3xl font-semibold">Your shifts</h1>
      <p ref={said} tabIndex={-1} role="status" className="mt-3 empty:hidden">
        {notice}
      </p>
      <div className="mt-5">
        {who === undefined ? (
          <p>Loading…</p>
        ) : who === null ? (
          <>
            <p className="mb-5">Sign in with the address your invitation came to.</p>
            <SignInForm
              onSignedIn={(next) => {
                setNotice(null);
                setWho(next);
              }}
            />
          </>
        ) : who.mustChangePassword ? (
          <PasswordForm onChanged={setWho} />
        ) : (
          <>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p>
                Signed in as <strong>{who.name ?? who.email}</strong>
              </p>
              <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
                Sign out
              </button>
            </div>
            {who.role === "door" ? (
              <p className="mt-3">
                <a href={CHECKIN_PATH} className="font-semibold underline">
                  Open the check-in page
                </a>{" "}
                to check tickets in at the door.
              </p>
            ) : null}
            {who.role === "organiser" ? (
              <p className="mt-3">
                <a href="/admin" className="font-semibold underline">
                  Back to the organisers' area
                </a>
              </p>
            ) : null}
            <VolunteerShifts onSignedOut={sessionEnded} />
          </>
        )}
      </div>
    </>
  );
}
