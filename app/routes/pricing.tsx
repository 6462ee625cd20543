import { PageBanner } from "~/components/layout/page-banner";
import { SponsorTokens } from "~/components/tickets/sponsor-tokens";
import { TicketPlans } from "~/components/tickets/ticket-plans";
import { pageMeta } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/pricing";

export async function loader() {
  return pageView("pricing");
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
