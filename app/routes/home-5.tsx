import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Home Five",
    description: "Count down to the conference and book your place.",
    path: "/home-5",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Home Five" />
      <ComingNote what="This page" />
    </>
  );
}
