import { useState } from "react";
import type { VolunteerAnswer } from "~/api/admin/shifts";
import { shiftDay, shiftHours } from "~/lib/volunteer/shift-time";
import { ConfirmStep } from "../admin/confirm-step";
import { groupBy } from "./by-day";

type Mine = VolunteerAnswer["mine"][number];

/** How early before its start "I'm here" is offered (server/shifts/arrivals.queries.ts ARRIVE_FROM_MINUTES). */
const ARRIVE_FROM_MS = 60 * 60_000;

export interface MyShiftsProps {
  mine: Mine[];
  timeZone: string;
  giveBackHours: number;
  now: number;
  onGiveBack: (shift: Mine) => void;
  onHere: (shift: Mine) => void;
}

/** "My shifts" by day: place, role and time on the event's clock; "I'm here" when it is time; "Give back" before the cut-off. */
export function MyShifts({ mine, timeZone, giveBackHours, now, onGiveBack, onHere }: MyShiftsProps) {
  const [confirm, setConfirm] = useState<Mine | null>(null);
  if (mine.length === 0) return <p className="mt-3">You are on no shift yet: choose one under “Open shifts”.</p>;
  return (
    <>
      {groupBy(mine, (s) => s.day).map(([day, shifts]) => (
        <div key={day} className="mt-4">
          <h3 className="text-lg font-semibold">{shiftDay(shifts[0]!.startsAt, timeZone)}</h3>
          <ul className="mt-2 grid gap-3">
            {shifts.map((s) => {
              const here = !s.arrivedAt && now >= Date.parse(s.startsAt) - ARRIVE_FROM_MS && now < Date.parse(s.endsAt);
              return (
                <li key={s.id} className="rounded-[var(--radius-card)] bg-paper p-4">
                  <p className="font-semibold">
                    {shiftHours(s.startsAt, s.endsAt, timeZone)} · {s.place}
                  </p>
                  <p className="text-muted">{s.role}</p>
                  {s.arrivedAt ? <p className="mt-1 font-semibold">You are marked here. Thank you!</p> : null}
                  <div className="mt-3 flex flex-wrap gap-3">
                    {here ? (
                      <button type="button" className="btn btn-primary" onClick={() => onHere(s)}>
                        I'm here<span className="sr-only">: {s.place}</span>
                      </button>
                    ) : null}
                    {s.canGiveBack ? (
                      <button type="button" className="btn btn-outline" onClick={() => setConfirm(s)}>
                        Give back
                        <span className="sr-only">
                          {" "}
                          {s.place}, {shiftHours(s.startsAt, s.endsAt, timeZone)}
                        </span>
                      </button>
                    ) : null}
                  </div>
                  {!s.canGiveBack && !s.arrivedAt ? (
                    <p className="mt-2 text-sm text-muted">
                      It is less than {giveBackHours} hours to this shift: if you cannot come, please ask an organiser
                      to find someone.
                    </p>
                  ) : null}
                  {confirm?.id === s.id ? (
                    <ConfirmStep
                      confirm="Yes, give it back"
                      onConfirm={() => {
                        setConfirm(null);
                        onGiveBack(s);
                      }}
                      onCancel={() => setConfirm(null)}
                    >
                      Give back {s.place}, {shiftDay(s.startsAt, timeZone)} {shiftHours(s.startsAt, s.endsAt, timeZone)}
                      ? Someone else can then take it.
                    </ConfirmStep>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </>
  );
}
