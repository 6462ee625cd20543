import { useId, useRef, useState, type FormEvent } from "react";
import type { VolunteerAnswer } from "~/api/admin/shifts";
import { shiftClock, shiftDay } from "~/lib/volunteer/shift-time";

export interface BlockoutsProps {
  blockouts: VolunteerAnswer["blockouts"];
  days: string[];
  timeZone: string;
  /** Sends it; answers the refusal (with the field it concerns) or null when saved. */
  onAdd: (fields: Record<string, string>) => Promise<{ error: string; field?: string } | null>;
  onRemove: (id: number) => void;
}

const control = "min-h-12 w-full rounded-xl border border-ink/15 bg-paper px-4 py-2.5 text-ink focus:border-gold";
const dayLabel = (day: string, timeZone: string) => shiftDay(`${day}T12:00:00Z`, timeZone);

/** "Times I can't come": their list with Remove, and a form (day from the event's days, from, to, a note). */
export function Blockouts({ blockouts, days, timeZone, onAdd, onRemove }: BlockoutsProps) {
  const id = useId();
  const [refused, setRefused] = useState<{ error: string; field?: string } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const current = event.currentTarget;
    const fields = Object.fromEntries([...new FormData(current)].map(([k, v]) => [k, String(v)]));
    const answer = await onAdd(fields);
    setRefused(answer);
    if (!answer) return current.reset();
    const field = current.elements.namedItem(answer.field ?? "fromDay");
    if (field instanceof HTMLElement) field.focus();
  }
  const invalid = (name: string) =>
    refused?.field === name ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};
  const select = (name: string, label: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <select id={`${id}-${name}`} name={name} required className={control} {...invalid(name)}>
        {days.map((d) => (
          <option key={d} value={d}>
            {dayLabel(d, timeZone)}
          </option>
        ))}
      </select>
    </div>
  );
  const time = (name: string, label: string, value: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1.5 block font-semibold">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        type="time"
        name={name}
        required
        defaultValue={value}
        className={control}
        {...invalid(name)}
      />
    </div>
  );
  return (
    <>
      {blockouts.length ? (
        <ul className="mt-3 grid gap-2">
          {blockouts.map((b) => (
            <li
              key={b.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-[var(--radius-card)] bg-paper p-4"
            >
              <span>
                {shiftDay(b.startsAt, timeZone)} {shiftClock(b.startsAt, timeZone)} to {shiftDay(b.endsAt, timeZone)}{" "}
                {shiftClock(b.endsAt, timeZone)}
                {b.note ? <span className="block text-sm text-muted">{b.note}</span> : null}
              </span>
              <button type="button" className="btn btn-outline" onClick={() => onRemove(b.id)}>
                Remove
                <span className="sr-only">
                  {" "}
                  the time from {shiftDay(b.startsAt, timeZone)} {shiftClock(b.startsAt, timeZone)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">None: you could come at any time of the event.</p>
      )}
      <form ref={form} onSubmit={submit} className="mt-4 grid gap-4 sm:grid-cols-2" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className="text-lg font-semibold sm:col-span-2">
          Add a time I can't come
        </h3>
        {select("fromDay", "From day")}
        {time("fromTime", "From", "08:00")}
        {select("toDay", "To day")}
        {time("toTime", "To", "12:00")}
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-note`} className="mb-1.5 block font-semibold">
            Note for the organisers (optional)
          </label>
          <input id={`${id}-note`} name="note" maxLength={200} className={control} />
        </div>
        <p id={`${id}-error`} role="alert" className="font-semibold text-rose empty:hidden sm:col-span-2">
          {refused?.error}
        </p>
        <div className="sm:col-span-2">
          <button type="submit" className="btn btn-outline">
            Add this time
          </button>
        </div>
      </form>
    </>
  );
}
