import { useEffect, useState, type FormEvent } from "react";
import * as api from "~/api/admin/shifts";
import type { PlanAnswer, Shift } from "~/api/admin/shifts";
import { MAX_NEEDED, shiftPlanSchema } from "~/forms/shifts";
import { callAdmin } from "~/lib/admin/api";
import { bodyProblem } from "~/lib/admin/route";
import { clockOf, dayLabel, people, shiftsCount } from "~/lib/shifts/plan-words";
import { control, fieldAttrs, FieldProblem, FormProblem, PlanField, useFocusError, type FormError } from "./plan-field";

interface Values {
  placeId: string;
  roleId: string;
  days: string[];
  start: string;
  end: string;
  needed: string;
}

/** "3 shifts: Door 1, Door, 08:00–12:00, 2 people each", and whether it ends the next day. */
export function shiftSummary(v: Values, plan: Pick<PlanAnswer, "places" | "roles">): string {
  const place = plan.places.find((p) => String(p.id) === v.placeId)?.name;
  const role = plan.roles.find((r) => String(r.id) === v.roleId)?.name;
  const needed = Number(v.needed);
  const parts = [
    place,
    role,
    v.start && v.end ? `${v.start}–${v.end}${v.end <= v.start ? " (ends the next day)" : ""}` : null,
    Number.isInteger(needed) && needed > 0 ? `${people(needed)}${v.days.length > 1 ? " each" : ""}` : null,
  ].filter(Boolean);
  // Nothing to count yet: say what is missing rather than "0 shifts".
  if (!v.days.length) return `Tick the days it is on${parts.length ? ` (${parts.join(", ")})` : ""}.`;
  return `${shiftsCount(v.days.length)}${parts.length ? `: ${parts.join(", ")}` : ""}`;
}

/**
 * "Make shifts" (one shift repeated over the days ticked), or, with `shift`, that one shift's change (one day).
 * A live summary says what the button will make; a refusal is said at its field, which takes the focus.
 */
export function ShiftForm({
  plan,
  shift,
  fail,
  onDone,
  onCancel,
}: {
  plan: PlanAnswer;
  shift?: Shift;
  fail: (status: number, message: string) => void;
  onDone: (message: string) => void;
  onCancel?: () => void;
}) {
  const form = shift ? `shift-${shift.id}` : "make-shifts";
  const [values, setValues] = useState<Values>(() =>
    shift
      ? {
          placeId: String(shift.placeId),
          roleId: String(shift.roleId),
          days: [shift.day],
          start: clockOf(shift.startsAt),
          end: clockOf(shift.endsAt),
          needed: String(shift.needed),
        }
      : {
          placeId: String(plan.places[0]?.id ?? ""),
          roleId: String(plan.roles[0]?.id ?? ""),
          days: [],
          start: "",
          end: "",
          needed: "1",
        },
  );
  const [error, setError] = useState<FormError | null>(null);
  useFocusError(form, error);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (shift) document.getElementById(`${form}-placeId`)?.focus();
  }, [shift, form]);
  const set = (key: Exclude<keyof Values, "days">) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const toggle = (day: string, on: boolean) =>
    setValues((v) => ({
      ...v,
      days: shift
        ? [day]
        : on
          ? plan.days.filter((d) => d === day || v.days.includes(d))
          : v.days.filter((d) => d !== day),
    }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Checked here as the server checks it: a slip is said at its field without a round trip.
    const parsed = shiftPlanSchema.safeParse({
      placeId: Number(values.placeId) || values.placeId,
      roleId: Number(values.roleId) || values.roleId,
      days: values.days,
      start: values.start,
      end: values.end,
      needed: values.needed.trim() === "" ? undefined : Number(values.needed),
    });
    if (!parsed.success) {
      const { error: text, field } = bodyProblem(parsed.error.issues);
      return setError({ text, field });
    }
    const body = parsed.data;
    setBusy(true);
    const res = shift
      ? await callAdmin(api.changeShift, { params: { id: shift.id }, body })
      : await callAdmin(api.makeShifts, { body });
    setBusy(false);
    if (!res.ok) {
      if (res.status === 401) return fail(res.status, res.error);
      setError({ text: res.error, field: res.field });
      return;
    }
    setError(null);
    if ("shift" in res.data)
      return onDone(
        res.data.moved && res.data.shift.filled
          ? `Saved. The ${people(res.data.shift.filled)} on it will be told of the new time.`
          : "Saved.",
      );
    setValues((v) => ({ ...v, days: [] }));
    onDone(`Made ${shiftsCount(res.data.shifts.length)}: ${shiftSummary(values, plan).replace(/^\d+ shifts?: /, "")}.`);
  }

  const daysWrong = error?.field === "days";
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="grid gap-4"
      aria-label={shift ? "Change this shift" : "Make shifts"}
    >
      <FormProblem form={form} error={error} />
      <PlanField form={form} name="placeId" label="Place" error={error}>
        <select
          {...fieldAttrs(form, "placeId", error)}
          className={control}
          value={values.placeId}
          onChange={set("placeId")}
        >
          {plan.places.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </PlanField>
      <PlanField form={form} name="roleId" label="Role" error={error}>
        <select
          {...fieldAttrs(form, "roleId", error)}
          className={control}
          value={values.roleId}
          onChange={set("roleId")}
        >
          {plan.roles.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
            </option>
          ))}
        </select>
      </PlanField>
      <fieldset aria-describedby={daysWrong ? `${form}-days-error` : undefined}>
        <legend className="mb-1 font-semibold">{shift ? "Day" : "Days (one shift on each day ticked)"}</legend>
        <div className="flex flex-wrap gap-x-5">
          {plan.days.map((d, i) => (
            <label key={d} className="inline-flex min-h-11 items-center gap-2">
              <input
                type={shift ? "radio" : "checkbox"}
                name="days"
                value={d}
                id={i === 0 ? `${form}-days` : undefined}
                className="size-5"
                checked={values.days.includes(d)}
                onChange={(e) => toggle(d, e.target.checked)}
                aria-invalid={daysWrong || undefined}
              />
              {dayLabel(d)}
            </label>
          ))}
        </div>
        <FieldProblem form={form} name="days" error={error} />
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <PlanField form={form} name="start" label="Starts" error={error}>
          <input
            {...fieldAttrs(form, "start", error)}
            type="time"
            className={control}
            value={values.start}
            onChange={set("start")}
          />
        </PlanField>
        <PlanField form={form} name="end" label="Ends" error={error}>
          <input
            {...fieldAttrs(form, "end", error)}
            type="time"
            className={control}
            value={values.end}
            onChange={set("end")}
          />
        </PlanField>
      </div>
      <PlanField form={form} name="needed" label="People needed" error={error}>
        <input
          {...fieldAttrs(form, "needed", error)}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_NEEDED}
          className={`${control} max-w-32`}
          value={values.needed}
          onChange={set("needed")}
        />
      </PlanField>
      {shift ? null : (
        <p className="font-semibold" aria-live="polite" data-summary>
          {shiftSummary(values, plan)}
        </p>
      )}
      {shift && values.start && values.end && values.end <= values.start ? (
        <p className="text-sm font-semibold">Ends the next day.</p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {shift
            ? "Save"
            : values.days.length === 0
              ? "Make shifts"
              : values.days.length === 1
                ? "Make the shift"
                : `Make ${values.days.length} shifts`}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
