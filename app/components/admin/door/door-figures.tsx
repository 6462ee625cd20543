import { useEffect, useState } from "react";
import { Link } from "react-router";
import * as api from "~/api/admin/attendees";
import type { DoorOverview } from "~/api/admin/attendees";
import { MAX_SCANS_PER_MINUTE } from "~/lib/door/protocol";
import { callAdmin } from "~/lib/admin/api";
import { clock } from "~/lib/door/words";
import { DoorFigures } from "../../door/door-figures";

/** The Organisers tab with the invitation form's role set to "Door volunteer" (issue 53). */
export const INVITE_DOOR_VOLUNTEER = "/admin?tab=organisers&role=door#invite";

/** The figures are read again this often while the tab is open. */
const REFRESH_MS = 30_000;

/**
 * The door's live figures on the Attendees tab (issue 43): the door page's own (../door/door-figures.tsx), and
 * any phone reported for sending too many scans.
 */
export function DoorFiguresView({ fail }: { fail: (status: number, message: string) => void }) {
  const [door, setDoor] = useState<DoorOverview | null>(null);

  useEffect(() => {
    const load = () =>
      void callAdmin(api.doorOverview).then((res) =>
        res.ok ? setDoor(res.data) : res.status !== 503 && fail(res.status, res.error),
      );
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => clearInterval(timer);
    // `fail` changes with every render of the page above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!door) return null;
  return (
    <div className="mt-6 grid gap-4">
      <DoorFigures figures={door.figures} title="At the door" level={3} recent={18} timeZone={door.timeZone} />
      <p>
        <Link to={INVITE_DOOR_VOLUNTEER} className="inline-flex min-h-11 items-center font-semibold underline">
          Invite a door volunteer
        </Link>
      </p>
      {door.reports.length ? (
        <section aria-labelledby="door-reports">
          <h4 id="door-reports" className="font-semibold text-rose">
            Phones that sent too many scans
          </h4>
          <ul className="mt-2 grid gap-1">
            {door.reports.map((r) => (
              <li key={`${r.at}-${r.device}`}>
                {clock(r.at, door.timeZone)}: {r.who ?? "a removed account"} at {r.door || "a door"} (device {r.device})
                sent more than {MAX_SCANS_PER_MINUTE} scans in a minute; the rest were refused.
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
