import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Schedule",
    description: "Four days of sessions, 24 to 27 October 2024: the full conference schedule.",
    path: "/schedule",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Schedule" />
      <ComingNote what="This page" />
    </>
  );
}
