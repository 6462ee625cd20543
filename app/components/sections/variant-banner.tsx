import { CalendarDays, MapPin, Mic, Users, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Countdown, type CountdownProps } from "../ui/countdown";

const FACT_ICONS = { date: CalendarDays, venue: MapPin, host: Mic, people: Users } satisfies Record<string, LucideIcon>;

export interface BannerFact {
  icon: keyof typeof FACT_ICONS;
  /** "When", "Where", "Hosted by": said to screen readers, shown as a small label. */
  label: string;
  value: string;
}

export interface VariantBannerProps {
  eyebrow: string;
  title: string;
  facts: BannerFact[];
  /** Counts down to this instant (ISO with offset) when given. */
  countdown?: Pick<CountdownProps, "target" | "label" | "expiredMessage" | "after">;
  /** Buttons and links under the title. */
  actions?: ReactNode;
}

/**
 * The banner of the template home pages (/home-2 to /home-5): eyebrow, the page's h1, a few facts
 * (when, where, hosted by), an optional countdown and the page's buttons.
 */
export function VariantBanner({ eyebrow, title, facts, countdown, actions }: VariantBannerProps) {
  return (
    <section
      aria-labelledby="banner-title"
      className="on-dark bg-[radial-gradient(ellipse_at_top,#3a2f7a_0%,#16123a_70%)] py-20 text-paper sm:py-28"
    >
      <div className="container-page text-center">
        <p className="eyebrow">{eyebrow}</p>
        <h1 id="banner-title" className="mx-auto mt-4 max-w-4xl text-[clamp(2.25rem,4vw+1rem,4.5rem)] font-semibold">
          {title}
        </h1>
        <dl className="mt-8 flex flex-wrap justify-center gap-x-10 gap-y-4 text-lg">
          {facts.map((fact) => {
            const Icon = FACT_ICONS[fact.icon];
            return (
              <div key={fact.label} className="text-start">
                <dt className="flex items-center gap-2 text-xs font-semibold tracking-[0.12em] text-lilac uppercase">
                  <Icon aria-hidden="true" size={20} strokeWidth={1.5} className="shrink-0 text-gold" />
                  {fact.label}
                </dt>
                <dd className="ps-7 font-semibold">{fact.value}</dd>
              </div>
            );
          })}
        </dl>
        {countdown && <Countdown {...countdown} className="mx-auto mt-10 max-w-2xl" />}
        {actions && <div className="mt-10 flex flex-wrap justify-center gap-3">{actions}</div>}
      </div>
    </section>
  );
}
