import { useId } from "react";
import { FormFields } from "~/components/forms/form-fields";
import { SiteForm } from "~/components/forms/site-form";
import { PageBanner } from "~/components/layout/page-banner";
import { formatPrice } from "~/components/tickets/ticket-plans";
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

/** The ticket purchase form (spec section 5); `?plan=family` chooses the plan, e.g. from /pricing. */
export default function BuyTicket({ loaderData: { currency, plans, registrationUrl } }: Route.ComponentProps) {
  const id = useId();
  const wanted = useSearchParam("plan");
  const plan = plans.some((p) => p.id === wanted) ? wanted! : plans[0]!.id;

  return (
    <>
      <PageBanner title="Buy Ticket" />
      <section className="section" aria-labelledby={`${id}-title`}>
        <div className="container-page grid max-w-5xl gap-12 lg:grid-cols-[2fr_1fr]">
          <SiteForm kind="ticket" className="grid gap-5 sm:grid-cols-2" aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`} className="text-3xl font-semibold sm:col-span-2">
              Ticket purchase
            </h2>
            <FormFields
              kind="ticket"
              values={{ plan }}
              options={{
                plan: plans.map((p) => ({
                  value: p.id,
                  label: `${p.title}: ${formatPrice(p.price, currency)} (${p.tickets} ${p.tickets === 1 ? "ticket" : "tickets"})`,
                })),
              }}
            />
            <div className="sm:col-span-2">
              <button type="submit" className="btn btn-primary">
                Buy Ticket
              </button>
            </div>
          </SiteForm>
          <aside aria-labelledby={`${id}-register`} className="self-start rounded-[var(--radius-card)] bg-mist p-8">
            <h2 id={`${id}-register`} className="text-2xl font-semibold">
              Register online
            </h2>
            <p className="mt-3 text-muted">
              You can also register on our ticketing page, where tickets are issued at once.
            </p>
            <a href={registrationUrl} target="_blank" rel="noopener" className="btn btn-primary mt-6">
              Click to Register
            </a>
          </aside>
        </div>
      </section>
    </>
  );
}
