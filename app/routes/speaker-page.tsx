import { PageBanner } from "~/components/layout/page-banner";
import { SpeakerOwnPage } from "~/components/speakers/own-page/speaker-own-page";
import type { Route } from "./+types/speaker-page";

/**
 * /speaker-page/<token> (issue 63): a speaker's own page, from the private link the organisers mailed them.
 * Rendered in the browser only (server/http-policy.ts isClientOnlyPath): never pre-rendered, indexed or in the
 * sitemap; the token is a secret.
 */
export const meta = () => [{ title: "Your speaker's page | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="container-page py-10">Loading your page…</p>;
}

export default function SpeakerPage({ params }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Your speaker's page" />
      <section className="section" aria-label="Your speaker's page">
        <div className="container-page max-w-3xl">
          <SpeakerOwnPage token={params.token} />
        </div>
      </section>
    </>
  );
}
