import { useEffect, useState } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * What is on now, what is next, and whether the event is before, under way or over. Every rule is in
 * the event's own time zone: "today" is the event's calendar day. Pure functions, plus one hook that
 * gives the current time only after hydration (the pre-rendered HTML cannot know the visitor's clock).
 */

export interface TimedSession {
  startsAt: string;
  endsAt?: string;
}

export type EventPhase = "before" | "during" | "after";

export function eventPhase(now: number, startsAt: string, endsAt: string): EventPhase {
  if (now < Date.parse(startsAt)) return "before";
  return now < Date.parse(endsAt) ? "during" : "after";
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** "2024-10-25": the calendar date at `now` in `timeZone`. */
export function zonedDate(now: number, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** Index of the day whose date is today in the event's zone, or -1. */
export const todayIndex = (days: readonly { date: string }[], now: number, timeZone: string) =>
  days.findIndex((day) => day.date === zonedDate(now, timeZone));

/** A session without an end is "on" for an hour (an evening event). */
const DEFAULT_LENGTH_MS = 60 * 60 * 1000;

const endOf = (s: TimedSession) => (s.endsAt ? Date.parse(s.endsAt) : Date.parse(s.startsAt) + DEFAULT_LENGTH_MS);

/**
 * The session under way at `now` and the next one to start on the same event day (`next` is also
 * given while one is under way). Sessions may come in any order.
 */
export function nowAndNext<T extends TimedSession>(
  sessions: readonly T[],
  now: number,
  timeZone: string,
): { current?: T; next?: T } {
  const today = zonedDate(now, timeZone);
  const sameDay = sessions
    .filter((s) => zonedDate(Date.parse(s.startsAt), timeZone) === today)
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const current = sameDay.find((s) => Date.parse(s.startsAt) <= now && now < endOf(s));
  const next = sameDay.find((s) => Date.parse(s.startsAt) > now);
  return { current, next };
}

/** "24–27 October 2024" from the content's "24 - 27 October 2024". */
export const compactRange = (dateText: string) => dateText.replace(/\s+-\s+/, "–");

/**
 * The current time in ms, or null while React hydrates (so the first client render equals the
 * pre-rendered HTML). Updates every `everyMs`.
 */
export function useNow(everyMs = 30_000): number | null {
  // While hydrating, null (the pre-rendered HTML knows no time); on a page reached by a link, the time at
  // once, so a section that depends on it does not change height after the browser scrolled to a #hash.
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return hydrated ? now : null;
}
