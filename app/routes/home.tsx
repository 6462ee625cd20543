import { BannerCarousel } from "~/components/sections/banner-carousel";
import { useSectionScroll } from "~/components/sections/use-section-scroll";
import { StaticIsland } from "~/components/ui/static-island";
import {
  About,
  CountdownSection,
  Features,
  Guests,
  LatestNews,
  NetsOfPrayer,
  ScheduleSection,
} from "~/components/sections/later";
import { readIslandData } from "~/lib/island-data";
import { pageMeta, shareImagePath } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/home";

// Only what the sections show: the loader's result is written into every home page's HTML and .data file.
export async function loader() {
  return pageView("home");
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta({
    description:
      "Wrapped in Grace Conference, 24 to 27 October 2024: four days of worship, teaching on grace, healing and entrepreneurship, and the Nets of Prayer event.",
    path: "/",
    share: { path: shareImagePath("event"), alt: "Wrapped in Grace Conference, 24 to 27 October 2024, Dallas" },
  }),
  ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];

/** The main home page (/, /home and /revival): banner, countdown, about, features, guests, schedule, Nets of Prayer, news. */
export default function Home({ loaderData: data }: Route.ComponentProps) {
  useSectionScroll();
  // Undefined only while the pre-rendered page hydrates, when the islands keep their HTML (lib/island-data.ts).
  const islands = readIslandData(data.islands);
  return (
    <>
      <BannerCarousel slides={data.banner.slides} facts={data.banner.facts} />
      <CountdownSection
        {...data.countdown}
        timeZone={data.zone.id}
        sessions={data.schedule.flatMap((day) => day.sessions.map((s) => ({ ...s, dayId: day.id })))}
      />
      <StaticIsland>
        {islands && (
          <>
            <About {...islands.about} />
            <Features features={islands.features} />
            <Guests speakers={islands.speakers} />
          </>
        )}
      </StaticIsland>
      <ScheduleSection days={data.schedule} dateText={data.dateText} zone={data.zone} />
      <StaticIsland>
        {islands && (
          <>
            <NetsOfPrayer {...islands.nets} />
            <LatestNews posts={islands.news} />
          </>
        )}
      </StaticIsland>
    </>
  );
}
