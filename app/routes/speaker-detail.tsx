import { data } from "react-router";
import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { getSpeaker } from "~/content/content.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/speaker-detail";

export async function loader({ params }: Route.LoaderArgs) {
  const speaker = getSpeaker(Number(params.id));
  if (!speaker) throw data(null, { status: 404, statusText: "Not Found" });
  return { speaker: { id: speaker.id, name: speaker.name, designation: speaker.designation } };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title: loaderData?.speaker.name ?? "Speaker",
    description: `${loaderData?.speaker.name}, ${loaderData?.speaker.designation} at the Wrapped in Grace Conference.`,
    path: `/speakers-detail/${loaderData?.speaker.id}`,
  });

export default function SpeakerDetail({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title={loaderData.speaker.name} trail={[{ label: "Speakers", href: "/speakers" }]} />
      <ComingNote what="This speaker's page" />
    </>
  );
}
