import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Gallery",
    description: "Photos from TNCC gatherings and the Wrapped in Grace Conference.",
    path: "/gallery",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Gallery" />
      <ComingNote what="This page" />
    </>
  );
}
