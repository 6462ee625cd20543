import { Link } from "react-router";
import { VariantBanner } from "~/components/sections/variant-banner";
import {
  Clients,
  EventInfo,
  Features,
  FunFacts,
  GallerySection,
  Guests,
  NewsletterSection,
  ScheduleSection,
  SponsorTokens,
  Testimonials,
} from "~/components/sections/later";
import { pageMeta } from "~/lib/seo/meta";
import { homeTwoView } from "~/content/views.server";
import type { Route } from "./+types/home-2";

export async function loader() {
  return homeTwoView();
}

export const meta = () =>
  pageMeta({
    title: "Home Two",
    description: "Another look at the Wrapped in Grace Conference: speakers, schedule and tickets.",
    path: "/home-2",
  });

/** The conference home (template variant). */
export default function HomeTwo({ loaderData: data }: Route.ComponentProps) {
  return (
    <>
      <VariantBanner
        {...data.banner}
        actions={
          <Link to={data.banner.button.href} className="btn btn-primary">
            {data.banner.button.text}
          </Link>
        }
      />
      <Features features={data.features} eyebrow="Why attend" title="Experience the conference" />
      <FunFacts {...data.funFacts} />
      <Guests speakers={data.speakers} />
      <ScheduleSection days={data.schedule} dateText={data.dateText} zone={data.zone} />
      <SponsorTokens tokens={data.tokens} contact={data.contact} className="bg-mist" />
      <EventInfo tabs={data.eventInfo} dateText={data.displayDate} />
      <Clients clients={data.clients} />
      <GallerySection images={data.gallery} />
      <Testimonials testimonials={data.testimonials} />
      <NewsletterSection />
    </>
  );
}
