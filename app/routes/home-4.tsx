import { VariantBanner } from "~/components/sections/variant-banner";
import { getPages, getSite } from "~/content/content.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home-4";

export async function loader() {
  const site = getSite();
  const { home4 } = getPages();
  return {
    eyebrow: home4.eyebrow,
    title: home4.title,
    facts: [
      { icon: "date" as const, label: "When", value: site.templateVariant.displayDate },
      { icon: "venue" as const, label: "Where", value: `${site.venue.name}, ${site.venue.address.city}` },
      { icon: "host" as const, label: "Hosted by", value: home4.hostedBy },
    ],
    target: site.countdowns.home4.at,
    after: { at: site.dates.endsAt, dateText: site.dates.text },
  };
}

export const meta = () =>
  pageMeta({
    title: "Home Four",
    description: "Wrapped in Grace Conference: when, where, who hosts it, and the time left until it starts.",
    path: "/home-4",
  });

/** Home variant: the event title, when / where / hosted by, and a countdown to Apr 07 2024. */
export default function HomeFour({ loaderData: { eyebrow, title, facts, target, after } }: Route.ComponentProps) {
  return (
    <VariantBanner
      eyebrow={eyebrow}
      title={title}
      facts={facts}
      countdown={{
        target,
        after,
        label: "Time left until the event",
        expiredMessage: "Countdown finished: the event has begun.",
      }}
    />
  );
}
