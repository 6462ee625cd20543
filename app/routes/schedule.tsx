import { Download } from "lucide-react";
import { PageBanner } from "~/components/layout/page-banner";
import { ScheduleTabs } from "~/components/schedule/schedule-tabs";
import { pageMeta } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/schedule";

export async function loader() {
  return pageView("schedule");
}

export const meta = () =>
  pageMeta({
    title: "Schedule",
    description: "The four-day programme of the Wrapped in Grace Conference, 24 to 27 October 2024.",
    path: "/schedule",
  });

/** The four days in tabs (Day 01 first), the calendar file of the whole event and the open exports. */
export default function Schedule({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Schedule" />
      <section className="section bg-mist" aria-label="Programme">
        <div className="container-page max-w-4xl">
          <ScheduleTabs days={loaderData.days} zone={loaderData.zone} tone="light" dayHeadingLevel="h2" />
          <div className="print-hide mt-10 flex flex-wrap items-center justify-center gap-4">
            <a href="/schedule.ics" download className="btn btn-primary">
              <Download aria-hidden="true" className="size-4" />
              Add the whole event to your calendar
            </a>
            <a href="/schedule.json" className="underline underline-offset-4 hover:text-rose">
              Schedule JSON (frab/pretalx format)
            </a>
          </div>
        </div>
      </section>
    </>
  );
}
