import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import type { CheckIn, DoorAttendee } from "~/lib/door/protocol";
import { admittedText, alreadyInText } from "~/lib/door/words";
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
  /** A ticket's first check-in as this phone knows it (`by` its volunteer, or "this phone"), else undefined. */
  checkedIn: (code: string) => CheckIn | undefined;
  /** True when this page's last verdict on the ticket admitted it (its tapped card says so in green). */
  justAdmitted: (code: string) => boolean;
  /** True while a verdict covers the screen: when it goes, the tapped card's verdict takes the focus. */
  covered: boolean;
  /** The event's time zone: the times said (issue 53). */
  timeZone?: string;
  /** False while the phone has no network: the list on it is searched alone (no e-mail addresses in it). */
  online?: boolean;
}

const control = "min-h-11 rounded-xl border border-ink/30 bg-paper px-3";
/** A card's verdict, in the full-screen verdict's colours (./verdict-screen.tsx): green in, red stop. */
const said = "w-full rounded-xl px-3 py-2 font-semibold text-white";
const GOOD = `${said} bg-[#14532d]`;
const BAD = `${said} bg-[#991b1b]`;

/**
 * Someone without their phone (issue 43): by name, order reference or the code printed under their ticket's QR
 * in the list on the phone (offline too), and by a whole e-mail address while online (the server searches; the
 * phone holds no addresses). Each result admits with one tap; the answer takes the focus (issue 53). A ticket
 * already in says so in its card, in red, with no "Admit" (issue 62: the event has no re-entry, and a second
 * admission is recorded as a conflict, server/door/queries.ts); a tapped card shows its verdict where the thumb
 * is, and takes the focus once the full-screen verdict goes.
 */
export function DoorSearch(props: DoorSearchProps) {
  const { search, planTitle, covered, online = true } = props;
  const [found, setFound] = useState<(DoorSearchResult & { q: string; online: boolean; n: number }) | null>(null);
  const answer = useRef<HTMLParagraphElement>(null);
  const results = useRef<HTMLDivElement>(null);
  const tapped = useRef<string | null>(null);
  // The tickets admitted from this search's cards: green "Admitted" there; a new search says "Already in".
  const [admittedHere, setAdmittedHere] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (found) answer.current?.focus();
  }, [found]);
  useEffect(() => {
    if (covered || !tapped.current) return;
    results.current?.querySelector<HTMLElement>(`[data-card-for="${tapped.current}"]`)?.focus();
    tapped.current = null;
  }, [covered]);
  // What each card needs; an admit remembers the card tapped.
  const card = {
    checkedIn: props.checkedIn,
    justAdmitted: (code: string) => admittedHere.has(code) && props.justAdmitted(code),
    timeZone: props.timeZone,
    onAdmit: (a: DoorAttendee) => {
      tapped.current = a[0];
      setAdmittedHere((codes) => new Set(codes).add(a[0]));
      props.onAdmit(a);
    },
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "");
    const result = await search(q);
    setAdmittedHere(new Set());
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
        <div ref={results} className="grid gap-3">
          <p role="status" ref={answer} tabIndex={-1}>
            {found.people.length === 0 ? nobody(found) : `${found.people.length} found for “${found.q.trim()}”.`}
          </p>
          {found.suggestion && <Suggestion attendee={found.suggestion} {...card} />}
          <ul aria-label="People found" className="grid gap-2">
            {found.people.map((a) => (
              <li key={a[0]} className="flex flex-wrap items-center gap-3 rounded-[14px] bg-mist p-3">
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold">{a[1]}</span>
                  <span className="block text-sm text-muted">
                    {planTitle(a[2])} ({a[4]} of {a[5]}) · {a[3]}
                    {a[6] === "cancelled" ? " · cancelled" : ""}
                  </span>
                </span>
                <CardVerdict attendee={a} {...card}>
                  <button
                    type="button"
                    className="btn btn-outline shrink-0"
                    aria-label={`Admit ${a[1]} (${a[4]} of ${a[5]})`}
                    onClick={() => card.onAdmit(a)}
                  >
                    Admit
                  </button>
                </CardVerdict>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type CardProps = Pick<DoorSearchProps, "checkedIn" | "justAdmitted" | "timeZone" | "onAdmit"> & {
  attendee: DoorAttendee;
};

/**
 * What a found ticket's card says in place of its "Admit" button (`children`, shown only when admitting is what
 * the volunteer can do): "Admitted · 18:26 · Door 1" in green just after this page let it in, "Already in ·
 * 18:26 · Door 1 · Dora" or "Cancelled" in the refusal's red (issue 62). `data-card-for` names the ticket.
 */
function CardVerdict({
  attendee: a,
  checkedIn,
  justAdmitted,
  timeZone,
  children,
}: CardProps & { children: ReactNode }) {
  const first = checkedIn(a[0]);
  const line = (good: boolean, text: string) => (
    <p tabIndex={-1} data-card-for={a[0]} data-verdict={good ? "admitted" : "refused"} className={good ? GOOD : BAD}>
      {good ? "✓ " : "✗ "}
      {text}
    </p>
  );
  if (first && justAdmitted(a[0])) return line(true, admittedText(first, timeZone));
  if (first) return line(false, alreadyInText(first, timeZone));
  if (a[6] === "cancelled") return line(false, "Cancelled: this ticket does not let anyone in");
  return children;
}

/** "Did you mean 7KX4-QM2P (Ruth Mensah)?" with a button that admits that ticket (issue 61). */
function Suggestion(props: CardProps) {
  const { attendee: a, onAdmit } = props;
  const code = formatShortCode(a[7] ?? "");
  return (
    <div className="grid justify-items-start gap-3 rounded-[14px] bg-mist p-3">
      <p className="font-semibold">
        Did you mean <span className="font-mono whitespace-nowrap">{code}</span> ({a[1]})?
      </p>
      <CardVerdict {...props}>
        <button type="button" className="btn btn-primary" onClick={() => onAdmit(a)}>
          Admit {a[1]} ({a[4]} of {a[5]})
        </button>
      </CardVerdict>
    </div>
  );
}
