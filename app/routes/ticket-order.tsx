import { PageBanner } from "~/components/layout/page-banner";
import { BuyerTickets } from "~/components/tickets/buyer-tickets";
import type { Route } from "./+types/ticket-order";

/**
 * /tickets/<token> (issue 42): the buyer's tickets, linked from the order's e-mail. Rendered in the browser only
 * (the SPA fallback, like /admin); the offline worker keeps the page and the order stays on the phone, so it
 * opens at the door without a connection. The token is a secret: never indexed.
 */
export const meta = () => [{ title: "Your tickets | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="container-page py-10">Loading your tickets…</p>;
}

export default function TicketOrder({ params }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Your tickets" />
      <section className="section" aria-label="Your tickets">
        <div className="container-page max-w-4xl">
          <BuyerTickets token={params.token} />
        </div>
      </section>
    </>
  );
}
