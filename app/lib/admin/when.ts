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

/**
 * The event's time zone for `when`: site.yaml's, from the root loader's data (every page has it, the organisers'
 * SPA fallback too), set by the organisers' page before it shows any time. Never the device's zone: an organiser
 * abroad and the door read the same clock (issue 62).
 */
let eventZone = "UTC";
export function setEventZone(timeZone: string | undefined) {
  if (timeZone) eventZone = timeZone;
}

/**
 * A moment as the organisers' pages show it (issue 62: one clock): in the event's zone with its abbreviation,
 * "Tue 8 Dec 2026, 18:23 CST", the same words as the mails and the Box office's timeline.
 */
export const when = (at: string | Date) => zonedWhen(at, eventZone);
