import { About } from "~/components/home/about";
import { BannerCarousel } from "~/components/home/banner-carousel";
import { CountdownSection } from "~/components/home/countdown-section";
import { Features } from "~/components/home/features";
import { Guests } from "~/components/home/guests";
import { LatestNews } from "~/components/home/latest-news";
import { NetsOfPrayer } from "~/components/home/nets-of-prayer";
import { ScheduleSection } from "~/components/home/schedule";
import { useSectionScroll } from "~/components/home/use-section-scroll";
import { StaticIsland } from "~/components/ui/static-island";
import {
  getBannerSlides,
  getFeatures,
  getLatestPosts,
  getScheduleDays,
  getSite,
  getSpeakers,
  getTicketPlans,
} from "~/content/content.server";
import { conferenceJsonLd } from "~/lib/json-ld";
import { scheduleTabs } from "~/content/sections.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/home";

// Only what the sections show: the loader's result is written into every home page's HTML and .data file.
export async function loader() {
  const site = getSite();
  const { dates, venue, about, netsOfPrayer: nets } = site;
  const start = getScheduleDays()[0];
  return {
    banner: {
      slides: getBannerSlides().map(({ id, subTitle, title1, title2, image, button }) => ({
        id,
        subTitle,
        title1,
        title2,
        image,
        button,
      })),
      facts: {
        dateText: dates.text,
        seats: site.seats,
        speakers: site.speakerCount,
        venue: `${venue.name}, ${venue.address.city}`,
      },
    },
    countdown: {
      target: site.countdowns.landing.at,
      startText: `${start?.fullDate ?? dates.text}, ${dates.dailyStart}`,
      endsAt: dates.endsAt,
      dateText: dates.text,
    },
    about: { ...about, themes: site.themes, dateText: dates.text, registrationUrl: site.registrationUrl },
    features: getFeatures().map(({ id, title, icon, text, delay }) => ({ id, title, icon, text, delay })),
    speakers: getSpeakers().map(({ id, name, designation, photo }) => ({ id, name, designation, photo })),
    schedule: scheduleTabs(),
    nets: {
      title: nets.title,
      date: nets.date,
      dateText: nets.dateText,
      description: nets.description,
      partner: nets.partner,
      registrationUrl: nets.registrationUrl,
      buttonText: nets.buttonText,
      image: nets.image,
    },
    news: getLatestPosts(3).map(({ id, title, date, dateText, author, comments, excerpt, image }) => ({
      id,
      title,
      date,
      dateText,
      author,
      comments,
      excerpt,
      image,
    })),
    dateText: dates.text,
    timeZone: site.timeZone,
    jsonLd: conferenceJsonLd(site, getScheduleDays(), getTicketPlans(), getSpeakers()),
  };
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta({
    description:
      "Wrapped in Grace Conference, 24 to 27 October 2024: four days of worship, teaching on grace, healing and entrepreneurship, and the Nets of Prayer event.",
    path: "/",
  }),
  ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];

/** The main home page (/, /home and /revival): banner, countdown, about, features, guests, schedule, Nets of Prayer, news. */
export default function Home({ loaderData: data }: Route.ComponentProps) {
  useSectionScroll();
  return (
    <>
      <BannerCarousel slides={data.banner.slides} facts={data.banner.facts} />
      <CountdownSection
        {...data.countdown}
        timeZone={data.timeZone}
        sessions={data.schedule.flatMap((day) => day.sessions.map((s) => ({ ...s, dayId: day.id })))}
      />
      <StaticIsland>
        <About {...data.about} />
        <Features features={data.features} />
        <Guests speakers={data.speakers} />
      </StaticIsland>
      <ScheduleSection days={data.schedule} dateText={data.dateText} timeZone={data.timeZone} />
      <StaticIsland>
        <NetsOfPrayer {...data.nets} />
        <LatestNews posts={data.news} />
      </StaticIsland>
    </>
  );
}
