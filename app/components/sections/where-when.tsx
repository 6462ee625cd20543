import { CalendarDays, MapPin } from "lucide-react";
import type { Pages } from "~/content/schemas";
import { SectionTitle } from "../ui/section-title";

export type WhereWhenProps = Pages["meetup"]["about"];

/** An about section with the two facts that matter: where and when. */
export function WhereWhen({ eyebrow, title, text, where, when }: WhereWhenProps) {
  const facts = [
    { label: "Where", value: where, Icon: MapPin },
    { label: "When", value: when, Icon: CalendarDays },
  ];
  return (
    <section aria-labelledby="about-title" className="section bg-paper">
      <div className="container-page grid items-center gap-10 lg:grid-cols-2">
        <SectionTitle id="about-title" eyebrow={eyebrow} title={title} lead={text} align="start" />
        <dl className="grid gap-4 sm:grid-cols-2">
          {facts.map(({ label, value, Icon }) => (
            <div key={label} className="rounded-[var(--radius-card)] bg-mist p-6 shadow-soft">
              <dt className="text-sm font-bold tracking-[0.12em] uppercase">
                <Icon aria-hidden="true" size={28} strokeWidth={1.5} className="mb-4 text-rose" />
                {label}
              </dt>
              <dd className="mt-1 font-serif text-xl font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
