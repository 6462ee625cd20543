import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Home Four",
    description: "When, where and who hosts the Wrapped in Grace Conference, with a countdown.",
    path: "/home-4",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Home Four" />
      <ComingNote what="This page" />
    </>
  );
}
