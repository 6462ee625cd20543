import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Home Two",
    description: "Another look at the Wrapped in Grace Conference: speakers, schedule and tickets.",
    path: "/home-2",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Home Two" />
      <ComingNote what="This page" />
    </>
  );
}
