import { useState } from "react";
import { useHydrated } from "./use-hydrated";

/** Session times: stored in the event's zone (content), shown in it with its name, or in the visitor's. */

// Building an Intl formatter is costly (milliseconds on a slow phone): one per zone, reused.
const clocks = new Map<string, Intl.DateTimeFormat>();
const zoneNames = new Map<string, Intl.DateTimeFormat>();
const cached = (cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) => {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
};
const clock = (timeZone: string) =>
  cached(
    clocks,
    timeZone,
    () => new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone }),
  );

/** "09:00" for an ISO instant, in `timeZone`. */
export const formatTime = (iso: string, timeZone: string) => clock(timeZone).format(new Date(iso));

/** "09:00 to 10:30", or "19:00" without an end. */
export function timeRange(startsAt: string, endsAt: string | undefined, timeZone: string): string {
  const start = formatTime(startsAt, timeZone);
  return endsAt ? `${start} to ${formatTime(endsAt, timeZone)}` : start;
}

/** The zone's generic name at that moment: "Central Time", "Central European Time". */
export function zoneName(timeZone: string, at: string): string {
  const format = cached(
    zoneNames,
    timeZone,
    () => new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longGeneric" }),
  );
  const parts = format.formatToParts(new Date(at));
  return parts.find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

/** Whether two zones show a different clock time at that moment (same offset = same times). */
export const clocksDiffer = (a: string, b: string, at: string) => formatTime(at, a) !== formatTime(at, b);

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
 * The zone to show session times in. Pre-rendered and hydrated in the event's zone; afterwards the
 * visitor's choice (remembered in localStorage) applies, offered only when their clock differs.
 */
export function useScheduleZone(eventZone: string, sampleAt: string) {
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<TimeMode | null>(null);
  const visitorZone = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : eventZone;
  const differs = hydrated && clocksDiffer(eventZone, visitorZone, sampleAt);
  const mode: TimeMode = differs ? (chosen ?? readMode()) : "event";
  const setMode = (next: TimeMode) => {
    setChosen(next);
    try {
      localStorage.setItem(TIME_MODE_KEY, next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  };
  const zone = mode === "local" ? visitorZone : eventZone;
  return {
    zone,
    zoneName: zoneName(zone, sampleAt),
    mode,
    setMode,
    differs,
    visitorZoneName: zoneName(visitorZone, sampleAt),
  };
}
