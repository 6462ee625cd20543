import { CalendarDays, ExternalLink, MapPin } from "lucide-react";
import type { Image } from "~/content/schemas";
import { useReveal } from "~/lib/hooks/use-reveal";
import { ResponsiveImage } from "../ui/responsive-image";
import { SectionTitle } from "../ui/section-title";
import { IconItem } from "../ui/icon-item";

export interface NetsOfPrayerProps {
  title: string;
  /** "16 March 2025" */
  dateText: string;
  date: string;
  description: string;
  partner: { team: string; arena: string };
  registrationUrl: string;
  buttonText: string;
  image: Image;
}

/** #nets-of-prayer: the separate prayer event with the basketball team, and its registration button. */
export function NetsOfPrayer(props: NetsOfPrayerProps) {
  const { title, dateText, date, description, partner, registrationUrl, buttonText, image } = props;
  const body = useReveal<HTMLDivElement>();
  const picture = useReveal<HTMLDivElement>(150);
  return (
    <section id="nets-of-prayer" aria-labelledby="nets-of-prayer-title" className="section bg-paper">
      <div className="container-page grid items-center gap-12 lg:grid-cols-[1.1fr_1fr] lg:gap-16">
        <div {...body}>
          <SectionTitle id="nets-of-prayer-title" eyebrow="Next event" title={title} align="start" />
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 font-semibold text-ink">
            <IconItem icon={CalendarDays} size={20} gap="gap-2">
              <time dateTime={date}>{dateText}</time>
            </IconItem>
            <IconItem icon={MapPin} size={20} gap="gap-2">
              {partner.arena}
            </IconItem>
          </ul>
          <p className="mt-6 text-lg text-muted">{description}</p>
          <p className="mt-4 text-lg">
            In partnership with the <strong className="font-semibold">{partner.team}</strong> basketball team at{" "}
            <strong className="font-semibold">{partner.arena}</strong>.
          </p>
          <a href={registrationUrl} target="_blank" rel="noopener" className="btn btn-primary mt-8">
            {buttonText}
            <ExternalLink aria-hidden="true" size={18} strokeWidth={1.5} />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
        <div {...picture}>
          <ResponsiveImage
            image={image}
            sizes="(min-width: 1200px) 530px, (min-width: 1024px) 45vw, 90vw"
            className="aspect-[4/3] w-full rounded-[var(--radius-card)] object-cover shadow-soft"
          />
        </div>
      </div>
    </section>
  );
}
