import { useEffect, useRef, useState } from "react";
import type { AttendeeOrder, CancelAnswer } from "~/lib/admin/attendees";
import { adminApi } from "~/lib/admin/api";
import { checkedInText } from "~/lib/door/words";
import { ConfirmStep } from "../confirm-step";
import { when } from "~/lib/admin/when";

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency.toUpperCase()}`;
const seats = (n: number) => (n === 1 ? "1 seat" : `${n} seats`);

/** What a cancellation did, in the organisers' words. */
function cancelled(order: AttendeeOrder, a: CancelAnswer): string {
  if (a.already && a.refund === "requested")
    return `${a.reference} was already cancelled; the refund was asked for again.`;
  const refund = {
    requested: ` The refund of ${money(order.amountMinor, order.currency)} was asked of the card provider.`,
    none: "",
    "no-provider": ` No card provider is set up here: refund ${money(order.amountMinor, order.currency)} by hand.`,
    failed: ` The card provider did not take the refund: refund ${money(order.amountMinor, order.currency)} in its dashboard.`,
  }[a.refund];
  const offered = a.offered
    ? ` The freed ${seats(a.seats)} went to ${a.offered === 1 ? "the first person" : `${a.offered} people`} on the waiting list.`
    : a.seats
      ? ` ${seats(a.seats)} are free again.`
      : "";
  const owed = a.refundOwed ? ` Refund owed: ${a.refundOwed} — record it when you have given it back.` : "";
  return `${a.reference} is cancelled and the buyer is told by e-mail.${refund}${owed}${offered}`;
}

/** One order whole: its tickets, Resend, and Cancel after a confirm step; messages take the focus. */
export function AttendeeOrderView({
  id,
  fail,
  onChanged,
}: {
  id: number;
  fail: (status: number, message: string) => void;
  onChanged: () => void;
}) {
  const [order, setOrder] = useState<AttendeeOrder | null>(null);
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<{ text: string; error?: boolean } | null>(null);
  const said = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    void adminApi<AttendeeOrder>(`/attendees/orders/${id}`).then((res) =>
      res.ok ? setOrder(res.data) : fail(res.status, res.error),
    );
    // `fail` changes with every render of the page above.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id]);
  useEffect(() => {
    if (message) said.current?.focus();
  }, [message]);

  if (!order) return <p className="mt-4">Loading the order…</p>;
  const answer = (res: { ok: boolean; status: number; error?: string }) =>
    res.status === 401 ? (fail(res.status, res.error ?? ""), false) : res.ok;

  async function resend() {
    const res = await adminApi<{ reference: string; to: string }>(`/attendees/orders/${id}/resend`, {
      method: "POST",
      body: {},
    });
    if (!answer(res)) return;
    setMessage(
      res.ok
        ? { text: `The tickets of ${res.data.reference} were sent again to ${res.data.to}.` }
        : { text: res.error, error: true },
    );
  }

  async function cancel() {
    setAsking(false);
    const res = await adminApi<CancelAnswer>(`/attendees/orders/${id}/cancel`, { method: "POST", body: {} });
    if (!answer(res)) return;
    if (!res.ok) return setMessage({ text: res.error, error: true });
    setMessage({ text: cancelled(order!, res.data) });
    setOrder({
      ...order!,
      status: "cancelled",
      refundOwed: res.data.refundOwed,
      list: order!.list.map((t) => ({ ...t, status: "cancelled" })),
    });
    onChanged();
  }

  return (
    <section aria-labelledby={`order-${id}`} className="mt-6 rounded-[var(--radius-card)] bg-paper p-4 sm:p-5">
      <h3 id={`order-${id}`} className="text-xl font-semibold">
        Order {order.reference}
      </h3>
      <p className="mt-1 break-words">
        {order.name}, <span className="break-all">{order.email}</span>
        <span className="block text-muted">
          {order.plan} · {order.amountMinor ? money(order.amountMinor, order.currency) : "free"} ·{" "}
          {when(order.createdAt)} · <strong>{order.status === "paid" ? "valid" : order.status}</strong>
        </span>
        {order.refundOwed ? (
          <strong className="block">Refund owed: {order.refundOwed} (record it when you have given it back)</strong>
        ) : null}
      </p>
      <ol className="mt-3 grid gap-1" aria-label="Tickets">
        {order.list.map((t) => (
          <li key={t.position} className="break-words">
            Ticket {t.position}: {t.holderName ?? "no name yet"}
            <span className="block text-sm text-muted">
              <code className="break-all">{t.code.slice(0, 10)}…</code> · {t.status}
            </span>
            {t.checkedIn ? (
              <span className="block text-sm font-semibold">{checkedInText(t.checkedIn, order.timeZone)}</span>
            ) : null}
          </li>
        ))}
      </ol>
      <p
        ref={said}
        tabIndex={-1}
        role={message?.error ? "alert" : "status"}
        className={`mt-4 font-semibold empty:hidden ${message?.error ? "text-rose" : ""}`}
      >
        {message?.text}
      </p>
      {order.status === "paid" ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="button" className="btn btn-outline" onClick={() => void resend()}>
            Resend the tickets
          </button>
          <button type="button" className="btn btn-outline" onClick={() => setAsking(true)}>
            Cancel the order
          </button>
        </div>
      ) : null}
      {asking ? (
        <ConfirmStep
          confirm={`Cancel ${order.reference}`}
          onConfirm={() => void cancel()}
          onCancel={() => setAsking(false)}
        >
          Cancel {order.reference} of {order.name}? Its{" "}
          {order.list.length === 1 ? "ticket stops" : `${order.list.length} tickets stop`} being valid,
          {order.amountMinor ? ` ${money(order.amountMinor, order.currency)} is refunded,` : ""} and the seats go to the
          waiting list.
        </ConfirmStep>
      ) : null}
    </section>
  );
}
