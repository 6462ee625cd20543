import { Link } from "react-router";
import { VariantBanner } from "~/components/sections/variant-banner";
import { SectionTitle } from "~/components/ui/section-title";
import {
  AppDownload,
  CallToAction,
  Clients,
  EventInfo,
  FaqAccordion,
  GalleryCarousel,
  Guests,
  MapEmbed,
  NewsletterSection,
  ScheduleSection,
  SponsorTokens,
} from "~/components/sections/later";
import { pageMeta } from "~/lib/seo/meta";
import { homeThreeView } from "~/content/views.server";
import type { Route } from "./+types/home-3";

/** Pictures in the gallery carousel (5 visible at a time); the full gallery is on /gallery. */
const CAROUSEL_PICTURES = 12;

export async function loader() {
  return homeThreeView(CAROUSEL_PICTURES);
}

/** Header style two: the contact top bar (phone, e-mail, open hours). */
export const handle = { topBar: "contact" };

export const meta = () =>
  pageMeta({
    title: "Home Three",
    description: "The Wrapped in Grace Conference at a glance: speakers, schedule, FAQ, venue and tickets.",
    path: "/home-3",
  });

/** Home variant with header style two. */
export default function HomeThree({ loaderData: data }: Route.ComponentProps) {
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
      <Guests speakers={data.speakers} />
      <ScheduleSection days={data.schedule} dateText={data.dateText} zone={data.zone} />
      <section aria-labelledby="faq-title" className="section bg-mist">
        <div className="container-page">
          <SectionTitle id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
          <div className="mt-12">
            <FaqAccordion faqs={data.faqs} />
          </div>
        </div>
      </section>
      <AppDownload {...data.appDownload} />
      <EventInfo tabs={data.eventInfo} dateText={data.displayDate} aside={data.map && <MapEmbed {...data.map} />} />
      <CallToAction id="cta-title" {...data.callToAction} />
      <SponsorTokens tokens={data.tokens} contact={data.contact} className="bg-mist" />
      <GalleryCarousel images={data.gallery} />
      <NewsletterSection />
      <Clients clients={data.clients} eyebrow="Sponsors" title="Our Sponsors" />
    </>
  );
}
