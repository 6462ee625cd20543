import { useEffect, useRef, useState, type FormEvent } from "react";
import { boxOfficeMoves, markOrderPaid, type BoxOfficeOrder } from "~/api/admin/box-office";
import { callAdmin, type ApiResult } from "~/lib/admin/api";
import {
  METHOD_LABELS,
  PAID_BY,
  REFUNDED_BY,
  STATE_LABELS,
  parseAmount,
  type FieldError,
} from "~/lib/admin/box-office";
import { zonedWhen } from "~/lib/admin/when";
import { decimalAmount } from "~/lib/money";
import { checkedInText } from "~/lib/door/words";
import { ConfirmStep } from "../confirm-step";
import { Address } from "~/components/ui/address";

const input = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";

type Answer = { text: string; ok: boolean; field?: string };
type Asking = "cancel" | "release" | null;

/**
 * One order's page in the Box office's Orders list (issues 53, 61): who, what, its seats ("2 seats, waiting for
 * payment"), how paid, the deadline in the event's time zone, its tickets and their check-ins, its timeline,
 * and every move it allows now: mark paid, resend the tickets, release (a pending order), cancel (after a
 * confirm step) and, for money paid by hand on a cancelled order, "refund owed" until the refund is recorded.
 * Each answer is said in words and takes the focus; a field's refusal is said at the field.
 */
export function BoxOfficeOrderView({
  order,
  fail,
  onChanged,
}: {
  order: BoxOfficeOrder;
  fail: (status: number, message: string) => void;
  onChanged: () => void;
}) {
  const [amount, setAmount] = useState(decimalAmount(order.amountMinor));
  const [paidBy, setPaidBy] = useState("");
  const [refundBy, setRefundBy] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order.id]);
  useEffect(() => {
    if (!answer) return;
    if (answer.field) document.getElementById(`order-${answer.field}`)?.focus();
    else said.current?.focus();
  }, [answer]);
  const can = (action: BoxOfficeOrder["actions"][number]) => order.actions.includes(action);
  const params = { id: order.id };

  /** A move's answer: said, and the list and this page read again when something changed. */
  async function move(call: () => Promise<ApiResult<{ message: string }>>) {
    setBusy(true);
    setAsking(null);
    const res = await call();
    setBusy(false);
    if (res.ok) {
      setAnswer({ text: res.data.message, ok: true });
      return onChanged();
    }
    if (res.status === 401) return fail(res.status, res.error);
    const data = res.data as (FieldError & { message?: string }) | undefined;
    setAnswer({ text: data?.message ?? res.error, ok: false, field: res.field });
  }
  function markPaid(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void move(() => callAdmin(markOrderPaid, { params, body: { amount, paidBy } }));
  }
  function refund(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const minor = parseAmount(amount);
    if (minor === null)
      return setAnswer({ text: "Please write the amount given back, like 38.00.", ok: false, field: "amount" });
    void move(() => callAdmin(boxOfficeMoves.refund, { params, body: { amountMinor: minor, method: refundBy } }));
  }
  const fieldError = (field: string) => (answer && !answer.ok && answer.field === field ? answer.text : null);
  const field = (name: string) => ({
    id: `order-${name}`,
    "aria-invalid": fieldError(name) ? true : undefined,
    "aria-describedby": fieldError(name) ? `order-${name}-error` : undefined,
  });
  const errorOf = (name: string) =>
    fieldError(name) ? (
      <p id={`order-${name}-error`} className="text-rose">
        {fieldError(name)}
      </p>
    ) : null;
  const amountField = (label: string) => (
    <div>
      <label htmlFor="order-amount" className="font-semibold">
        {label} ({order.currency.toUpperCase()})
      </label>
      <input
        {...field("amount")}
        name="amount"
        inputMode="decimal"
        className={input}
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      {errorOf("amount")}
    </div>
  );
  const howField = (name: string, label: string, value: string, set: (v: string) => void) => (
    <div>
      <label htmlFor={`order-${name}`} className="font-semibold">
        {label}
      </label>
      <select {...field(name)} name={name} className={input} value={value} onChange={(e) => set(e.target.value)}>
        <option value="">Choose…</option>
        {Object.entries(name === "method" ? REFUNDED_BY : PAID_BY).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </select>
      {errorOf(name)}
    </div>
  );

  return (
    <article aria-labelledby="box-order-title" className="mt-6 grid gap-4 rounded-[var(--radius-card)] bg-paper p-4">
      <h3 id="box-order-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Order {order.reference}
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">State</dt>
        <dd>{STATE_LABELS[order.state]}</dd>
        <dt className="font-semibold">Buyer</dt>
        <dd>
          {order.name}, <Address email={order.email} />
        </dd>
        <dt className="font-semibold">Plan</dt>
        <dd>
          {order.plan}, {order.seatsText}
        </dd>
        <dt className="font-semibold">Payment</dt>
        <dd>
          {METHOD_LABELS[order.method] ?? order.method}: {order.amount}
          {order.paidBy ? ` (${PAID_BY[order.paidBy as keyof typeof PAID_BY] ?? order.paidBy})` : ""}
        </dd>
        {order.due ? (
          <>
            <dt className="font-semibold">Pay by</dt>
            <dd>{order.due}</dd>
          </>
        ) : null}
        {order.refundOwed ? (
          <>
            <dt className="font-semibold">Refund owed</dt>
            <dd className="font-semibold text-rose">{order.refundOwed}</dd>
          </>
        ) : null}
      </dl>
      {order.list.length ? (
        <>
          <h4 className="font-semibold">Tickets</h4>
          <ol className="grid gap-1" aria-label={`Tickets of ${order.reference}`}>
            {order.list.map((t) => (
              <li key={t.position} className="break-words">
                Ticket {t.position}: {t.holderName ?? "no name yet"}
                <span className="block text-sm text-muted">
                  <code>{t.code.slice(0, 10)}…</code> · {t.status}
                </span>
                {t.checkedIn ? (
                  <span className="block text-sm font-semibold">{checkedInText(t.checkedIn, order.timeZone)}</span>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      <h4 className="font-semibold">Timeline</h4>
      <ol className="grid gap-1 border-s-2 border-ink/15 ps-3" aria-label={`Timeline of ${order.reference}`}>
        {order.timeline.map((step, i) => (
          <li key={i}>
            <time dateTime={step.at} className="text-sm text-muted">
              {zonedWhen(step.at, order.timeZone)}
            </time>{" "}
            {step.text}
          </li>
        ))}
      </ol>
      {answer && (answer.ok || !answer.field) ? (
        <p
          ref={said}
          tabIndex={-1}
          role={answer.ok ? "status" : "alert"}
          className={`font-semibold ${answer.ok ? "" : "text-rose"}`}
        >
          {answer.text}
        </p>
      ) : null}
      {can("resend") || can("release") || can("cancel") ? (
        <div className="flex flex-wrap gap-3">
          {can("resend") ? (
            <button
              type="button"
              className="btn btn-outline"
              disabled={busy}
              onClick={() => void move(() => callAdmin(boxOfficeMoves.resend, { params }))}
            >
              Resend the tickets
            </button>
          ) : null}
          {can("release") ? (
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setAsking("release")}>
              Release the seats
            </button>
          ) : null}
          {can("cancel") ? (
            <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setAsking("cancel")}>
              Cancel the order
            </button>
          ) : null}
        </div>
      ) : null}
      {asking === "release" ? (
        <ConfirmStep
          confirm={`Release ${order.reference}`}
          onConfirm={() => void move(() => callAdmin(boxOfficeMoves.release, { params }))}
          onCancel={() => setAsking(null)}
        >
          Release {order.reference} of {order.name}? Its {order.seats === 1 ? "seat goes" : `${order.seats} seats go`}{" "}
          back (the waiting list first), and the buyer is told by e-mail not to pay.
        </ConfirmStep>
      ) : null}
      {asking === "cancel" ? (
        <ConfirmStep
          confirm={`Cancel ${order.reference}`}
          onConfirm={() => void move(() => callAdmin(boxOfficeMoves.cancel, { params }))}
          onCancel={() => setAsking(null)}
        >
          Cancel {order.reference} of {order.name}?{" "}
          {order.state === "paid"
            ? `Its ${order.list.length === 1 ? "ticket stops" : `${order.list.length} tickets stop`} being valid${
                order.amountMinor ? `, ${order.amount} is to be refunded` : ""
              }, and the seats go to the waiting list.`
            : `Its ${order.seats === 1 ? "seat goes" : `${order.seats} seats go`} back to the waiting list, and the buyer is told not to pay.`}
        </ConfirmStep>
      ) : null}
      {can("mark-paid") ? (
        <form onSubmit={markPaid} className="grid gap-3" aria-label={`Mark ${order.reference} paid`} noValidate>
          {amountField("Amount received")}
          {howField("paidBy", "How it came", paidBy, setPaidBy)}
          <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
            Mark paid and send the tickets
          </button>
        </form>
      ) : null}
      {can("refund") ? (
        <form
          onSubmit={refund}
          className="grid gap-3"
          aria-label={`Record the refund of ${order.reference}`}
          noValidate
        >
          {amountField("Amount given back")}
          {howField("method", "How it was given back", refundBy, setRefundBy)}
          <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
            Record the refund
          </button>
        </form>
      ) : null}
    </article>
  );
}
