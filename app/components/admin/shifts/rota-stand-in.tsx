import { useId, useRef, useState, type FormEvent } from "react";
import * as api from "~/api/admin/shifts";
import type { FoundVolunteer as Found } from "~/api/admin/shifts";
import { MAX_REASON } from "~/forms/shifts";
import { callAdmin } from "~/lib/admin/api";
import type { RotaShift } from "./rota-words";

const control = "min-h-11 w-full rounded-xl border border-ink/30 bg-paper px-3 py-2";

/**
 * "Find a stand-in" (issue 66): a name or address typed, at most ten people found with what keeps them busy
 * then; "Put on"; when it overlaps another of their shifts the server says so, and a reason field asks why.
 */
export function RotaStandIn({
  shift,
  onChanged,
  fail,
}: {
  shift: RotaShift;
  onChanged: (message: string) => void;
  fail: (status: number, message: string) => void;
}) {
  const id = useId();
  const [found, setFound] = useState<Found[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<{ person: Found; message: string } | null>(null);
  const results = useRef<HTMLHeadingElement>(null);
  const problem = useRef<HTMLParagraphElement>(null);

  async function search(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    setAsking(null);
    const res = await callAdmin(api.findVolunteers, { query: { q, shift: String(shift.id) } });
    if (!res.ok) {
      if (res.status === 400) {
        setError(res.error);
        setFound(null);
        requestAnimationFrame(() => problem.current?.focus());
        return;
      }
      return fail(res.status, res.error);
    }
    setError(null);
    setFound(res.data.people);
    requestAnimationFrame(() => results.current?.focus());
  }

  async function putOn(person: Found, reason?: string) {
    const res = await callAdmin(api.assignVolunteer, {
      params: { id: shift.id },
      body: { adminId: person.adminId, ...(reason === undefined ? {} : { reason }) },
    });
    if (res.ok) return onChanged(`${person.name} is on this shift now, and was told by mail.`);
    if (res.status === 409 && res.data && typeof res.data === "object" && "overlaps" in res.data) {
      setAsking({ person, message: res.error });
      return;
    }
    if (res.status === 409) {
      setError(res.error);
      requestAnimationFrame(() => problem.current?.focus());
      return;
    }
    fail(res.status, res.error);
  }

  return (
    <details className="rounded-[14px] bg-mist p-3">
      <summary className="min-h-11 cursor-pointer content-center font-semibold">Find a stand-in</summary>
      <form onSubmit={(e) => void search(e)} className="mt-2 grid gap-2" role="search">
        <label htmlFor={`${id}-q`} className="font-semibold">
          Name or e-mail address
        </label>
        <div className="flex gap-2">
          <input id={`${id}-q`} name="q" type="search" minLength={2} required className={control} />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </form>
      {error ? (
        <p ref={problem} tabIndex={-1} role="alert" className="mt-2 font-semibold text-rose">
          {error}
        </p>
      ) : null}
      {found ? (
        <div className="mt-3 grid gap-2">
          <h4 ref={results} tabIndex={-1} className="font-semibold">
            {found.length === 0 ? "Nobody found: try part of the name." : `Found ${found.length}`}
          </h4>
          <ul className="grid gap-2">
            {found.map((p) => (
              <li key={p.adminId} className="rounded-xl bg-paper p-3">
                <p className="font-semibold">
                  {p.name} <span className="font-normal text-muted">· {p.roleLabel}</span>
                </p>
                <p className="text-sm">
                  {p.roles.length ? `Does ${p.roles.join(", ")}` : "Has chosen no roles"}
                  {p.missed ? ` · missed ${p.missed} shift${p.missed === 1 ? "" : "s"}` : ""}
                </p>
                {p.busy.length ? (
                  <ul className="text-sm text-rose">
                    {p.busy.map((b) => (
                      <li key={b}>Busy then: {b}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm">Free then</p>
                )}
                {p.onShift ? (
                  <p className="text-sm font-semibold">Already on this shift</p>
                ) : (
                  <button
                    type="button"
                    className="btn btn-outline mt-2"
                    onClick={() => void putOn(p)}
                    aria-label={`Put ${p.name} on this shift`}
                  >
                    Put on
                  </button>
                )}
                {asking?.person.adminId === p.adminId ? (
                  <form
                    className="mt-2 grid gap-2"
                    onSubmit={(e) => {
                      e.preventDefault();
                      void putOn(p, String(new FormData(e.currentTarget).get("reason") ?? ""));
                    }}
                  >
                    <p role="alert" className="font-semibold">
                      {asking.message}
                    </p>
                    <label htmlFor={`${id}-reason`} className="font-semibold">
                      Why put them on anyway?
                    </label>
                    <input
                      id={`${id}-reason`}
                      name="reason"
                      required
                      maxLength={MAX_REASON}
                      ref={(el) => el?.focus()}
                      className={control}
                    />
                    <button type="submit" className="btn btn-primary">
                      Put on anyway
                    </button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </details>
  );
}
