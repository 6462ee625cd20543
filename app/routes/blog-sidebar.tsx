import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Blog",
    description: "News, stories and reflections from the TNCC community.",
    path: "/blog-sidebar",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Blog" />
      <ComingNote what="This page" />
    </>
  );
}
