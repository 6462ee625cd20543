import type { EventZone } from "~/lib/schedule/time";
import { ScheduleTabs, type ScheduleDayProps } from "../schedule/schedule-tabs";
import { SectionTitle } from "../ui/section-title";

export interface ScheduleSectionProps {
  days: ScheduleDayProps[];
  /** "24 - 27 October 2024" */
  dateText: string;
  zone: EventZone;
}

/** #schedule: the four days in tabs, Day 01 first. */
export function ScheduleSection({ days, dateText, zone }: ScheduleSectionProps) {
  return (
    <section id="schedule" aria-labelledby="schedule-title" className="on-dark section bg-night text-paper">
      <div className="container-page">
        <SectionTitle
          id="schedule-title"
          eyebrow="Schedule"
          title="Event Schedule"
          lead={`Four days of worship, teaching and fellowship, ${dateText}. Choose a day to see its sessions.`}
        />
        <div className="mx-auto mt-12 max-w-4xl">
          <ScheduleTabs days={days} zone={zone} label="Conference days" />
        </div>
      </div>
    </section>
  );
}
