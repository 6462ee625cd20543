import { Mail, Phone, User } from "lucide-react";
import type { ReactNode } from "react";
import type { EventInfoTab } from "~/content/schemas";
import { ContentIcon } from "../ui/content-icon";
import { SectionTitle } from "../ui/section-title";
import { useTabs } from "../ui/use-tabs";

export interface EventInfoProps {
  tabs: EventInfoTab[];
  /** "January 20, 2023, 9.00 AM - 04.00 PM" (the template's displayed date). */
  dateText?: string;
  /** Shown beside the tabs (home-3: the venue map). */
  aside?: ReactNode;
}

/**
 * Event info in tabs (Time, Venue, How to), each with its contact person, phone and e-mail. WAI-ARIA
 * tabs: arrow keys (mirrored in right-to-left), Home and End; without JavaScript every tab's panel shows.
 */
export function EventInfo({ tabs, dateText, aside }: EventInfoProps) {
  const { selected, tabProps, panelProps } = useTabs(tabs.length);

  return (
    <section id="event-info" aria-labelledby="event-info-title" className="section bg-paper">
      <div className={`container-page grid gap-12 ${aside ? "lg:grid-cols-2" : ""}`}>
        <div className={aside ? "" : "mx-auto w-full max-w-3xl"}>
          <SectionTitle
            id="event-info-title"
            eyebrow="Event info"
            title="Everything you need to know"
            lead={dateText}
            align={aside ? "start" : "center"}
          />
          <div role="tablist" aria-label="Event info" className="mt-10 flex gap-2 noscript:hidden">
            {tabs.map((tab, index) => (
              <button
                key={tab.id}
                {...tabProps(index)}
                className={`inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-full px-4 font-semibold transition-colors duration-200 ${
                  index === selected ? "bg-gold text-ink" : "bg-mist text-ink hover:bg-lilac/50"
                }`}
              >
                <ContentIcon name={tab.icon} size={18} />
                {tab.title}
              </button>
            ))}
          </div>
          {tabs.map((tab, index) => (
            <InfoPanel key={tab.id} tab={tab} shown={index === selected} panel={panelProps(index)} />
          ))}
        </div>
        {aside && <div className="self-center">{aside}</div>}
      </div>
    </section>
  );
}

interface InfoPanelProps {
  tab: EventInfoTab;
  /** The selected tab's panel (without JavaScript every panel shows). */
  shown: boolean;
  /** The tab panel's role, id and label (useTabs). */
  panel: ReturnType<ReturnType<typeof useTabs>["panelProps"]>;
}

function InfoPanel({ tab, shown, panel }: InfoPanelProps) {
  return (
    <div
      {...panel}
      className={`mt-6 rounded-[var(--radius-card)] bg-mist p-6 sm:p-8 ${shown ? "" : "hidden noscript:block"}`}
    >
      <h3 className="hidden text-xl font-semibold noscript:block">{tab.title}</h3>
      <p className="text-lg text-muted">{tab.text}</p>
      <ul className="mt-6 grid gap-3 sm:grid-cols-3">
        <li className="flex items-center gap-2 font-semibold">
          <User aria-hidden="true" size={18} strokeWidth={1.5} className="shrink-0 text-rose" />
          {tab.contact.name}
        </li>
        <li className="flex items-center gap-2">
          <Phone aria-hidden="true" size={18} strokeWidth={1.5} className="shrink-0 text-rose" />
          <a href={tab.contact.phoneHref} className="whitespace-nowrap underline-offset-4 hover:underline">
            {tab.contact.phone}
          </a>
        </li>
        <li className="flex min-w-0 items-center gap-2">
          <Mail aria-hidden="true" size={18} strokeWidth={1.5} className="shrink-0 text-rose" />
          <a href={`mailto:${tab.contact.email}`} className="truncate underline-offset-4 hover:underline">
            {tab.contact.email}
          </a>
        </li>
      </ul>
    </div>
  );
}
