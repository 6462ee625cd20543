import { VolunteerPage } from "~/components/volunteer/volunteer-page";

/**
 * /volunteer (issue 66): a volunteer's own shifts on their phone, signed in with the account they were invited
 * to. Rendered in the browser only (server/http-policy.ts isClientOnlyPath), never indexed.
 */
export const meta = () => [{ title: "Your shifts | TNCC" }, { name: "robots", content: "noindex, nofollow" }];

export function HydrateFallback() {
  return <p className="container-page py-10">Loading your shifts…</p>;
}

export default function Volunteer() {
  return (
    <section className="section" aria-label="Your shifts">
      <div className="container-page max-w-3xl">
        <VolunteerPage />
      </div>
    </section>
  );
}
