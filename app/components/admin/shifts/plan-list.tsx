import { useState } from "react";
import * as api from "~/api/admin/shifts";
import type { PlanAnswer } from "~/api/admin/shifts";
import { callAdmin } from "~/lib/admin/api";
import { dayLabel, people, shiftsCount, timeRange } from "~/lib/shifts/plan-words";
import { ConfirmStep } from "../confirm-step";
import { useFocusWhenShown } from "./plan-field";
import { ShiftForm } from "./plan-shift-form";

type PlannedShift = PlanAnswer["shifts"][number];

/**
 * The shifts made, by day: place, role, time, filled/needed, Edit (the same fields) and Delete (a confirm step; with
 * people on it, it says they will be told by mail).
 */
export function PlanList({
  plan,
  fail,
  onChanged,
}: {
  plan: PlanAnswer;
  fail: (status: number, message: string) => void;
  onChanged: (message: string) => void;
}) {
  const [editing, setEditing] = useState<number | null>(null);
  const [confirm, setConfirm] = useState<PlannedShift | null>(null);
  const [refused, setRefused] = useState<{ id: number; text: string } | null>(null);
  useFocusWhenShown(refused && `shift-${refused.id}-refused`, refused);
  const days = plan.days.filter((d) => plan.shifts.some((s) => s.day === d));
  const others = plan.shifts.filter((s) => !plan.days.includes(s.day));
  const byDay = [...days.map((d) => ({ day: d, shifts: plan.shifts.filter((s) => s.day === d) }))];
  if (others.length) byDay.push({ day: "", shifts: others });

  async function remove(shift: PlannedShift) {
    setConfirm(null);
    const res = await callAdmin(api.deleteShift, {
      params: { id: shift.id },
      body: { tellPeople: shift.filled > 0 },
    });
    if (!res.ok) {
      if (res.status === 401) return fail(res.status, res.error);
      setRefused({ id: shift.id, text: res.error });
      return;
    }
    onChanged(
      `Deleted the shift ${shift.place}, ${dayLabel(shift.day)} ${timeRange(shift.startsAt, shift.endsAt)}.${res.data.told ? ` ${people(res.data.told)} told by mail.` : ""}`,
    );
  }

  if (!plan.shifts.length) return <p className="mt-2 text-muted">No shifts yet.</p>;
  return (
    <div className="mt-2 grid gap-6">
      {byDay.map(({ day, shifts }) => (
        <section key={day || "other"} aria-labelledby={`shifts-day-${day || "other"}`}>
          <h4 id={`shifts-day-${day || "other"}`} className="text-lg font-semibold">
            {day ? dayLabel(day) : "Other days"}{" "}
            <span className="text-base font-normal text-muted">({shiftsCount(shifts.length)})</span>
          </h4>
          <ul className="mt-2 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper">
            {shifts.map((s) => {
              const label = `${s.place}, ${s.role}, ${timeRange(s.startsAt, s.endsAt)}`;
              return (
                <li key={s.id} className="p-4" aria-label={`${dayLabel(s.day)} ${label}`}>
                  {editing === s.id ? (
                    <ShiftForm
                      plan={plan}
                      shift={s}
                      fail={fail}
                      onDone={(message) => {
                        setEditing(null);
                        onChanged(message);
                      }}
                      onCancel={() => setEditing(null)}
                    />
                  ) : (
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <span className="min-w-0 break-words">
                        <strong>{s.place}</strong>, {s.role}
                        <span className="block">{timeRange(s.startsAt, s.endsAt)}</span>
                        <span className={`block text-sm ${s.filled < s.needed ? "text-rose" : "text-muted"}`}>
                          {s.filled} of {s.needed} {s.needed === 1 ? "person" : "people"}
                          {s.filled < s.needed ? ` (${s.needed - s.filled} missing)` : ""}
                        </span>
                      </span>
                      <span className="flex gap-2">
                        <button type="button" className="btn btn-outline" onClick={() => setEditing(s.id)}>
                          Edit<span className="sr-only"> {label}</span>
                        </button>
                        <button
                          type="button"
                          className="btn btn-outline"
                          onClick={() => {
                            setRefused(null);
                            setConfirm(s);
                          }}
                        >
                          Delete<span className="sr-only"> {label}</span>
                        </button>
                      </span>
                    </div>
                  )}
                  {confirm?.id === s.id ? (
                    <ConfirmStep
                      confirm={s.filled ? "Delete and tell them" : "Delete the shift"}
                      onConfirm={() => void remove(s)}
                      onCancel={() => setConfirm(null)}
                    >
                      Delete {label} on {dayLabel(s.day)}?
                      {s.filled
                        ? ` ${s.people.map((p) => p.name).join(", ")} ${s.filled === 1 ? "is" : "are"} on it and will be told by mail that it is cancelled.`
                        : ""}
                    </ConfirmStep>
                  ) : null}
                  {refused?.id === s.id ? (
                    <p id={`shift-${s.id}-refused`} tabIndex={-1} role="alert" className="mt-3 font-semibold text-rose">
                      Not deleted: {refused.text}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
