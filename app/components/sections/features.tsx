import type { Feature } from "~/content/schemas";
import { useReveal } from "~/lib/hooks/use-reveal";
import { ContentIcon } from "../ui/content-icon";
import { SectionTitle } from "../ui/section-title";

export type FeatureProps = Pick<Feature, "id" | "title" | "icon" | "text"> & { delay?: number };

export interface FeaturesProps {
  features: FeatureProps[];
  /** Id of the heading (unique on the page). */
  id?: string;
  eyebrow?: string;
  title?: string;
  /** "mist" (default) or "paper" background, to alternate with the sections around it. */
  tone?: "mist" | "paper";
}

/** Columns on wide screens: five cards in a row on the landing page, four on the template variants. */
const COLUMNS: Record<number, string> = { 4: "lg:grid-cols-4", 5: "lg:grid-cols-3 xl:grid-cols-5" };

/**
 * Reasons to come, each with its icon; cards enter one after another (content's `delay`, else 100 ms
 * apart). The landing page's five features and the variants' four feature blocks.
 */
export function Features({
  features,
  id = "features-title",
  eyebrow = "Why attend",
  title = "What awaits you",
  tone = "mist",
}: FeaturesProps) {
  return (
    <section aria-labelledby={id} className={`section ${tone === "mist" ? "bg-mist" : "bg-paper"}`}>
      <div className="container-page">
        <SectionTitle id={id} eyebrow={eyebrow} title={title} />
        <ul className={`mt-12 grid gap-6 sm:grid-cols-2 ${COLUMNS[features.length] ?? "lg:grid-cols-3"}`}>
          {features.map((feature, index) => (
            <FeatureCard key={feature.id} {...feature} delay={feature.delay ?? index * 100} tone={tone} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureCard({ title, icon, text, delay, tone }: FeatureProps & { tone: "mist" | "paper" }) {
  const reveal = useReveal<HTMLLIElement>(delay);
  return (
    <li
      {...reveal}
      className={`rounded-[var(--radius-card)] p-7 shadow-soft xl:p-6 ${tone === "mist" ? "bg-paper" : "bg-mist"}`}
    >
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-night text-gold">
        <ContentIcon name={icon} size={28} />
      </span>
      <h3 className="mt-5 text-xl font-semibold break-words hyphens-auto xl:text-lg">{title}</h3>
      <p className="mt-2 text-muted">{text}</p>
    </li>
  );
}
