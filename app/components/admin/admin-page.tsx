import { useEffect, useRef, useState } from "react";
import { Navigate, useNavigate, useRouteLoaderData, useSearchParams } from "react-router";
import { VOLUNTEER_PAGE } from "~/forms/shifts";
import { currentSession } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import { setEventZone } from "~/lib/admin/when";
import type { ShellData } from "~/lib/shell-data";
import { CHECKIN_PATH } from "~/lib/door/protocol";
import { AcceptInviteForm } from "./people/accept-invite-form";
import { DoorWelcome } from "./door/door-welcome";
import { AdminArea } from "./admin-area";
import type { Tab } from "./admin-nav";
import { PasswordForm } from "./people/password-form";
import type { Who } from "./who";
import { SignInForm } from "./people/sign-in-form";

/**
 * /admin: asks who is signed in, then shows the sign-in (or an invitation's password form), the password change,
 * the organisers' area, or for a door volunteer (issue 43) only the way to the check-in page. A volunteer (issue 66)
 * goes to their shifts (/volunteer), whether they just accepted their invitation or signed in here.
 */
export function AdminPage({ section }: { section?: Tab } = {}) {
  // Every time below is told in the event's zone (the root loader's site data), never the device's.
  setEventZone(useRouteLoaderData<{ shell?: ShellData }>("root")?.shell?.timeZone);
  const [who, setWho] = useState<Who | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const invite = params.get("invite");
  const said = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void callAdmin(currentSession).then((res) => setWho(res.ok ? res.data : null));
  }, []);
  // A message (your account is ready, you are signed out) takes the focus, so it is read first.
  useEffect(() => {
    if (notice) said.current?.focus();
  }, [notice]);

  return (
    <section aria-labelledby="admin-title" className="bg-mist py-10 sm:py-14">
      <div className="container-page">
        <h1 id="admin-title" className="text-3xl font-semibold">
          Organisers' area
        </h1>
        <p ref={said} tabIndex={-1} role="status" className="mt-3 empty:hidden">
          {notice}
        </p>
        <div className="mt-6">
          {who === undefined ? (
            <p>Loading…</p>
          ) : who === null && invite ? (
            <AcceptInviteForm
              token={invite}
              onDone={(next) => {
                // Signed in at once (issue 53): a door volunteer goes straight to the door's page.
                if (next.role === "door") return void navigate(CHECKIN_PATH, { replace: true });
                setParams({}, { replace: true });
                setNotice(`Your account is ready: you are signed in as ${next.name ?? next.email}.`);
                setWho(next);
              }}
            />
          ) : who === null ? (
            <SignInForm
              onSignedIn={(next) => {
                setNotice(null);
                setWho(next);
              }}
            />
          ) : who.mustChangePassword ? (
            <PasswordForm onChanged={setWho} />
          ) : who.role === "volunteer" ? (
            <Navigate to={VOLUNTEER_PAGE} replace />
          ) : who.role === "door" ? (
            <DoorWelcome
              who={who}
              onSignedOut={(message) => {
                setNotice(message);
                setWho(null);
              }}
            />
          ) : (
            <AdminArea
              section={section}
              who={who}
              onSignedOut={(message) => {
                setNotice(message ?? null);
                setWho(null);
              }}
            />
          )}
        </div>
      </div>
    </section>
  );
}
