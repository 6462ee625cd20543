import { useLocation } from "react-router";
import { AlertLink } from "~/components/agenda/alert-link";
import { PageBanner } from "~/components/layout/page-banner";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { pageMeta } from "~/lib/seo/meta";

export const meta = () =>
  pageMeta({
    title: "Alerts",
    description: "Be told by e-mail when a session you starred moves or is cancelled; confirm or stop your alerts.",
    path: "/alerts",
  });

/**
 * Alerts (issue 51, item 5): what they are, and the page the mailed links open (`#confirm=<token>`,
 * `#stop=<token>`: app/lib/agenda/alert-links.ts), in the site's own look. The fragment is read after hydration,
 * so the pre-rendered page (what a mail scanner fetches) only says what alerts are, and acts on nothing.
 */
export default function Alerts() {
  const hydrated = useHydrated();
  const hash = useLocation().hash;
  const shown = hydrated ? hash : "";
  return (
    <>
      <PageBanner title="Alerts" trail={[{ label: "My agenda", href: "/agenda" }]} />
      <section className="section bg-mist">
        <div className="container-page max-w-2xl">
          <AlertLink key={shown} hash={shown} />
        </div>
      </section>
    </>
  );
}
