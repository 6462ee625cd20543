import { data } from "react-router";
import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { getSession } from "~/content/content.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/event-detail";

export async function loader({ params }: Route.LoaderArgs) {
  const found = getSession(Number(params.dayId), Number(params.sessionId));
  if (!found) throw data(null, { status: 404, statusText: "Not Found" });
  return { dayId: found.day.id, sessionId: found.session.id, title: found.session.title };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title: loaderData?.title ?? "Session",
    description: `${loaderData?.title}: a session of the Wrapped in Grace Conference.`,
    path: `/event-detail/${loaderData?.dayId}/${loaderData?.sessionId}`,
  });

export default function EventDetail({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title={loaderData.title} trail={[{ label: "Schedule", href: "/schedule" }]} />
      <ComingNote what="This session's page" />
    </>
  );
}
