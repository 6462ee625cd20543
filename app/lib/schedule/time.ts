import { useState } from "react";
import { useHydrated } from "../hooks/use-hydrated";

/**
 * Session times: stored in the event's zone (content), shown in it with its name, or in the visitor's.
 *
 * No Intl formatter is built while a page loads: the first one a page builds costs some 50 ms of main thread
 * on a slow phone (the browser loads its locale data), which Lighthouse counted as blocking time on every page
 * with a schedule. The event's clock is read from the instants themselves (written with the event's offset,
 * see zonedIso), the visitor's from the Date object, and the event zone's name comes from the server. Only a
 * visitor who chooses their own time pays for Intl, to name their zone (so the switch says "Show in my time",
 * without naming it first).
 */

export interface SessionTimes {
  /** "2024-10-24T09:00:00-05:00": written in the event's zone, with its offset (content's zonedIso). */
  startsAt: string;
  endsAt?: string;
}

/** The event's zone: its IANA id and its generic name ("Central Time"), named on the server. */
export interface EventZone {
  id: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "09:00": the event's clock at an instant written in the event's zone ("2024-10-24T09:00:00-05:00"). */
export const eventClock = (iso: string) => iso.slice(11, 16);

/** "16:00": the visitor's clock at that instant. */
export function localClock(iso: string): string {
  const date = new Date(iso);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** "09:00 to 10:30", or "09:00" without an end, on the given clock. */
export function timeRange({ startsAt, endsAt }: SessionTimes, clock: (iso: string) => string = eventClock): string {
  const start = clock(startsAt);
  return endsAt ? `${start} to ${clock(endsAt)}` : start;
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's generic name at that moment: "Central Time", "Central European Time" (builds an Intl formatter). */
export function zoneName(timeZone: string, at: string): string {
  let format = zoneNames.get(timeZone);
  if (!format)
    zoneNames.set(timeZone, (format = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" })));
  return format.formatToParts(new Date(at)).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

export const TIME_MODE_KEY = "scheduleTimes";
export type TimeMode = "event" | "local";

const readMode = (): TimeMode => {
  try {
    return localStorage.getItem(TIME_MODE_KEY) === "local" ? "local" : "event";
  } catch {
    return "event";
  }
};

/**
 * The clock to show session times on. Pre-rendered and hydrated on the event's; afterwards the visitor's
 * choice (remembered in localStorage) applies, offered only when their clock differs at `sample`.
 */
export function useScheduleZone(event: EventZone, sample: string) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<TimeMode | null>(null);
  const differs = hydrated && localClock(sample) !== eventClock(sample);
  const mode: TimeMode = differs ? (chosen ?? readMode()) : "event";
  const setMode = (next: TimeMode) => {
    setChosen(next);
    try {
      localStorage.setItem(TIME_MODE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  const local = mode === "local";
  return {
    /** The clock the times are shown on. */
    clock: local ? localClock : eventClock,
    zoneName: local ? zoneName(Intl.DateTimeFormat().resolvedOptions().timeZone, sample) : event.name,
    mode,
    setMode,
    differs,
  };
}
