import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { isTicketOrder, savedOrder, saveOrder, TICKETS_API, withTicketName } from "~/lib/tickets/api";
import type { TicketOrderAnswer } from "~/lib/tickets/orders";
import { TicketCard } from "./ticket-card";

export interface BuyerTicketsProps {
  token: string;
}

type Shown =
  | { kind: "loading" }
  | { kind: "order"; order: TicketOrderAnswer; offline: boolean }
  | { kind: "missing" }
  | { kind: "unreachable" };

export const OFFLINE_COPY = "Offline: showing the copy saved on this phone.";

/**
 * The buyer's order (/tickets/<token>): the reference, the plan and each ticket's QR code, named and sent one
 * by one. Each answer is kept on the phone (localStorage, by token), so the page opens at the door without
 * a connection; the offline worker keeps the page itself.
 */
export function BuyerTickets({ token }: BuyerTicketsProps) {
  const [shown, setShown] = useState<Shown>({ kind: "loading" });

  useEffect(() => {
    let live = true;
    const fallBack = () => {
      const copy = savedOrder(localStorage, token);
      if (live) setShown(copy ? { kind: "order", order: copy, offline: true } : { kind: "unreachable" });
    };
    fetch(TICKETS_API.order(token), { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(async (res) => {
        if (res.status === 404) return live && setShown({ kind: "missing" });
        const body: unknown = res.ok ? await res.json() : null;
        if (!isTicketOrder(body)) return fallBack();
        saveOrder(localStorage, token, body);
        if (live) setShown({ kind: "order", order: body, offline: false });
      })
      .catch(fallBack);
    return () => {
      live = false;
    };
  }, [token]);

  const onNamed = useCallback(
    (position: number, name: string | null) =>
      setShown((s) => {
        if (s.kind !== "order") return s;
        const order = withTicketName(s.order, position, name);
        saveOrder(localStorage, token, order);
        return { ...s, order };
      }),
    [token],
  );

  if (shown.kind === "loading") return <p role="status">Loading your tickets…</p>;
  if (shown.kind === "missing")
    return (
      <p role="alert" className="font-semibold">
        There is no ticket order at this address. Please check the link in your e-mail, or{" "}
        <Link to="/contact" className="underline">
          contact us
        </Link>
        .
      </p>
    );
  if (shown.kind === "unreachable")
    return (
      <p role="alert" className="font-semibold">
        Your tickets could not be loaded: there is no connection, and no copy of them is saved on this phone yet. Please
        open this page once while online.
      </p>
    );

  const { order, offline } = shown;
  if (order.status === "pending" || order.status === "released") return <PendingOrder order={order} />;
  const valid = order.status === "paid";
  const count = order.tickets.length;
  return (
    <div className="grid gap-8">
      {offline && (
        <p role="status" className="rounded-xl bg-mist px-4 py-3 font-semibold">
          {OFFLINE_COPY}
        </p>
      )}
      {!valid && (
        <p role="alert" className="rounded-xl border-s-4 border-rose bg-paper px-4 py-3 font-semibold text-rose">
          This order was {order.status === "refunded" ? "refunded" : "cancelled"}: its tickets are no longer valid and
          will not admit anyone.
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Reference</dt>
        <dd className="font-mono">{order.reference}</dd>
        <dt className="font-semibold">Plan</dt>
        <dd>{order.plan}</dd>
        <dt className="font-semibold">Bought by</dt>
        <dd>{order.name}</dd>
      </dl>
      {valid && (
        <p className="text-muted">
          Show each person's QR code at the entrance, on this phone or printed. This page works without a connection
          once opened: keep it, or save it to your home screen.
        </p>
      )}
      <ul className="grid gap-6" aria-label={`${count} ${count === 1 ? "ticket" : "tickets"}`}>
        {order.tickets.map((ticket) => (
          <TicketCard
            key={ticket.position}
            token={token}
            ticket={ticket}
            count={count}
            valid={valid && ticket.status === "valid"}
            onNamed={onNamed}
          />
        ))}
      </ul>
    </div>
  );
}

/**
 * An order paid later (issue 53): what to pay, how and by when, until the organisers mark it paid; then the
 * tickets come by e-mail and show here. A released one says so plainly.
 */
function PendingOrder({ order }: { order: TicketOrderAnswer }) {
  const pay = order.payment;
  const released = order.status === "released";
  return (
    <div className="grid gap-6">
      <p
        role="status"
        className={`rounded-xl border-s-4 bg-paper px-4 py-3 font-semibold ${released ? "border-rose text-rose" : "border-gold"}`}
      >
        {released
          ? "This order was released: its payment did not arrive in time, and its seats went back for others. If you have paid, please contact us."
          : "Your seats are kept until the deadline below. Your tickets come by e-mail, and show on this page, as soon as your payment has arrived."}
      </p>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
        <dt className="font-semibold">Reference</dt>
        <dd className="font-mono">{order.reference}</dd>
        <dt className="font-semibold">Plan</dt>
        <dd>{order.plan}</dd>
        <dt className="font-semibold">Ordered by</dt>
        <dd>{order.name}</dd>
        {pay ? (
          <>
            <dt className="font-semibold">Amount to pay</dt>
            <dd>{pay.amount}</dd>
            {pay.deadline && !released ? (
              <>
                <dt className="font-semibold">Pay by</dt>
                <dd>{pay.deadline}</dd>
              </>
            ) : null}
          </>
        ) : null}
      </dl>
      {pay && !released ? (
        <section aria-labelledby="how-to-pay" className="grid gap-2">
          <h2 id="how-to-pay" className="text-xl font-semibold">
            How to pay
          </h2>
          <p className="whitespace-pre-line">{pay.instructions}</p>
          <p>
            Please quote the reference <span className="font-mono">{order.reference}</span> with your payment.
          </p>
        </section>
      ) : null}
    </div>
  );
}
