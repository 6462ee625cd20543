import { useState } from "react";
import { Link } from "react-router";
import * as api from "~/api/admin/shifts";
import { callAdmin } from "~/lib/admin/api";
import { ConfirmStep } from "../confirm-step";
import { isLate, messageLink, type RotaShift } from "./rota-words";
import { RotaStandIn } from "./rota-stand-in";

/**
 * One shift's people in the Rota (issue 66): arrived ✓, late, missed (with words, not colour alone), each with
 * their missed count and "Take off" (a confirm step); then "Find a stand-in" and the message links.
 */
export function RotaPeople({
  shift,
  now,
  missedOf,
  onChanged,
  fail,
}: {
  shift: RotaShift;
  now: number;
  /** A volunteer's missed shifts over the whole plan. */
  missedOf: (adminId: number) => number;
  onChanged: (message: string) => void;
  fail: (status: number, message: string) => void;
}) {
  const [removing, setRemoving] = useState<RotaShift["people"][number] | null>(null);

  async function takeOff(adminId: number, name: string) {
    setRemoving(null);
    const res = await callAdmin(api.takeOff, { params: { id: shift.id, adminId } });
    if (!res.ok) return fail(res.status, res.error);
    onChanged(`${name} is off this shift, and was told by mail.`);
  }

  return (
    <div className="grid gap-3">
      {shift.people.length === 0 ? (
        <p>Nobody is on this shift yet.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Who is on it">
          {shift.people.map((p) => {
            const late = isLate(p, shift, now);
            const missed = missedOf(p.adminId);
            return (
              <li key={p.adminId} className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{p.name}</span>
                {p.arrivedAt ? <span className="font-semibold">✓ here since {p.arrivedAt.slice(11, 16)}</span> : null}
                {late ? (
                  <span className="rounded-full bg-gold px-2 font-semibold text-ink">Late: not here yet</span>
                ) : null}
                {p.missed ? <span className="font-semibold text-rose">Missed this shift</span> : null}
                {missed > 0 ? (
                  <span className="text-sm text-muted">
                    missed {missed} shift{missed === 1 ? "" : "s"} in all
                  </span>
                ) : null}
                <button
                  type="button"
                  className="btn btn-outline ms-auto min-h-11"
                  onClick={() => setRemoving(p)}
                  aria-label={`Take ${p.name} off this shift`}
                >
                  Take off
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {removing ? (
        <ConfirmStep
          confirm={`Take ${removing.name} off`}
          onConfirm={() => void takeOff(removing.adminId, removing.name)}
          onCancel={() => setRemoving(null)}
        >
          Take {removing.name} off this shift? They are told by mail, and their reminders stop.
        </ConfirmStep>
      ) : null}
      <RotaStandIn shift={shift} onChanged={onChanged} fail={fail} />
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        {shift.people.length > 0 ? (
          <Link className="inline-flex min-h-11 items-center underline" to={messageLink(`shift:${shift.id}`)}>
            Message everyone on this shift
          </Link>
        ) : null}
        <Link className="inline-flex min-h-11 items-center underline" to={messageLink(`shift-role:${shift.roleId}`)}>
          Message {shift.role} volunteers
        </Link>
      </p>
    </div>
  );
}
