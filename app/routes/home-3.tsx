import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const handle = { topBar: "contact" };

export const meta = () =>
  pageMeta({
    title: "Home Three",
    description: "Wrapped in Grace Conference: speakers, schedule, FAQs, event info, pricing and gallery.",
    path: "/home-3",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Home Three" />
      <ComingNote what="This page" />
    </>
  );
}
