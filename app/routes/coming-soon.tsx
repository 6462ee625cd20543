import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Coming Soon",
    description: "Something new is coming from TNCC. Leave your e-mail to hear first.",
    path: "/coming-soon",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Coming Soon" />
      <ComingNote what="This page" />
    </>
  );
}
