import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { callAdmin } from "~/lib/admin/api";
import * as api from "~/api/admin/shifts";
import type { PlanAnswer } from "~/api/admin/shifts";
import { RotaGrid } from "./rota-grid";
import { RotaPeople } from "./rota-people";
import { dayName, dayOf, hours, isLate, shortBy, type RotaShift } from "./rota-words";

/**
 * The Rota tab (issue 66, items 4 and 5): per day (a day chooser), at 1280 px a grid of places by time, on a phone
 * a list per place, each shift with filled/needed and its gap in words; on an event day "On now" per place with
 * who arrived, who is late and who was missed; a stand-in found by name; the CSV; messages through the
 * Announcements tab.
 */
export function RotaPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [plan, setPlan] = useState<PlanAnswer | null>(null);
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const chosenRef = useRef<HTMLHeadingElement>(null);

  const load = useCallback(async () => {
    const res = await callAdmin(api.planShifts);
    if (!res.ok) return fail(res.status, res.error);
    setPlan(res.data);
    setNow(Date.now());
    // `fail` changes with every render of the page above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    void load();
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [load]);

  if (!plan) return <p className="mt-6">Loading the rota…</p>;
  const today = dayOf(now, plan.timeZone);
  const asked = params.get("day");
  // The day asked for, else today when it is one of the event's, else the first day with shifts.
  const day =
    plan.days.find((d) => d === asked) ??
    (plan.days.includes(today) ? today : (plan.days.find((d) => plan.shifts.some((s) => s.day === d)) ?? plan.days[0]));
  const shifts = plan.shifts.filter((s) => s.day === day);
  const missed = new Map<number, number>();
  for (const s of plan.shifts)
    for (const p of s.people) if (p.missed) missed.set(p.adminId, (missed.get(p.adminId) ?? 0) + 1);
  const missedOf = (id: number) => missed.get(id) ?? 0;
  const onNow = plan.shifts.filter((s) => Date.parse(s.startsAt) <= now + 3_600_000 && Date.parse(s.endsAt) > now);
  const places = plan.places.filter((p) => shifts.some((s) => s.placeId === p.id));
  const picked = shifts.find((s) => s.id === chosen) ?? null;

  const changed = (message: string) => {
    setNotice(message);
    void load();
    requestAnimationFrame(() => noticeRef.current?.focus());
  };
  const people = (s: RotaShift) => (
    <RotaPeople shift={s} now={now} missedOf={missedOf} onChanged={changed} fail={fail} />
  );

  return (
    <section aria-labelledby="rota-title" className="mt-6 grid gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="rota-title" className="text-2xl font-semibold">
          Rota
        </h2>
        <a className="btn btn-outline" href={`/api/admin${api.exportShifts.path}`} download>
          Download CSV
        </a>
      </div>
      {notice ? (
        <p ref={noticeRef} tabIndex={-1} role="status" className="rounded-[14px] bg-mist p-3 font-semibold">
          {notice}
        </p>
      ) : null}

      {onNow.length ? (
        <section aria-labelledby="rota-now" className="grid gap-3">
          <h3 id="rota-now" className="text-xl font-semibold">
            On now
          </h3>
          {plan.places
            .filter((p) => onNow.some((s) => s.placeId === p.id))
            .map((p) => (
              <div key={p.id} className="grid gap-2 rounded-[14px] border border-ink/15 p-3">
                <h4 className="font-semibold">{p.name}</h4>
                {onNow
                  .filter((s) => s.placeId === p.id)
                  .map((s) => {
                    const late = s.people.filter((x) => isLate(x, s, now)).length;
                    return (
                      <details key={s.id} open={late > 0}>
                        <summary className="min-h-11 cursor-pointer content-center">
                          {s.role} {hours(s)} · {s.people.filter((x) => x.arrivedAt).length} of {s.needed} here
                          {late ? (
                            <strong className="ms-2 rounded-full bg-gold px-2 text-ink">{late} late</strong>
                          ) : null}
                        </summary>
                        {people(s)}
                      </details>
                    );
                  })}
              </div>
            ))}
        </section>
      ) : null}

      <label className="grid max-w-xs gap-1 font-semibold">
        Day
        <select
          className="min-h-11 rounded-xl border border-ink/30 bg-paper px-3"
          value={day}
          onChange={(e) => {
            setChosen(null);
            setParams((p) => {
              p.set("day", e.target.value);
              return p;
            });
          }}
        >
          {plan.days.map((d) => (
            <option key={d} value={d}>
              {dayName(d)}
            </option>
          ))}
        </select>
      </label>

      {shifts.length === 0 ? (
        <p>No shifts on {day ? dayName(day) : "this day"} yet: plan them in the Shifts tab.</p>
      ) : null}

      <div className="hidden lg:grid lg:gap-4">
        <RotaGrid
          places={places}
          shifts={shifts}
          chosen={chosen}
          onChoose={(id) => {
            setChosen(id);
            requestAnimationFrame(() => chosenRef.current?.focus());
          }}
        />
        {picked ? (
          <section aria-labelledby="rota-picked" className="rounded-[14px] border border-ink/15 p-4">
            <h3 id="rota-picked" ref={chosenRef} tabIndex={-1} className="mb-2 text-lg font-semibold">
              {picked.place}: {picked.role} {hours(picked)} · {picked.filled}/{picked.needed}
              {shortBy(picked) ? ` · ${shortBy(picked)}` : ""}
            </h3>
            {people(picked)}
          </section>
        ) : null}
      </div>

      <div className="grid gap-4 lg:hidden">
        {places.map((p) => (
          <section key={p.id} aria-labelledby={`rota-place-${p.id}`} className="grid gap-2">
            <h3 id={`rota-place-${p.id}`} className="text-lg font-semibold">
              {p.name}
            </h3>
            <ul className="grid gap-2">
              {shifts
                .filter((s) => s.placeId === p.id)
                .map((s) => {
                  const short = shortBy(s);
                  return (
                    <li key={s.id}>
                      <details className={`rounded-[14px] p-3 ${short ? "border-2 border-gold bg-paper" : "bg-mist"}`}>
                        <summary className="min-h-11 cursor-pointer content-center">
                          <span className="font-semibold">{hours(s)}</span> {s.role} · {s.filled}/{s.needed}
                          {short ? (
                            <strong className="ms-2 rounded-full bg-gold px-2 text-ink">{short}</strong>
                          ) : (
                            " · full"
                          )}
                        </summary>
                        <div className="mt-2">{people(s)}</div>
                      </details>
                    </li>
                  );
                })}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
