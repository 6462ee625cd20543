import { Rss } from "lucide-react";
import { Link } from "react-router";
import { PageBanner } from "~/components/layout/page-banner";
import { ChangeMark, cancelledTitle } from "~/components/schedule/change-mark";
import { pageMeta, SITE_URL } from "~/lib/seo/meta";
import { changesView } from "~/content/views.server";
import type { Route } from "./+types/changes";

export async function loader() {
  return changesView();
}

export const meta = () => [
  ...pageMeta({
    title: "Programme changes",
    description: "Every change to the programme of the Wrapped in Grace Conference: cancelled and moved sessions.",
    path: "/changes",
  }),
  {
    tagName: "link",
    rel: "alternate",
    type: "application/atom+xml",
    title: "Programme changes",
    href: `${SITE_URL}/changes/feed.xml`,
  },
];

/** Every announced change of the programme, newest first, each linked to its session. */
export default function Changes({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Programme changes" trail={[{ label: "Schedule", href: "/schedule" }]} />
      <section className="section bg-mist" aria-label="Changes">
        <div className="container-page max-w-3xl">
          <p className="text-center text-lg">
            Times in {d.zone.name}. Starred sessions that change are marked in{" "}
            <Link to="/agenda" className="font-semibold underline underline-offset-4">
              your agenda
            </Link>
            , and calendars subscribed to the{" "}
            <Link to="/schedule" className="font-semibold underline underline-offset-4">
              schedule
            </Link>{" "}
            update themselves.
          </p>
          {d.changes.length === 0 ? (
            <p className="mt-10 text-center">No changes so far: the programme stands as published.</p>
          ) : (
            <ol aria-label="Changes, newest first" className="mt-10 space-y-4">
              {d.changes.map((c) => (
                <li
                  key={c.key}
                  data-session={c.session.number}
                  className="rounded-[var(--radius-card)] bg-paper p-5 shadow-soft"
                >
                  <Link
                    to={c.session.href}
                    className={`font-serif text-xl font-semibold hover:text-rose ${cancelledTitle(c)}`}
                  >
                    {c.session.title}
                  </Link>
                  <p className="mt-1 text-muted">
                    {c.kind === "cancelled"
                      ? `Was ${c.session.when}`
                      : c.fromText
                        ? `From ${c.fromText} to ${c.toText}`
                        : c.session.when}
                  </p>
                  <ChangeMark change={c} className="mt-2 text-muted" />
                </li>
              ))}
            </ol>
          )}
          <p className="mt-10 text-center">
            <a href="/changes/feed.xml" className="underline underline-offset-4 hover:text-rose">
              <Rss aria-hidden="true" className="me-1 inline size-4" />
              Follow the changes (Atom feed)
            </a>
          </p>
        </div>
      </section>
    </>
  );
}
