import { Link } from "react-router";
import { VariantBanner } from "~/components/sections/variant-banner";
import { CallToAction, Features, WhereWhen } from "~/components/sections/later";
import { pageMeta } from "~/lib/seo/meta";
import { homeFiveView } from "~/content/views.server";
import type { Route } from "./+types/home-5";

export async function loader() {
  return homeFiveView();
}

export const meta = () =>
  pageMeta({
    title: "Home Five",
    description: "Digital Agency Thinkers Meet Up at the Pearl Hotel: talks, workshops and networking.",
    path: "/home-5",
  });

/** The meetup home: banner with countdown to Nov 07 2024, where / when, four feature blocks, a fluid section. */
export default function HomeFive({ loaderData: data }: Route.ComponentProps) {
  return (
    <>
      <VariantBanner
        eyebrow={data.eyebrow}
        title={data.title}
        facts={data.facts}
        countdown={{
          target: data.target,
          after: data.after,
          label: "Time left until the meetup",
          expiredMessage: "Countdown finished: the meetup has begun.",
        }}
        actions={
          <>
            <Link to="/buy-ticket" className="btn btn-primary">
              Booking Now
            </Link>
            <Link to="/buy-ticket" className="btn btn-outline">
              Sponsor our Event
            </Link>
          </>
        }
      />
      <WhereWhen {...data.about} />
      <Features
        features={data.features}
        id="meetup-features-title"
        eyebrow="What to expect"
        title="Why you should come"
      />
      <CallToAction id="fluid-title" {...data.fluid} />
    </>
  );
}
