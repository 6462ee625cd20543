import { useEffect, useRef, useState, type FormEvent } from "react";
import {
  ATTENDEES_EXPORT_PATH,
  type AttendeeOrderRow,
  type AttendeesSearch,
  type AttendeesSummary,
} from "~/lib/admin/attendees";
import { adminApi } from "~/lib/admin/api";
import { AttendeeOrderView } from "./attendee-order";
import { DoorFiguresView } from "../door/door-figures";
import { SeatsTable } from "./seats-table";

const input = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";
const found = (n: number) => (n === 0 ? "No order found" : n === 1 ? "1 order found" : `${n} orders found`);

/**
 * The box office's Attendees tab (issue 42): seats per plan, the door's live figures (issue 43), a search over orders (buyer, e-mail, reference,
 * ticket code), one order's details with Resend and Cancel, and the CSV of every ticket. After a search the
 * focus moves to the results' heading; after an action, to its message.
 */
export function AttendeesPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [summary, setSummary] = useState<AttendeesSummary | null>(null);
  const [results, setResults] = useState<AttendeesSearch | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusResults = useRef(false);

  async function search(q: string, focus: boolean) {
    const res = await adminApi<AttendeesSearch>(`/attendees?q=${encodeURIComponent(q)}`);
    if (!res.ok) return fail(res.status, res.error);
    focusResults.current = focus;
    setOpen(null);
    setResults(res.data);
  }

  useEffect(() => {
    void adminApi<AttendeesSummary>("/attendees/summary").then((res) =>
      res.ok ? setSummary(res.data) : fail(res.status, res.error),
    );
    // Again after a change (`version`); `fail` changes with every render of the page above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  useEffect(() => {
    void search("", false);
    // Once, when the tab opens: the newest orders.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (results && focusResults.current) heading.current?.focus();
    focusResults.current = false;
  }, [results]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void search(String(new FormData(event.currentTarget).get("q") ?? "").trim(), true);
  }

  return (
    <section aria-labelledby="attendees-title" className="mt-8">
      <h2 id="attendees-title" className="text-2xl font-semibold">
        Attendees
      </h2>
      {summary ? <SeatsTable plans={summary.plans} /> : <p className="mt-4">Loading…</p>}
      <DoorFiguresView fail={fail} />
      <form role="search" aria-label="Search attendees" onSubmit={submit} className="mt-6 grid max-w-xl gap-1">
        <label htmlFor="attendees-q" className="font-semibold">
          Name, e-mail, reference or ticket code
        </label>
        <div className="flex gap-2">
          <input id="attendees-q" name="q" type="search" className={`${input} min-w-0 flex-1`} maxLength={200} />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </form>
      <p className="mt-4">
        <a className="font-semibold underline underline-offset-4" href={ATTENDEES_EXPORT_PATH} download>
          Download every ticket (CSV)
        </a>
      </p>
      {results ? (
        <section aria-labelledby="attendees-results" className="mt-6">
          <h3 id="attendees-results" ref={heading} tabIndex={-1} className="text-xl font-semibold">
            {found(results.orders.length)}
            {results.q ? ` for “${results.q}”` : ""}
          </h3>
          <ul className="mt-2 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label="Orders">
            {results.orders.map((o) => (
              <OrderLine
                key={o.id}
                order={o}
                open={open === o.id}
                onOpen={() => setOpen(open === o.id ? null : o.id)}
              />
            ))}
          </ul>
        </section>
      ) : null}
      {open !== null ? (
        <AttendeeOrderView
          key={open}
          id={open}
          fail={fail}
          onChanged={() => {
            setVersion((v) => v + 1);
          }}
        />
      ) : null}
    </section>
  );
}

function OrderLine({ order, open, onOpen }: { order: AttendeeOrderRow; open: boolean; onOpen: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 p-3">
      <span className="min-w-0 break-words">
        <strong>{order.reference}</strong> {order.name}
        <span className="block break-all text-muted">
          {order.email} · {order.plan} · {order.tickets === 1 ? "1 ticket" : `${order.tickets} tickets`}
          {order.status === "paid" ? "" : ` · ${order.status}`}
        </span>
      </span>
      <button type="button" className="btn btn-outline" aria-expanded={open} onClick={onOpen}>
        {open ? "Close" : "Details"}
        <span className="sr-only"> of {order.reference}</span>
      </button>
    </li>
  );
}
