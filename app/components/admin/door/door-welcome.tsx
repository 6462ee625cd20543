import { CHECKIN_PATH } from "~/lib/door/protocol";
import { VOLUNTEER_PAGE } from "~/forms/shifts";
import { signOut as endSession } from "~/api/admin/accounts";
import { callAdmin } from "~/lib/admin/api";
import type { Who } from "../who";
import { Address } from "~/components/ui/address";

/**
 * What a door volunteer sees at /admin (issue 43): their account checks tickets in and nothing else (the server
 * answers 403 to the rest), so the page is one big way to the check-in page, and signing out.
 */
export function DoorWelcome({ who, onSignedOut }: { who: Who; onSignedOut: (message: string) => void }) {
  async function signOut() {
    await callAdmin(endSession);
    onSignedOut("You are signed out.");
  }

  return (
    <section aria-labelledby="door-welcome-title" className="grid max-w-md gap-5">
      <h2 id="door-welcome-title" className="text-2xl font-semibold">
        At the door
      </h2>
      <p>
        Signed in as <strong>{who.name ?? <Address email={who.email} />}</strong>, a door volunteer: you check tickets
        in on the check-in page.
      </p>
      <a
        href={CHECKIN_PATH}
        className="btn btn-primary flex min-h-16 items-center justify-center text-center text-xl font-semibold"
      >
        Open the check-in page
      </a>
      <a href={VOLUNTEER_PAGE} className="btn btn-outline flex min-h-12 items-center justify-center text-center">
        My shifts: sign up, give back, my calendar
      </a>
      <div>
        <button type="button" className="btn btn-outline" onClick={() => void signOut()}>
          Sign out
        </button>
      </div>
    </section>
  );
}
