import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "FAQs",
    description: "Answers to common questions about the Wrapped in Grace Conference, and a form to ask your own.",
    path: "/faqs",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="FAQs" />
      <ComingNote what="This page" />
    </>
  );
}
