import { VariantBanner } from "~/components/sections/variant-banner";
import { pageMeta } from "~/lib/seo/meta";
import { homeFourView } from "~/content/views.server";
import type { Route } from "./+types/home-4";

export async function loader() {
  return homeFourView();
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
