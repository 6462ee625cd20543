import { useEffect, useRef } from "react";
import { Link } from "react-router";
import type { ScheduleDay, ScheduleSession, Speaker } from "~/content/schemas";
import { StarButton } from "../agenda/star-button";
import { dayOfHash } from "~/lib/schedule/day-anchor";
import { nowAndNext, todayIndex, useNow } from "~/lib/schedule/now";
import { timeRange, useScheduleZone, type EventZone } from "~/lib/schedule/time";
import { useTabs } from "../ui/use-tabs";
import { ChangeMark, cancelledTitle } from "./change-mark";
import type { ChangeMark as Mark } from "~/lib/schedule/changes";
import { pageUrl } from "~/lib/urls";

export type ScheduleSessionProps = Pick<ScheduleSession, "id" | "title" | "startsAt" | "endsAt"> & {
  /** The session's stable number: shows the "My agenda" star when given. */
  number?: number;
  /** Its latest announced change (cancelled, moved). */
  change?: Mark;
} & {
  speaker?: Pick<Speaker, "name" | "designation">;
};
export type ScheduleDayProps = Pick<
  ScheduleDay,
  "id" | "label" | "date" | "day" | "monthShort" | "year" | "fullDate"
> & {
  sessions: ScheduleSessionProps[];
};

export interface ScheduleTabsProps {
  days: ScheduleDayProps[];
  /** The event's time zone: session times are shown in it (with its name), or in the visitor's. */
  zone: EventZone;
  /** Accessible name of the tab list. */
  label?: string;
  /** Level of each day's heading, seen only without JavaScript (where every day shows at once). */
  dayHeadingLevel?: "h2" | "h3" | "h4";
  /** "dark" on a night section (the home page), "light" on paper or mist. */
  tone?: "dark" | "light";
}

const TONES = {
  dark: {
    tab: "bg-white/6 text-paper ring-1 ring-white/15 hover:bg-white/12",
    tabDate: "text-lilac",
    row: "bg-white/6 ring-white/10 focus-within:bg-white/12 hover:bg-white/12",
    time: "text-gold",
    title: "text-paper group-hover:text-gold",
    speaker: "text-lilac",
    heading: "text-paper",
  },
  light: {
    tab: "bg-paper text-ink ring-1 ring-ink/10 hover:bg-mist",
    tabDate: "text-muted",
    row: "bg-paper shadow-soft ring-ink/5 focus-within:bg-mist hover:bg-mist",
    time: "text-gold-deep",
    title: "text-ink group-hover:text-rose",
    speaker: "text-muted",
    heading: "text-ink",
  },
} as const;
type Tone = (typeof TONES)[keyof typeof TONES];

/**
 * The schedule, one tab per day (WAI-ARIA tabs with automatic activation): arrow keys move between days
 * and show them, Home and End jump to the first and last; only the selected tab is in the Tab order.
 * Without JavaScript every day is shown one after another, with its own heading (CSS `scripting: none`),
 * so the pre-rendered page and the hydrated page have the same layout.
 */
export function ScheduleTabs({
  days,
  zone,
  label = "Schedule days",
  dayHeadingLevel: DayHeading = "h3",
  tone = "dark",
}: ScheduleTabsProps) {
  const colors = TONES[tone];
  const timeZone = zone.id;
  const times = useScheduleZone(zone, days[0]?.sessions[0]?.startsAt ?? new Date().toISOString());
  const { selected, setSelected, tabProps, panelProps } = useTabs(days.length);
  // A link naming a day ("#day-2", the editor's preview of that day: issue 62) opens on its tab, now and when
  // the hash changes; the pre-rendered page and the first render show Day 01 alike.
  const openedToday = useRef(false);
  useEffect(() => {
    const open = () => {
      const wanted = dayOfHash(window.location.hash);
      const index = days.findIndex((day) => day.id === wanted);
      if (index < 0) return;
      openedToday.current = true;
      setSelected(index);
    };
    open();
    window.addEventListener("hashchange", open);
    return () => window.removeEventListener("hashchange", open);
  }, [days, setSelected]);
  // During the event (its own zone), open on today's tab once (unless a day was named), and mark the session
  // under way and the next.
  const now = useNow();
  useEffect(() => {
    if (now === null || openedToday.current) return;
    openedToday.current = true;
    const today = todayIndex(days, now, timeZone);
    if (today >= 0) setSelected(today);
  }, [now, days, timeZone, setSelected]);
  const marks =
    now === null
      ? {}
      : nowAndNext(
          days.flatMap((day) => day.sessions),
          now,
          timeZone,
        );

  return (
    <div>
      {/* The switch's line is always there (hidden until it applies), so nothing moves when it appears. */}
      <div className={`mb-4 text-center text-sm ${colors.speaker}`}>
        <p>Times in {times.zoneName}.</p>
        <p className="min-h-11">
          <button
            type="button"
            data-print-hide
            hidden={!times.differs}
            aria-pressed={times.mode === "local"}
            onClick={() => times.setMode(times.mode === "local" ? "event" : "local")}
            className="min-h-11 rounded-full px-4 font-semibold underline underline-offset-4 hover:no-underline"
          >
            {times.mode === "local" ? "Show the event's time" : "Show in my time"}
          </button>
        </p>
      </div>
      <div
        role="tablist"
        aria-label={label}
        className="grid grid-cols-2 gap-3 noscript:hidden sm:grid-cols-4 print:hidden"
      >
        {days.map((day, index) => {
          const active = index === selected;
          return (
            <button
              key={day.id}
              {...tabProps(index)}
              className={`flex flex-col items-center rounded-[var(--radius-card)] px-3 py-4 transition-colors duration-200 ${
                active ? "bg-gold text-ink" : colors.tab
              }`}
            >
              <span className="font-serif text-xl font-semibold">{day.label}</span>
              <span className={`text-sm ${active ? "text-ink" : colors.tabDate}`}>
                {day.day} {day.monthShort} {day.year}
              </span>
            </button>
          );
        })}
      </div>
      {days.map((day, index) => (
        <div
          key={day.id}
          {...panelProps(index)}
          // Only the selected day shows; without JavaScript every day does (noscript: is `scripting: none`).
          className={`mt-8 ${index === selected ? "" : "hidden noscript:block print:block"}`}
        >
          <DayHeading className={`mb-4 hidden text-2xl font-semibold noscript:block print:block ${colors.heading}`}>
            {day.label}: {day.fullDate}
          </DayHeading>
          <ol className="space-y-3">
            {day.sessions.map((session) => (
              <SessionRow
                key={session.id}
                dayId={day.id}
                session={session}
                colors={colors}
                clock={times.clock}
                mark={session === marks.current ? "now" : session === marks.next ? "next" : undefined}
              />
            ))}
          </ol>
        </div>
      ))}
    </div>
  );
}

interface SessionRowProps {
  dayId: number;
  session: ScheduleSessionProps;
  colors: Tone;
  /** The clock the times are shown on (the event's or the visitor's). */
  clock: (iso: string) => string;
  /** The session under way, or the next one to start. */
  mark?: "now" | "next";
}

function SessionRow({ dayId, session, colors, clock, mark }: SessionRowProps) {
  return (
    <li
      data-mark={mark}
      className={`group relative grid ${mark === "now" ? "outline-2 outline-offset-2 outline-gold" : ""} gap-x-6 gap-y-1 rounded-[var(--radius-card)] p-5 ring-1 transition-colors duration-200 sm:grid-cols-[11rem_1fr_auto] sm:items-center sm:p-6 ${colors.row}`}
    >
      <p className={`font-semibold tabular-nums ${colors.time}`}>
        {timeRange(session, clock)}
        {mark && (
          <span className="ms-2 inline-block rounded-full bg-gold px-2 py-0.5 text-xs font-bold tracking-wide text-ink uppercase">
            {mark === "now" ? "On now" : "Next"}
          </span>
        )}
      </p>
      <div>
        <p className={`font-serif text-xl font-semibold ${colors.title} ${cancelledTitle(session.change)}`}>
          {/* The whole row is the link's target area (the ::after overlay); the title is its name. */}
          <Link
            to={pageUrl.session(dayId, session.id)}
            className="after:absolute after:inset-0 after:rounded-[var(--radius-card)]"
          >
            {session.title}
          </Link>
        </p>
        {session.speaker && (
          <p className={`mt-1 ${colors.speaker}`}>
            {session.speaker.name}
            <span> · {session.speaker.designation}</span>
          </p>
        )}
        <ChangeMark change={session.change} className={`mt-2 ${colors.speaker}`} />
      </div>
      <span className="flex items-center gap-2">
        {session.number !== undefined && (
          <StarButton number={session.number} title={session.title} className={colors.time} />
        )}
        <span aria-hidden="true" className={`hidden text-2xl sm:block rtl:-scale-x-100 ${colors.time}`}>
          →
        </span>
      </span>
    </li>
  );
}
