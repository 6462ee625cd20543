/** A moment as the organisers' pages show it, in the reader's own clock: "27 Nov 2026, 10:58". */
export const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

/**
 * A moment in the event's time zone with that zone's abbreviation, for deadlines and times the organisers act
 * on (issue 61): "Tue 8 Dec 2026, 18:23 CST". The abbreviation is the zone's at that moment (CST or CDT).
 */
export function zonedWhen(at: string | Date, timeZone: string): string {
  const date = new Date(at);
  const text = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(date);
  const zone =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "short" })
      .formatToParts(date)
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  return `${text.replace(/^(\w+),/, "$1").replace(/ at /, ", ")} ${zone}`;
}
