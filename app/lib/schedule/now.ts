import { useEffect, useState } from "react";
import { useHydrated } from "../hooks/use-hydrated";

/**
 * What is on now, what is next, and whether the event is before, under way or over. Every rule is in
 * the event's own time zone: "today" is the event's calendar day. Pure functions, plus one hook that
 * gives the current time only after hydration (the pre-rendered HTML cannot know the visitor's clock).
 */

export interface TimedSession {
  startsAt: string;
  endsAt?: string;
  /** A cancelled session is never "on now" nor "next". */
  change?: { kind: string };
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

const HOUR_MS = 60 * 60 * 1000;

/**
 * Whether `now` can fall on the calendar date `date` (YYYY-MM-DD) in some zone: zones run from UTC-12 to
 * UTC+14. Checked first so that, away from the event, no Intl formatter is built (the first one a page builds
 * costs some 50 ms of main thread on a slow phone).
 */
export function mayBeDate(now: number, date: string): boolean {
  const midnightUtc = Date.parse(`${date}T00:00:00Z`);
  return now >= midnightUtc - 14 * HOUR_MS && now < midnightUtc + 36 * HOUR_MS;
}

/** Index of the day whose date is today in the event's zone, or -1. */
export const todayIndex = (days: readonly { date: string }[], now: number, timeZone: string) =>
  days.findIndex((day) => mayBeDate(now, day.date) && day.date === zonedDate(now, timeZone));

/** A session without an end is "on" for an hour (an evening event). */
const DEFAULT_LENGTH_MS = HOUR_MS;

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
  // Two instants on the same calendar day are less than 25 hours apart (a day that leaves summer time).
  const near = sessions.filter(
    (s) => Math.abs(Date.parse(s.startsAt) - now) < 25 * HOUR_MS && s.change?.kind !== "cancelled",
  );
  if (near.length === 0) return {};
  const today = zonedDate(now, timeZone);
  const sameDay = near
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
