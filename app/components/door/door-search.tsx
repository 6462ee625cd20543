import { useState, type FormEvent } from "react";
import type { DoorAttendee } from "~/lib/door/protocol";

export interface DoorSearchProps {
  search: (q: string) => Promise<DoorAttendee[]>;
  onAdmit: (attendee: DoorAttendee) => void;
  planTitle: (plan: string) => string;
  /** "in at 10:02, Door 2" for someone already admitted, else null. */
  admittedAt: (code: string) => string | null;
}

const control = "min-h-11 rounded-xl border border-ink/30 bg-paper px-3";

/**
 * Someone without their phone (issue 43): by name or order reference in the list on the phone, and by e-mail
 * too while online (the server searches; the phone holds no addresses). Each result admits with one tap.
 */
export function DoorSearch({ search, onAdmit, planTitle, admittedAt }: DoorSearchProps) {
  const [found, setFound] = useState<{ q: string; people: DoorAttendee[] } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "");
    setFound({ q, people: await search(q) });
  }

  return (
    <section aria-labelledby="door-search" className="grid gap-3">
      <h2 id="door-search" className="text-xl font-bold">
        Find someone without their phone
      </h2>
      <form role="search" aria-label="Find someone" onSubmit={(e) => void submit(e)} className="flex gap-2">
        <label className="sr-only" htmlFor="door-q">
          Name, e-mail or order reference
        </label>
        <input
          id="door-q"
          name="q"
          type="search"
          placeholder="Name, e-mail or TNCC-T…"
          className={`${control} min-w-0 flex-1`}
        />
        <button type="submit" className="btn btn-primary">
          Find
        </button>
      </form>
      {found && (
        <>
          <p role="status">
            {found.people.length === 0
              ? `Nobody found for “${found.q}”.`
              : `${found.people.length} found for “${found.q}”.`}
          </p>
          <ul aria-label="People found" className="grid gap-2">
            {found.people.map((a) => (
              <li key={a[0]} className="flex items-center gap-3 rounded-[14px] bg-mist p-3">
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{a[1]}</span>
                  <span className="block text-sm text-muted">
                    {planTitle(a[2])} ({a[4]} of {a[5]}) · {a[3]}
                    {a[6] === "cancelled" ? " · cancelled" : ""}
                  </span>
                  {admittedAt(a[0]) && <span className="block text-sm font-semibold">{admittedAt(a[0])}</span>}
                </span>
                <button
                  type="button"
                  className="btn btn-outline shrink-0"
                  aria-label={`Admit ${a[1]} (${a[4]} of ${a[5]})`}
                  onClick={() => onAdmit(a)}
                >
                  Admit
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
