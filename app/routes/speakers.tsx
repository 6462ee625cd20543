import { PageBanner } from "~/components/layout/page-banner";
import { SpeakerCard } from "~/components/speakers/speaker-card";
import { pageMeta } from "~/lib/seo/meta";
import { speakersView } from "~/content/views.server";
import type { Route } from "./+types/speakers";

export async function loader() {
  return speakersView();
}

export const meta = () =>
  pageMeta({
    title: "Speakers",
    description: "Meet the hosts, worship leaders, pastors and speakers of the Wrapped in Grace Conference.",
    path: "/speakers",
  });

/** Every guest, photo and name linking to their page. */
export default function Speakers({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Speakers" />
      <section className="section" aria-label="Our guests">
        <ul className="container-page grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-8 lg:grid-cols-3 xl:grid-cols-5">
          {loaderData.speakers.map((speaker, index) => (
            <li key={speaker.id}>
              <SpeakerCard {...speaker} headingLevel="h2" delay={index * 100} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
