import { CalendarPlus, MapPin } from "lucide-react";
import { data, Link } from "react-router";
import { AlertsButton } from "~/components/agenda/alerts-dialog";
import { RatingFormLater } from "~/components/feedback/later";
import { StarButton } from "~/components/agenda/star-button";
import { PageBanner } from "~/components/layout/page-banner";
import { ChangeMark, cancelledTitle } from "~/components/schedule/change-mark";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { pageMeta, shareImagePath } from "~/lib/seo/meta";
import { timeRange, useScheduleZone } from "~/lib/schedule/time";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/event-detail";
import { pageUrl } from "~/lib/urls";

export async function loader({ params }: Route.LoaderArgs) {
  const view = pageView("event-detail", params);
  if (!view) throw data(null, { status: 404, statusText: "Not Found" });
  return view;
}

export const meta = ({ loaderData }: Route.MetaArgs) => [
  ...pageMeta({
    title: loaderData?.session.title ?? "Session",
    description: `${loaderData?.session.title}: a session of the Wrapped in Grace Conference.`,
    path: pageUrl.session(loaderData?.dayId, loaderData?.session.id),
    share: loaderData && {
      path: shareImagePath("session", loaderData.session.number),
      alt: `${loaderData.session.title}: ${loaderData.dayText}, ${timeRange(loaderData.session)} ${loaderData.zone.name}${loaderData.session.speaker ? `, with ${loaderData.session.speaker.name}` : ""}${loaderData.session.change?.kind === "cancelled" ? " (cancelled)" : ""}`,
    },
  }),
  ...(loaderData ? [{ "script:ld+json": loaderData.jsonLd }] : []),
];

/** One session: picture, speaker, time with its zone, venue, text, calendar file, star, alerts, previous and next. */
export default function EventDetail({ loaderData: d }: Route.ComponentProps) {
  const times = useScheduleZone(d.zone, d.session.startsAt);
  return (
    <>
      <PageBanner title={d.session.title} trail={[{ label: "Schedule", href: "/schedule" }]} />
      <section className="section">
        {/* A changed session says so first, above the picture (on a phone the details are a screen below). */}
        {d.session.change && (
          <div className="container-page mb-8 max-w-5xl">
            <ChangeMark change={d.session.change} className="rounded-[var(--radius-card)] bg-mist p-4 text-base" />
          </div>
        )}
        <div className="container-page grid max-w-5xl gap-10 md:grid-cols-2 md:items-start">
          <ResponsiveImage
            image={d.session.image}
            sizes="(min-width: 768px) 50vw, 100vw"
            loading="eager"
            fetchPriority="high"
            className="aspect-[4/3] w-full rounded-[var(--radius-card)] object-cover shadow-soft"
          />
          <div>
            <p className="eyebrow">{d.dayText}</p>
            <h2 className={`mt-2 text-3xl font-semibold ${cancelledTitle(d.session.change)}`}>{d.session.title}</h2>
            <p className="mt-3 text-lg font-semibold text-gold-deep">
              {timeRange(d.session, times.clock)}, {times.zoneName}
            </p>
            {d.session.speaker && (
              <p className="mt-2">
                With{" "}
                <Link
                  to={pageUrl.speaker(d.session.speaker.id)}
                  className="font-semibold underline underline-offset-4 hover:text-rose"
                >
                  {d.session.speaker.name}
                </Link>
                , {d.session.speaker.designation}
              </p>
            )}
            <p className="mt-2 flex items-start gap-2 text-muted">
              <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
              <span>
                {d.venue.name}, {d.venue.address}
              </span>
            </p>
            <p className="mt-6 text-lg">{d.session.text}</p>
            <div className="print-hide mt-8 flex flex-wrap gap-3">
              <a href={pageUrl.sessionIcs(d.dayId, d.session.id)} download className="btn btn-primary">
                <CalendarPlus aria-hidden="true" className="size-4" />
                Add to calendar
              </a>
              <StarButton number={d.session.number} title={d.session.title} withText className="btn btn-outline" />
              {/* Alerts where the star is (issue 51): subscribing stars this session too. */}
              <AlertsButton session={{ number: d.session.number, title: d.session.title }} />
            </div>
            {d.session.change?.kind !== "cancelled" && (
              <div className="mt-10">
                <RatingFormLater session={d.session} closesAt={d.feedbackClosesAt} timeZone={d.zone.id} />
              </div>
            )}
          </div>
        </div>
        <nav
          aria-label="Sessions of this day"
          className="container-page print-hide mt-12 flex max-w-5xl flex-wrap justify-between gap-4"
        >
          {d.previous ? (
            <Link to={d.previous.href} rel="prev" className="btn btn-outline">
              <span aria-hidden="true" className="rtl:-scale-x-100">
                ←
              </span>{" "}
              {d.previous.title}
            </Link>
          ) : (
            <span />
          )}
          {d.next && (
            <Link to={d.next.href} rel="next" className="btn btn-outline">
              {d.next.title}{" "}
              <span aria-hidden="true" className="rtl:-scale-x-100">
                →
              </span>
            </Link>
          )}
        </nav>
      </section>
    </>
  );
}
