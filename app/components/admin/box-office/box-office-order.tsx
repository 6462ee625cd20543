import { useEffect, useRef, useState, type FormEvent } from "react";
import { adminApi } from "~/lib/admin/api";
import {
  METHOD_LABELS,
  PAID_BY,
  SHOW_LABELS,
  type BoxOfficeOrder,
  type FieldError,
  type MarkPaidAnswer,
} from "~/lib/admin/box-office";

const input = "min-h-11 w-full rounded-xl border border-ink/15 bg-paper px-3 py-2";
const at = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));

/**
 * One order of the Box office tab (issue 53): who, what, how paid, its timeline (created, paid, mailed, reminded,
 * released, admitted, refunded), and for an order waiting for its money the "Mark paid" form: the amount and
 * how it came, checked at their field; the answer is said in words and takes the focus.
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
  const [amount, setAmount] = useState((order.amountMinor / 100).toFixed(2));
  const [paidBy, setPaidBy] = useState("");
  const [answer, setAnswer] = useState<{ text: string; ok: boolean; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const said = useRef<HTMLParagraphElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [order.id]);
  useEffect(() => {
    if (!answer) return;
    if (answer.field) document.getElementById(`paid-${answer.field}`)?.focus();
    else said.current?.focus();
  }, [answer]);
  const waiting = order.status === "pending" || order.status === "released";

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    const res = await adminApi<MarkPaidAnswer>(`/box-office/orders/${order.id}/paid`, {
      method: "POST",
      body: { amount, paidBy },
    });
    setBusy(false);
    if (res.ok) {
      setAnswer({ text: res.data.message, ok: true });
      return onChanged();
    }
    if (res.status === 401) return fail(res.status, res.error);
    setAnswer({ text: res.error, ok: false, field: (res.data as FieldError | undefined)?.field });
  }
  const fieldError = (field: string) => (answer && !answer.ok && answer.field === field ? answer.text : null);

  return (
    <article aria-labelledby="box-order-title" className="mt-6 grid gap-4 rounded-[var(--radius-card)] bg-paper p-4">
      <h3 id="box-order-title" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Order {order.reference}
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Status</dt>
        <dd>{SHOW_LABELS[order.status]}</dd>
        <dt className="font-semibold">Buyer</dt>
        <dd className="break-all">
          {order.name}, {order.email}
        </dd>
        <dt className="font-semibold">Plan</dt>
        <dd>
          {order.plan}, {order.tickets === 1 ? "1 ticket" : `${order.tickets} tickets`}
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
      </dl>
      <h4 className="font-semibold">Timeline</h4>
      <ol className="grid gap-1 border-s-2 border-ink/15 ps-3" aria-label={`Timeline of ${order.reference}`}>
        {order.timeline.map((step, i) => (
          <li key={i}>
            <time dateTime={step.at} className="text-sm text-muted">
              {at(step.at, order.timeZone)}
            </time>{" "}
            {step.text}
          </li>
        ))}
      </ol>
      {answer?.ok || (answer && !answer.field) ? (
        <p
          ref={said}
          tabIndex={-1}
          role={answer.ok ? "status" : "alert"}
          className={`font-semibold ${answer.ok ? "" : "text-rose"}`}
        >
          {answer.text}
        </p>
      ) : null}
      {waiting && !answer?.ok ? (
        <form
          onSubmit={(e) => void submit(e)}
          className="grid gap-3"
          aria-label={`Mark ${order.reference} paid`}
          noValidate
        >
          <div>
            <label htmlFor="paid-amount" className="font-semibold">
              Amount received ({order.currency.toUpperCase()})
            </label>
            <input
              id="paid-amount"
              name="amount"
              inputMode="decimal"
              className={input}
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={fieldError("amount") ? true : undefined}
              aria-describedby={fieldError("amount") ? "paid-amount-error" : undefined}
            />
            {fieldError("amount") ? (
              <p id="paid-amount-error" className="text-rose">
                {fieldError("amount")}
              </p>
            ) : null}
          </div>
          <div>
            <label htmlFor="paid-paidBy" className="font-semibold">
              How it came
            </label>
            <select
              id="paid-paidBy"
              name="paidBy"
              className={input}
              value={paidBy}
              onChange={(e) => setPaidBy(e.target.value)}
              aria-invalid={fieldError("paidBy") ? true : undefined}
              aria-describedby={fieldError("paidBy") ? "paid-paidBy-error" : undefined}
            >
              <option value="">Choose…</option>
              {Object.entries(PAID_BY).map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            {fieldError("paidBy") ? (
              <p id="paid-paidBy-error" className="text-rose">
                {fieldError("paidBy")}
              </p>
            ) : null}
          </div>
          <button type="submit" className="btn btn-primary justify-self-start" disabled={busy}>
            Mark paid and send the tickets
          </button>
        </form>
      ) : null}
    </article>
  );
}
