import { About } from "~/components/home/about";
import { PageBanner } from "~/components/layout/page-banner";
import { CallToAction } from "~/components/sections/call-to-action";
import { FunFacts } from "~/components/sections/fun-facts";
import { SectionTitle } from "~/components/ui/section-title";
import { getFunFacts, getPages, getSite } from "~/content/content.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/about-us";

export async function loader() {
  const site = getSite();
  const { durationMs, facts } = getFunFacts();
  return {
    story: getPages().aboutPage,
    about: {
      ...site.about,
      themes: site.themes,
      dateText: site.dates.text,
      registrationUrl: site.registrationUrl,
    },
    funFacts: { durationMs, facts: facts.map(({ id, icon, end, title }) => ({ id, icon, end, title })) },
  };
}

export const meta = () =>
  pageMeta({
    title: "About Us",
    description: "About TNCC and the Wrapped in Grace Conference: grace of salvation, healing and entrepreneurship.",
    path: "/about-us",
  });

/** About: the event's story, its themes, the participant counters and a call to register. */
export default function AboutUs({ loaderData: { story, about, funFacts } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="About Us" />
      <section aria-labelledby="story-title" className="section bg-mist">
        <div className="container-page max-w-3xl">
          <SectionTitle id="story-title" eyebrow={story.eyebrow} title={story.title} />
          <div className="mt-8 space-y-5 text-lg text-muted">
            {story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </div>
      </section>
      <About {...about} />
      <FunFacts {...funFacts} />
      <CallToAction id="cta-title" {...story.callToAction} />
    </>
  );
}
