import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Blog Grid",
    description: "News, stories and reflections from the TNCC community.",
    path: "/blog-grid",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Blog Grid" />
      <ComingNote what="This page" />
    </>
  );
}
