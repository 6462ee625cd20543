import { Briefcase, Music, Mic, Sparkles, Star, Users, type LucideIcon } from "lucide-react";
import type { Feature, IconName } from "~/content/schemas";
import { useReveal } from "~/lib/use-reveal";
import { SectionTitle } from "../ui/section-title";

export type FeatureProps = Pick<Feature, "id" | "title" | "icon" | "text" | "delay">;

export interface FeaturesProps {
  features: FeatureProps[];
}

/**
 * Icons of the features in content. Only these are imported (each icon is bundled where it is imported);
 * a name content adds later shows the fallback until it is mapped here (features.test.ts checks content).
 */
export const FEATURE_ICONS: Partial<Record<IconName, LucideIcon>> = {
  Mic,
  Sparkles,
  Users,
  Music,
  Briefcase,
};
const FALLBACK_ICON = Star;

/** The five reasons to come, each with its icon; cards enter one after another (content's `delay`). */
export function Features({ features }: FeaturesProps) {
  return (
    <section aria-labelledby="features-title" className="section bg-mist">
      <div className="container-page">
        <SectionTitle id="features-title" eyebrow="Why attend" title="What awaits you" />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
          {features.map((feature) => (
            <FeatureCard key={feature.id} {...feature} />
          ))}
        </ul>
      </div>
    </section>
  );
}

function FeatureCard({ title, icon, text, delay }: FeatureProps) {
  const reveal = useReveal<HTMLLIElement>(delay);
  const Icon = FEATURE_ICONS[icon] ?? FALLBACK_ICON;
  return (
    <li {...reveal} className="rounded-[var(--radius-card)] bg-paper p-7 shadow-soft xl:p-6">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-night text-gold">
        <Icon aria-hidden="true" size={28} strokeWidth={1.5} />
      </span>
      <h3 className="mt-5 text-xl font-semibold break-words hyphens-auto xl:text-lg">{title}</h3>
      <p className="mt-2 text-muted">{text}</p>
    </li>
  );
}
