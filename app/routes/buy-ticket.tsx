import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Buy Ticket",
    description: "Buy tickets for the Wrapped in Grace Conference, or sponsor the event.",
    path: "/buy-ticket",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Buy Ticket" />
      <ComingNote what="This page" />
    </>
  );
}
