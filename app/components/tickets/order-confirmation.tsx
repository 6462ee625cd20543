import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { formatAmount } from "~/lib/money";
import { fetchOrder, type OrderLookup } from "~/lib/payments/orders";

type State = { status: "none" } | { status: "loading" } | OrderLookup;

/**
 * On /success?session_id=…: the paid order's reference and amount, asked of the server after hydration
 * (the page is pre-rendered, so the same for every visitor). Announced in a polite live region. Without a
 * session id, or without JavaScript, it shows nothing and the page reads as before.
 */
export function OrderConfirmation() {
  const email = useRouteLoaderData<{ shell: { email: string } }>("root")?.shell.email ?? "info@tncc.example.org";
  const [state, setState] = useState<State>({ status: "none" });

  useEffect(() => {
    const sessionId = new URLSearchParams(window.location.search).get("session_id");
    if (sessionId === null) return;
    const controller = new AbortController();
    setState({ status: "loading" });
    fetchOrder(sessionId, controller.signal).then(setState, () => {
      // Aborted: the visitor left the page.
    });
    return () => controller.abort();
  }, []);

  let content = null;
  if ("status" in state && state.status === "loading")
    content = <p className="mt-6 text-muted">Looking up your order…</p>;
  else if ("ok" in state && state.ok)
    content = (
      <p className="mt-6 text-lg">
        Order reference <strong className="font-semibold">{state.order.reference}</strong>, amount{" "}
        <strong className="font-semibold">{formatAmount(state.order.amountMinor, state.order.currency)}</strong>.
        <span className="mt-1 block text-base text-muted">Please quote this reference if you write to us.</span>
      </p>
    );
  else if ("ok" in state)
    content = (
      <p className="mt-6 rounded-[var(--radius-card)] bg-mist p-4">
        {state.reason === "not-found"
          ? "We could not find a paid order for this payment yet."
          : "We could not look up your order right now."}{" "}
        If you were charged and have a question, please write to us at{" "}
        <a href={`mailto:${email}`} className="font-semibold underline">
          {email}
        </a>
        .
      </p>
    );

  return (
    // Always rendered (empty at first), so screen readers already watch it when the answer arrives.
    <div role="status">{content}</div>
  );
}
