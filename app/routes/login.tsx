import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    title: "Login",
    description: "Sign in to your TNCC account.",
    path: "/login",
  });

export default function Page() {
  return (
    <>
      <PageBanner title="Login" />
      <ComingNote what="This page" />
    </>
  );
}
