import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Contact Us",
    description: "Contact the TNCC conference team: phone, e-mail, address and a message form.",
    path: "/contact",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Contact Us" />
      <ComingNote what="This page" />
    </>
  );
}
