import { useEffect, useRef, useState, type FormEvent } from "react";
import { listSubmissions, setSubmissionStatus, type SubmissionRow } from "~/api/admin/inbox";
import { callAdmin } from "~/lib/admin/api";
import * as attendees from "~/api/admin/attendees";
import type { AttendeesSummary } from "~/api/admin/attendees";
import {
  BOX_OFFICE_METHODS,
  BOX_OFFICE_SHOWS,
  METHOD_LABELS,
  SHOW_LABELS,
  STATE_LABELS,
  type BoxOfficeMethod,
  type BoxOfficeShow,
} from "~/lib/admin/box-office";
import { getOrder, listOrders, type BoxOfficeList, type BoxOfficeOrder, type issueOrder } from "~/api/admin/box-office";
import type { AnswerOf } from "~/lib/admin/route";
import { DoorFiguresView } from "../door/door-figures";
import { BoxOfficeOrderView } from "./box-office-order";
import { ManualOrderForm, type ManualOrderValues } from "./manual-order-form";
import { SeatsTable } from "./seats-table";
import { Address } from "~/components/ui/address";

const input = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";
const found = (n: number) => (n === 0 ? "No order found" : n === 1 ? "1 order found" : `${n} orders found`);

/**
 * The organisers' one Orders list (issues 53, 61): seats per plan and the door's live figures, then every ticket
 * order of every kind (card, pay later, free, issued by hand) and state, with filters by state and by method and
 * a search (reference, name, e-mail, ticket code); each order opens its page with every move
 * (./box-office-order.tsx). Then tickets issued by hand, the CSV of every ticket, and the old ticket requests,
 * each with "Turn into an order". Focus follows what the organiser did.
 */
export function BoxOfficePanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [list, setList] = useState<BoxOfficeList | null>(null);
  const [query, setQuery] = useState<{ q: string; show: BoxOfficeShow; method: BoxOfficeMethod }>({
    q: "",
    show: "all",
    method: "all",
  });
  const [summary, setSummary] = useState<AttendeesSummary | null>(null);
  const [open, setOpen] = useState<BoxOfficeOrder | null>(null);
  const [manual, setManual] = useState<{ start?: Partial<ManualOrderValues>; request?: number } | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [requests, setRequests] = useState<SubmissionRow[]>([]);
  const [version, setVersion] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const message = useRef<HTMLParagraphElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    void callAdmin(listOrders, { query }).then((res) => {
      if (!res.ok) return fail(res.status, res.error);
      setList(res.data);
      if (moveFocus.current) heading.current?.focus();
      moveFocus.current = false;
    });
    void callAdmin(attendees.attendeesSummary).then((res) => res.ok && setSummary(res.data));
    void callAdmin(listSubmissions, { query: { kind: "ticket", status: "new" } }).then(
      (res) => res.ok && setRequests(res.data.items),
    );
    // `fail` changes with every render of the page above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query, version]);
  useEffect(() => {
    if (said) message.current?.focus();
  }, [said]);

  async function show(id: number) {
    const res = await callAdmin(getOrder, { params: { id } });
    if (!res.ok) return fail(res.status, res.error);
    setManual(null);
    setOpen(res.data);
  }
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    moveFocus.current = true;
    setOpen(null);
    setQuery({
      q: String(data.get("q") ?? "").trim(),
      show: String(data.get("show")) as BoxOfficeShow,
      method: String(data.get("method")) as BoxOfficeMethod,
    });
  }
  async function issued(answer: AnswerOf<typeof issueOrder>) {
    // A ticket request turned into an order is handled.
    if (manual?.request)
      await callAdmin(setSubmissionStatus, { params: { id: manual.request }, body: { status: "handled" } });
    setManual(null);
    setOpen(null);
    setSaid(answer.message);
    setVersion((v) => v + 1);
  }
  const turn = (r: SubmissionRow) => ({
    start: {
      plan: r.data.plan,
      quantity: r.data.quantity,
      name: r.data.name,
      email: r.data.email,
      kind: "door" as const,
    },
    request: r.id,
  });

  return (
    <section aria-labelledby="box-office-title" className="mt-8">
      <h2 id="box-office-title" className="text-2xl font-semibold">
        Orders
      </h2>
      <p ref={message} tabIndex={-1} role="status" className="mt-2 font-semibold empty:hidden">
        {said}
      </p>
      {summary ? <SeatsTable plans={summary.plans} /> : null}
      <DoorFiguresView fail={fail} />
      <div className="mt-3">
        <button
          type="button"
          className="btn btn-outline"
          aria-expanded={manual !== null && !manual.request}
          onClick={() => {
            setSaid(null);
            setManual(manual && !manual.request ? null : {});
          }}
        >
          Issue tickets by hand
        </button>
      </div>
      {manual && list ? (
        <ManualOrderForm
          key={manual.request ?? "new"}
          plans={list.plans}
          start={manual.start}
          fail={fail}
          onDone={(a) => void issued(a)}
        />
      ) : null}
      <form
        onSubmit={submit}
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        role="search"
        aria-label="Find orders"
      >
        <div>
          <label htmlFor="box-office-q" className="font-semibold">
            Find an order
          </label>
          <input
            id="box-office-q"
            name="q"
            className={input}
            defaultValue={query.q}
            maxLength={200}
            placeholder="Name, e-mail, TNCC-T…, ticket code"
          />
        </div>
        <div>
          <label htmlFor="box-office-show" className="font-semibold">
            State
          </label>
          <select id="box-office-show" name="show" className={input} defaultValue={query.show}>
            {BOX_OFFICE_SHOWS.map((s) => (
              <option key={s} value={s}>
                {SHOW_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="box-office-method" className="font-semibold">
            Paid by
          </label>
          <select id="box-office-method" name="method" className={input} defaultValue={query.method}>
            {BOX_OFFICE_METHODS.map((m) => (
              <option key={m} value={m}>
                {m === "all" ? "Any way" : (METHOD_LABELS[m] ?? m)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Show orders
        </button>
      </form>
      <h3 ref={heading} tabIndex={-1} className="mt-6 font-semibold">
        {list ? found(list.orders.length) : "Loading the orders…"}
      </h3>
      <ul className="mt-2 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper" aria-label="Ticket orders">
        {list?.orders.map((o) => (
          <li key={o.id} className="p-3">
            <button
              type="button"
              className="text-start font-semibold underline underline-offset-4"
              aria-expanded={open?.id === o.id}
              onClick={() => void show(o.id)}
            >
              {o.reference}: {o.name}
            </button>
            {o.overCapacity ? <span className="ms-2 text-sm font-semibold">(over capacity)</span> : null}
            <span className="block text-sm text-muted">
              {STATE_LABELS[o.state]} · {METHOD_LABELS[o.method] ?? o.method} · {o.plan}, {o.seatsText}, {o.amount}
              {o.due ? ` · pay by ${o.due}` : ""} · <Address email={o.email} />
            </span>
          </li>
        ))}
      </ul>
      {open ? (
        <BoxOfficeOrderView
          key={open.id}
          order={open}
          fail={fail}
          onChanged={() => {
            // The list, and this order's timeline, as they are now.
            setVersion((v) => v + 1);
            void show(open.id);
          }}
        />
      ) : null}
      <p className="mt-6">
        <a
          className="font-semibold underline underline-offset-4"
          href={`/api/admin${attendees.exportAttendees.path}`}
          download
        >
          Download every ticket (CSV)
        </a>
      </p>
      <h3 className="mt-8 text-xl font-semibold">Ticket requests</h3>
      <p className="text-muted">
        Requests sent before the box office took orders: make each an order, or mark it handled in its tab.
      </p>
      {requests.length ? (
        <ul
          className="mt-2 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper"
          aria-label="Ticket requests to turn into orders"
        >
          {requests.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                {r.data.name} (<Address email={r.data.email} />
                ): {r.data.plan} × {r.data.quantity}
              </span>
              <button type="button" className="btn btn-outline" onClick={() => setManual(turn(r))}>
                Turn into an order<span className="sr-only"> for {r.data.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">No open ticket requests.</p>
      )}
    </section>
  );
}
