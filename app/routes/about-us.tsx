import { About } from "~/components/sections/about";
import { PageBanner } from "~/components/layout/page-banner";
import { CallToAction } from "~/components/sections/call-to-action";
import { FunFacts } from "~/components/sections/fun-facts";
import { SectionTitle } from "~/components/ui/section-title";
import { pageMeta } from "~/lib/seo/meta";
import { aboutUsView } from "~/content/views.server";
import type { Route } from "./+types/about-us";

export async function loader() {
  return aboutUsView();
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
