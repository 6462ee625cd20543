import { useEffect, useRef, useState, type FormEvent } from "react";
import type { DoorAttendee } from "~/lib/door/protocol";
import { formatShortCode } from "~/lib/tickets/short-code";

/** What a search found; `suggestion`: nobody found, but a short code one character away from one ticket's (issue 61). */
export interface DoorSearchResult {
  people: DoorAttendee[];
  suggestion: DoorAttendee | null;
}

export interface DoorSearchProps {
  search: (q: string) => Promise<DoorSearchResult>;
  onAdmit: (attendee: DoorAttendee) => void;
  planTitle: (plan: string) => string;
  /** "Checked in 10:02 at Door 2 by Dora" for someone already admitted, else null. */
  admittedAt: (code: string) => string | null;
  /** False while the phone has no network: the list on it is searched alone (no e-mail addresses in it). */
  online?: boolean;
}

const control = "min-h-11 rounded-xl border border-ink/30 bg-paper px-3";

/**
 * Someone without their phone (issue 43): by name, order reference or the code printed under their ticket's QR
 * in the list on the phone (offline too), and by a whole e-mail address while online (the server searches; the
 * phone holds no addresses). Each result admits with one tap; the answer takes the focus (issue 53).
 */
export function DoorSearch({ search, onAdmit, planTitle, admittedAt, online = true }: DoorSearchProps) {
  const [found, setFound] = useState<(DoorSearchResult & { q: string; online: boolean; n: number }) | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (found) said.current?.focus();
  }, [found]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "");
    const result = await search(q);
    setFound((f) => ({ q, ...result, online, n: (f?.n ?? 0) + 1 }));
  }

  const nobody = (f: NonNullable<typeof found>) =>
    f.q.trim().length < 2
      ? "Type at least 2 letters of a name, or a whole e-mail address, order reference or ticket code."
      : `Nobody found for “${f.q.trim()}”. ${
          f.online
            ? "Try part of the name, the whole e-mail address, the order reference (TNCC-T…) or the code printed under the ticket's QR."
            : "Offline, the phone finds names, order references and ticket codes; an e-mail address needs the network."
        }`;

  return (
    <section aria-labelledby="door-search" className="grid gap-3">
      <h2 id="door-search" className="text-xl font-bold">
        Find someone without their phone
      </h2>
      <form role="search" aria-label="Find someone" onSubmit={(e) => void submit(e)} className="flex gap-2">
        <label className="sr-only" htmlFor="door-q">
          Name, e-mail, order reference or ticket code
        </label>
        <input
          id="door-q"
          name="q"
          type="search"
          placeholder="Name, e-mail, TNCC-T… or code"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          className={`${control} min-w-0 flex-1`}
        />
        <button type="submit" className="btn btn-primary">
          Find
        </button>
      </form>
      {found && (
        <>
          <p role="status" ref={said} tabIndex={-1}>
            {found.people.length === 0 ? nobody(found) : `${found.people.length} found for “${found.q.trim()}”.`}
          </p>
          {found.suggestion && <Suggestion attendee={found.suggestion} onAdmit={onAdmit} />}
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

/** "Did you mean 7KX4-QM2P (Ruth Mensah)?" with a button that admits that ticket (issue 61). */
function Suggestion({ attendee: a, onAdmit }: { attendee: DoorAttendee; onAdmit: (attendee: DoorAttendee) => void }) {
  const code = formatShortCode(a[7] ?? "");
  return (
    <div className="grid justify-items-start gap-3 rounded-[14px] bg-mist p-3">
      <p className="font-semibold">
        Did you mean <span className="font-mono whitespace-nowrap">{code}</span> ({a[1]})?
      </p>
      <button type="button" className="btn btn-primary" onClick={() => onAdmit(a)}>
        Admit {a[1]} ({a[4]} of {a[5]})
      </button>
    </div>
  );
}
