import { PageBanner } from "~/components/layout/page-banner";
import { SponsorTokens } from "~/components/tickets/sponsor-tokens";
import { TicketPlans } from "~/components/tickets/ticket-plans";
import { getSite, getTicketPlans } from "~/content/content.server";
import { sponsorTokenCards } from "~/content/sections.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/pricing";

export async function loader() {
  const { currency, plans, dayPass } = getTicketPlans();
  const { email, phone } = getSite().contact;
  return {
    plans: {
      currency,
      dayPass,
      plans: plans.map(({ id, title, price, tickets, features, buttonText }) => ({
        id,
        title,
        price,
        tickets,
        features,
        buttonText,
      })),
    },
    tokens: sponsorTokenCards(),
    contact: { email, phone },
  };
}

export const meta = () =>
  pageMeta({
    title: "Pricing",
    description:
      "Ticket plans for the Wrapped in Grace Conference: person, family, group and day pass; sponsor tokens.",
    path: "/pricing",
  });

/** Ticket plans (each leads to the purchase form with that plan chosen) and the sponsor tokens. */
export default function Pricing({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Pricing" />
      <TicketPlans {...loaderData.plans} />
      <SponsorTokens tokens={loaderData.tokens} contact={loaderData.contact} />
    </>
  );
}
