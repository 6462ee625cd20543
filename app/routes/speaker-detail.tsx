import { data, Link } from "react-router";
import { StarButton } from "~/components/agenda/star-button";
import { PageBanner } from "~/components/layout/page-banner";
import { ChangeMark, cancelledTitle } from "~/components/schedule/change-mark";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { pageMeta, shareImagePath } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/speaker-detail";
import { pageUrl } from "~/lib/urls";

export async function loader({ params }: Route.LoaderArgs) {
  const view = pageView("speaker-detail", params);
  if (!view) throw data(null, { status: 404, statusText: "Not Found" });
  return view;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title: loaderData?.speaker.name ?? "Speaker",
    description: `${loaderData?.speaker.name}, ${loaderData?.speaker.designation} at the Wrapped in Grace Conference.`,
    path: pageUrl.speaker(loaderData?.speaker.id),
    share: loaderData && {
      path: shareImagePath("speaker", loaderData.speaker.id),
      alt: `${loaderData.speaker.name}, ${loaderData.speaker.designation}, at the Wrapped in Grace Conference`,
    },
  });

/** A guest's photo, role and biography, and the sessions they give. */
export default function SpeakerDetail({ loaderData: { speaker, sessions } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title={speaker.name} trail={[{ label: "Speakers", href: "/speakers" }]} />
      <section className="section">
        <div className="container-page grid gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] md:items-start">
          <ResponsiveImage
            image={speaker.photo}
            sizes="(min-width: 768px) 40vw, 100vw"
            loading="eager"
            fetchPriority="high"
            className="aspect-square w-full rounded-[var(--radius-card)] object-cover shadow-soft"
          />
          <div>
            <p className="eyebrow">{speaker.designation}</p>
            <h2 className="mt-2 text-3xl font-semibold">{speaker.name}</h2>
            <div className="prose-content mt-6 text-lg" dangerouslySetInnerHTML={{ __html: speaker.bioHtml }} />
            {sessions.length > 0 && (
              <>
                <h3 className="mt-10 text-2xl font-semibold">Sessions</h3>
                <ul className="mt-4 space-y-3">
                  {sessions.map((s) => (
                    <li
                      key={`${s.dayId}-${s.id}`}
                      className="flex items-start gap-3 rounded-[var(--radius-card)] bg-mist p-5"
                    >
                      <div className="flex-1">
                        <Link
                          to={pageUrl.session(s.dayId, s.id)}
                          className={`font-serif text-xl font-semibold hover:text-rose ${cancelledTitle(s.change)}`}
                        >
                          {s.title}
                        </Link>
                        <p className="mt-1 text-muted">
                          {s.day}, {s.timeText}
                        </p>
                        <ChangeMark change={s.change} className="mt-2 text-muted" />
                      </div>
                      <StarButton number={s.number} title={s.title} className="text-gold-deep" />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
      </section>
    </>
  );
}
