import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Speakers",
    description: "Meet the hosts, worship leaders, pastors and speakers of the Wrapped in Grace Conference.",
    path: "/speakers",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Speakers" />
      <ComingNote what="This page" />
    </>
  );
}
