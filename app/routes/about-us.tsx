import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "About Us",
    description: "About TNCC and the Wrapped in Grace Conference: grace of salvation, healing and entrepreneurship.",
    path: "/about-us",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="About Us" />
      <ComingNote what="This page" />
    </>
  );
}
