import { useRef } from "react";
import { Link } from "react-router";
import { DOORS, type DoorSyncRequest } from "~/lib/door/protocol";
import { unlockSound } from "~/lib/door/feedback";
import { clock, headline } from "~/lib/door/words";
import { CameraView } from "./camera-view";
import { DoorFigures } from "./door-figures";
import { DoorSearch } from "./door-search";
import { useDoor } from "./use-door";
import { VerdictScreen } from "./verdict-screen";

const control = "min-h-11 rounded-xl border border-ink/30 bg-paper px-3";

/**
 * /checkin (issue 43): a door volunteer's own phone checks tickets in, online or not. One column at 360 px,
 * reached with one thumb: the camera on top (one line when there is none), the search right under it, then the
 * last scans with Undo (shown once there is a check-in to take back, issue 62) and the figures; the door is
 * chosen once and kept. The state is in ./use-door.ts; the verdict covers the screen (./verdict-screen.tsx), and
 * stays in the card tapped and in the last scans.
 */
export function CheckinPage() {
  const door = useDoor();
  const { list, device } = door;
  const waiting = device.queue.length;
  // Every time on this page one way: "21:54" in the event's time zone (issue 53).
  const zone = list?.timeZone;
  const recentHeading = useRef<HTMLHeadingElement>(null);

  return (
    // A touch anywhere lets the verdict's beep play (browsers start sound only after a touch).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div className="container-page grid max-w-xl gap-6 py-6" onPointerDown={unlockSound} onKeyDown={unlockSound}>
      <header className="grid gap-3">
        <h1 className="font-serif text-3xl font-bold">Check-in</h1>
        {list?.shift && Date.parse(list.shift.endsAt) > Date.now() ? (
          <p data-testid="door-shift" className="rounded-[14px] bg-mist p-3">
            <strong>
              {list.shift.door ?? list.shift.place} until {list.shift.endsAt.slice(11, 16)}
            </strong>{" "}
            · your shift ({list.shift.role}, {list.shift.place}, from {list.shift.startsAt.slice(11, 16)})
          </p>
        ) : null}
        <label className="grid gap-1 font-semibold">
          This phone is at
          <select
            className={control}
            value={door.door}
            onChange={(e) => door.setDoor(e.target.value as DoorSyncRequest["door"])}
          >
            {DOORS.map((d) => (
              <option key={d}>{d}</option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" data-queue={waiting} className="min-w-0 flex-1 text-sm">
            {door.online ? "Online" : "Offline"} ·{" "}
            {waiting === 0 ? "All check-ins sent" : `${waiting} check-in${waiting === 1 ? "" : "s"} waiting to send`}
            {list && ` · list updated ${clock(list.generatedAt, zone)}`}
          </p>
          <button type="button" className="btn btn-outline" onClick={() => void door.refresh()}>
            Update now
          </button>
        </div>
      </header>

      {door.status === "signed-out" && (
        <p role="alert" className="rounded-[14px] bg-mist p-4 font-semibold">
          Please sign in: this phone's copy of the list was removed.{" "}
          <Link to="/admin" className="inline-flex min-h-11 items-center underline">
            Sign in
          </Link>
        </p>
      )}
      {door.status === "no-list" && (
        <p role="alert" className="rounded-[14px] bg-mist p-4 font-semibold">
          No attendee list on this phone yet: connect to the network and press “Update now”.
        </p>
      )}
      {door.status === "loading" && <p>Loading the attendee list…</p>}

      {door.status === "ready" && list && (
        <>
          <CameraView onCode={(text) => void door.scanned(text)} ready={door.shown === null} />
          <DoorSearch
            search={door.search}
            onAdmit={door.admitFound}
            planTitle={(plan) => list.plans[plan]?.title ?? plan}
            checkedIn={(code) => {
              const first = door.checkedIn(code);
              // This phone's own admissions carry no name: "this phone" let them in.
              const own = first && !first.by && device.mine[code]?.at === first.at;
              return own ? { ...first, by: "this phone" } : first;
            }}
            justAdmitted={(code) =>
              door.recent.find((r) => "code" in r.verdict && r.verdict.code === code)?.verdict.kind === "admitted"
            }
            covered={door.shown !== null}
            timeZone={zone}
            online={door.online}
          />
          {(door.recent.length > 0 || door.canUndo) && (
            <section aria-labelledby="door-recent" className="grid gap-2">
              <h2 id="door-recent" ref={recentHeading} tabIndex={-1} className="text-xl font-bold">
                Last scans
              </h2>
              <ol aria-label="Last scans" className="grid gap-1 empty:hidden">
                {door.recent.map((r) => (
                  <li key={r.id} data-verdict={r.verdict.kind} className="flex gap-2">
                    <span className="tabular-nums text-muted">{clock(r.at, zone)}</span>
                    <span>
                      {r.verdict.kind === "admitted" ? "✓ " : "✗ "}
                      {headline(r.verdict, zone)}
                      {r.verdict.kind !== "admitted" && "name" in r.verdict && r.verdict.name
                        ? ` (${r.verdict.name})`
                        : ""}
                    </span>
                  </li>
                ))}
              </ol>
              {door.canUndo && (
                <button
                  type="button"
                  className="btn btn-outline w-full"
                  onClick={() => {
                    door.undo();
                    // The button goes with the check-in it took back: the focus stays in the last scans.
                    recentHeading.current?.focus();
                  }}
                >
                  Undo the last check-in
                </button>
              )}
            </section>
          )}
          <DoorFigures figures={list.figures} title="At the doors so far" timeZone={zone} />
        </>
      )}
      {door.shown && <VerdictScreen shown={door.shown} onNext={door.dismiss} timeZone={zone} />}
    </div>
  );
}
