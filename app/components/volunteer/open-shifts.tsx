import type { Shift } from "~/api/admin/shifts";
import { shiftDay, shiftHours } from "~/lib/volunteer/shift-time";
import { groupBy } from "./by-day";

export interface OpenShiftsProps {
  open: Shift[];
  timeZone: string;
  busy: number | null;
  onSignUp: (shift: Shift) => void;
}

const left = (s: Shift) => {
  const places = s.needed - s.filled;
  return `${places} of ${s.needed} ${s.needed === 1 ? "place" : "places"} left`;
};

/** "Open shifts" by day and place, each with what it still needs, and "Sign up" in one tap. */
export function OpenShifts({ open, timeZone, busy, onSignUp }: OpenShiftsProps) {
  if (open.length === 0)
    return <p className="mt-3">No open shift for you right now. Thank you: come back later, or choose more roles.</p>;
  return (
    <>
      {groupBy(open, (s) => s.day).map(([day, shifts]) => (
        <div key={day} className="mt-4">
          <h3 className="text-lg font-semibold">{shiftDay(shifts[0]!.startsAt, timeZone)}</h3>
          {groupBy(shifts, (s) => s.place).map(([place, here]) => (
            <div key={place} className="mt-2">
              <h4 className="font-semibold text-muted">{place}</h4>
              <ul className="mt-1 grid gap-3">
                {here.map((s) => (
                  <li
                    key={s.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] bg-paper p-4"
                  >
                    <span>
                      <span className="block font-semibold">{shiftHours(s.startsAt, s.endsAt, timeZone)}</span>
                      <span className="block">{s.role}</span>
                      <span className="block text-sm text-muted">{left(s)}</span>
                    </span>
                    <button
                      type="button"
                      className="btn btn-primary"
                      disabled={busy !== null}
                      onClick={() => onSignUp(s)}
                    >
                      {busy === s.id ? "Signing up…" : "Sign up"}
                      <span className="sr-only">
                        {" "}
                        for {place}, {shiftDay(s.startsAt, timeZone)} {shiftHours(s.startsAt, s.endsAt, timeZone)}
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      ))}
    </>
  );
}
