import { Link } from "react-router";
import type { OrderRow, PageOf, SubmissionRow } from "~/lib/admin/api";
import { formatAmount, orderReference } from "~/lib/payments/orders";
import { Pager } from "../../ui/pager";
import { when } from "~/lib/admin/when";
import { StatusBadge, SubmissionItems } from "../inbox/submission-list";

const cell = "p-3 text-start align-top";
const SCROLLER = "mt-3 overflow-x-auto rounded-[var(--radius-card)] bg-paper";

/** Paid sponsor-token orders (from the payment webhook), then the ticket purchase requests and their status. */
export function OrdersPanel({ orders, tickets }: { orders: PageOf<OrderRow>; tickets: PageOf<SubmissionRow> | null }) {
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
                  <td className={`${cell} break-all`}>{o.email ?? "—"}</td>
                  <td className={cell}>
                    <StatusBadge status={o.status} />
                  </td>
                  <td className={cell}>
                    {/* The reference the payer saw on /success, and the provider's session for look-ups there. */}
                    <strong>{orderReference(o.id)}</strong>
                    <span className="block font-mono text-sm break-all text-muted">{o.stripeSessionId}</span>
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
      <h2 className="mt-10 text-2xl font-semibold">Ticket purchase requests</h2>
      {tickets?.items.length ? (
        <SubmissionItems
          rows={tickets.items}
          label="Ticket purchase requests"
          open={(t) => ({ search: `?tab=ticket&id=${t.id}` })}
        />
      ) : (
        <p className="mt-3">No ticket requests yet.</p>
      )}
      {tickets && tickets.total > tickets.items.length ? (
        <p className="mt-3">
          <Link to={{ search: "?tab=ticket" }} className="font-semibold underline underline-offset-4">
            All {tickets.total} ticket requests
          </Link>
        </p>
      ) : null}
    </>
  );
}
