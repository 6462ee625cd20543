import type { listOrders } from "~/api/admin/inbox";
import type { AnswerOf } from "~/lib/admin/route";
import { formatAmount } from "~/lib/money";
import { orderReference } from "~/lib/payments/orders";
import { Pager } from "../../ui/pager";
import { when } from "~/lib/admin/when";
import { StatusBadge } from "../inbox/submission-list";
import { Address } from "~/components/ui/address";

const cell = "p-3 text-start align-top";
const SCROLLER = "mt-3 overflow-x-auto rounded-[var(--radius-card)] bg-paper";

/**
 * Paid sponsor-token orders (from the payment webhook). Ticket orders are in the Box office's one Orders list,
 * the old ticket requests in their own tab (issue 61).
 */
export function OrdersPanel({ orders }: { orders: AnswerOf<typeof listOrders> }) {
  return (
    <>
      <h2 className="mt-8 text-2xl font-semibold">Paid orders</h2>
      {orders.items.length ? (
        // A region that scrolls sideways must be reachable by keyboard (axe: scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        <div className={SCROLLER} role="region" aria-label="Paid orders" tabIndex={0}>
          <table className="w-full">
            <thead>
              <tr className="border-b border-ink/10">
                {["Paid", "Amount", "Token", "Name", "E-mail", "Status", "Reference"].map((h) => (
                  <th key={h} scope="col" className={cell}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.items.map((o) => (
                <tr key={o.id} className="border-b border-ink/10 last:border-0">
                  <td className={cell}>{when(o.createdAt)}</td>
                  <td className={cell}>{formatAmount(o.amountMinor, o.currency)}</td>
                  <td className={cell}>{o.tokenId ?? "—"}</td>
                  <td className={cell}>{o.name ?? "—"}</td>
                  <td className={cell}>{o.email ? <Address email={o.email} /> : "—"}</td>
                  <td className={cell}>
                    <StatusBadge status={o.status} />
                  </td>
                  <td className={cell}>
                    {/* The reference the payer saw on /success, and the provider's session for look-ups there. */}
                    <strong>{orderReference(o.id)}</strong>
                    {/* One long id with no word in it: it breaks where it must. */}
                    <span className="block font-mono text-sm wrap-anywhere text-muted">{o.stripeSessionId}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-3">No paid orders yet.</p>
      )}
      <Pager page={orders.page} pageCount={orders.pageCount} label="Paid orders: pages" />
    </>
  );
}
