import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Pricing",
    description: "Ticket plans for the Wrapped in Grace Conference: person, family, group and day pass.",
    path: "/pricing",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Pricing" />
      <ComingNote what="This page" />
    </>
  );
}
