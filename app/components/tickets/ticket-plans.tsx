import { Check } from "lucide-react";
import { Link } from "react-router";
import type { TicketPlans as TicketPlansContent } from "~/content/schemas";
import { useAvailability } from "~/lib/hooks/use-availability";
import { DAY_PASS_ID, seatsText } from "~/lib/tickets/api";
import { formatPrice, planPrice } from "~/lib/tickets/price";
import { SectionTitle } from "../ui/section-title";

export type TicketPlansProps = Pick<TicketPlansContent, "currency" | "dayPass"> & {
  plans: Pick<TicketPlansContent["plans"][number], "id" | "title" | "price" | "tickets" | "features" | "buttonText">[];
};

// The prices' words live in lib (the buy page's total is formatted the same way).
export { formatPrice, planPrice };

/** "12 seats left" or "Sold out", once the box office answered (nothing while unknown or offline). */
function Seats({ text, className = "" }: { text: string | null; className?: string }) {
  if (!text) return null;
  return (
    <span data-seats className={`font-semibold ${text === "Sold out" ? "text-rose" : "text-ink"} ${className}`}>
      {text}
    </span>
  );
}

/**
 * The three ticket plans and the day pass; each plan's button opens the purchase form with that plan chosen.
 * Seats left are asked of the box office after hydration and always shown once known (people, not orders):
 * the number helps a family decide, and a page that says nothing until the last seats would hide it.
 */
export function TicketPlans({ plans, currency, dayPass }: TicketPlansProps) {
  const { availability } = useAvailability();
  const seats = (id: string) => seatsText(availability?.plans[id]);
  return (
    <section aria-labelledby="plans-title" className="section bg-mist">
      <div className="container-page">
        <SectionTitle id="plans-title" eyebrow="Tickets" title="Choose your ticket" />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <li
              key={plan.id}
              className="flex flex-col rounded-[var(--radius-card)] bg-paper p-8 text-center shadow-soft"
            >
              <h3 className="text-2xl font-semibold">{plan.title}</h3>
              <p className="mt-4 font-serif text-5xl font-semibold text-night">{planPrice(plan.price, currency)}</p>
              <p className="mt-1 text-muted">
                {plan.tickets} {plan.tickets === 1 ? "ticket" : "tickets"}
              </p>
              <p className="mt-2 min-h-7">
                <Seats text={seats(plan.id)} />
              </p>
              <ul className="mt-6 flex-1 space-y-2 text-start">
                {plan.features.map((line) => (
                  <li key={line} className="flex items-start gap-2">
                    <Check aria-hidden="true" className="mt-1 size-4 shrink-0 text-rose" />
                    {line}
                  </li>
                ))}
              </ul>
              <Link
                to={`/buy-ticket?plan=${plan.id}`}
                className="btn btn-primary mt-8"
                aria-label={`${plan.buttonText}: ${plan.title}`}
              >
                {plan.buttonText}
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center text-lg">
          {dayPass.title}: <strong className="font-semibold">{planPrice(dayPass.price, currency)}</strong> per person
          and day. <Seats text={seats(DAY_PASS_ID)} />
        </p>
      </div>
    </section>
  );
}
