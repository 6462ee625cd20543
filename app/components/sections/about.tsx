import { Check, ExternalLink } from "lucide-react";
import type { Image } from "~/content/schemas";
import { useReveal } from "~/lib/hooks/use-reveal";
import { RegisterLink } from "../ui/register-link";
import { ResponsiveImage } from "../ui/responsive-image";
import { SectionTitle } from "../ui/section-title";

export interface AboutProps {
  title: string;
  text: string;
  image: Image;
  /** The conference's themes: grace of salvation, healing, entrepreneurship. */
  themes: string[];
  /** "24 - 27 October 2024" */
  dateText: string;
  /** The external ticketing page, if content names one; else the button leads to /buy-ticket. */
  registrationUrl?: string;
}

/** #about: what the conference is, its three themes and the 'Click to Register' button. */
export function About({ title, text, image, themes, dateText, registrationUrl }: AboutProps) {
  const picture = useReveal<HTMLDivElement>();
  const body = useReveal<HTMLDivElement>(150);
  return (
    <section id="about" aria-labelledby="about-title" className="section bg-paper">
      <div className="container-page grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div {...picture} className="relative">
          <ResponsiveImage
            image={image}
            sizes="(min-width: 1200px) 560px, (min-width: 1024px) 45vw, 90vw"
            className="aspect-[4/3] w-full rounded-[var(--radius-card)] object-cover shadow-soft"
          />
          <p className="absolute -bottom-6 end-4 rounded-[var(--radius-card)] bg-night px-5 py-4 text-paper shadow-soft sm:end-8">
            <span className="block text-xs font-bold tracking-[0.12em] text-gold uppercase">Save the date</span>
            <span className="font-serif text-lg font-semibold">{dateText}</span>
          </p>
        </div>
        <div {...body}>
          <SectionTitle id="about-title" eyebrow="About the conference" title={title} align="start" />
          <p className="mt-6 text-lg text-muted">{text}</p>
          <h3 className="mt-8 font-sans text-sm font-bold tracking-[0.12em] text-ink uppercase">This year's themes</h3>
          <ul className="mt-4 space-y-3">
            {themes.map((theme) => (
              <li key={theme} className="flex items-center gap-3 text-lg font-medium">
                <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-gold text-ink">
                  <Check aria-hidden="true" size={18} strokeWidth={2} />
                </span>
                {theme}
              </li>
            ))}
          </ul>
          <RegisterLink
            url={registrationUrl}
            className="btn btn-primary mt-9"
            externalIcon={<ExternalLink aria-hidden="true" size={18} strokeWidth={1.5} />}
          >
            Click to Register
          </RegisterLink>
        </div>
      </div>
    </section>
  );
}
