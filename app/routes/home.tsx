import { ComingNote } from "~/components/layout/coming-soon-note";
import { pageMeta } from "~/lib/meta";

export const meta = () =>
  pageMeta({
    description:
      "Wrapped in Grace Conference, 24 to 27 October 2024: four days of worship, teaching on grace, healing and entrepreneurship, and the Nets of Prayer event.",
    path: "/",
  });

export default function Home() {
  return (
    <>
      <section id="home" className="on-dark bg-night py-24 text-center text-paper">
        <div className="container-page">
          <p className="eyebrow">24 - 27 October 2024</p>
          <h1 className="mt-3 text-5xl font-semibold">Wrapped in Grace Conference</h1>
        </div>
      </section>
      <ComingNote what="The full home page" />
    </>
  );
}
