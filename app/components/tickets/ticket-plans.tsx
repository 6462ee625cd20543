import { Check } from "lucide-react";
import { Link } from "react-router";
import type { TicketPlans as TicketPlansContent } from "~/content/schemas";
import { SectionTitle } from "../ui/section-title";

export type TicketPlansProps = Pick<TicketPlansContent, "currency" | "dayPass"> & {
  plans: Pick<TicketPlansContent["plans"][number], "id" | "title" | "price" | "tickets" | "features" | "buttonText">[];
};

export const formatPrice = (amount: number, currency: string) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);

/** The three ticket plans and the day pass; each plan's button opens the purchase form with that plan chosen. */
export function TicketPlans({ plans, currency, dayPass }: TicketPlansProps) {
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
              <p className="mt-4 font-serif text-5xl font-semibold text-night">{formatPrice(plan.price, currency)}</p>
              <p className="mt-1 text-muted">
                {plan.tickets} {plan.tickets === 1 ? "ticket" : "tickets"}
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
          {dayPass.title}: <strong className="font-semibold">{formatPrice(dayPass.price, currency)}</strong> per person
          and day.
        </p>
      </div>
    </section>
  );
}
