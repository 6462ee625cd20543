import { useId } from "react";
import { PageBanner } from "~/components/layout/page-banner";
import { TicketPurchase } from "~/components/tickets/ticket-purchase";
import { pageMeta } from "~/lib/seo/meta";
import { useSearchParam } from "~/lib/hooks/use-search-param";
import { buyTicketView } from "~/content/views.server";
import type { Route } from "./+types/buy-ticket";

export async function loader() {
  return buyTicketView();
}

export const meta = () =>
  pageMeta({
    title: "Buy Ticket",
    description: "Buy tickets for the Wrapped in Grace Conference, or sponsor the event.",
    path: "/buy-ticket",
  });

/**
 * The ticket purchase form (spec section 5, sold by the box office since issue 42); `?plan=family` chooses the
 * plan, e.g. from /pricing. A sold-out plan's answer (and the no-JavaScript `#sold-out`) shows beside the form.
 * The seed's "Register online" block appears only when content names an external ticketing page (issue 53):
 * otherwise this form is the one way to register.
 */
export default function BuyTicket({ loaderData: { currency, plans, registrationUrl } }: Route.ComponentProps) {
  const id = useId();
  const wanted = useSearchParam("plan");
  const plan = plans.some((p) => p.id === wanted) ? wanted! : plans[0]!.id;

  return (
    <>
      <PageBanner title="Buy Ticket" />
      <section className="section" aria-labelledby={`${id}-title`}>
        <div className={`container-page grid max-w-5xl gap-12 ${registrationUrl ? "lg:grid-cols-[2fr_1fr]" : ""}`}>
          <TicketPurchase titleId={`${id}-title`} currency={currency} plans={plans} plan={plan} />
          {registrationUrl && (
            <aside aria-labelledby={`${id}-register`} className="self-start rounded-[var(--radius-card)] bg-mist p-8">
              <h2 id={`${id}-register`} className="text-2xl font-semibold">
                Register online
              </h2>
              <p className="mt-3 text-muted">
                You can also register on our ticketing page, where tickets are issued at once.
              </p>
              <a href={registrationUrl} target="_blank" rel="noopener" className="btn btn-primary mt-6">
                Click to Register<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </aside>
          )}
        </div>
      </section>
    </>
  );
}
