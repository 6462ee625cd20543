/**
 * A shift's day and times in people's words (issue 66), from the answers' ISO strings, which already carry the
 * event zone's offset ("2024-10-24T08:00:00-05:00"): the wall clock is read off the string, never the device's
 * zone. Shared by the organisers' plan and the server's messages ("Thu 24 Oct 08:00–12:00").
 */

/** "2024-10-24" → "Thu 24 Oct". */
export function dayLabel(day: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short" })
    .format(new Date(`${day}T12:00:00Z`))
    .replace(",", "");
}

/** The wall-clock time of an ISO string with an offset: "08:00". */
export const clockOf = (iso: string) => iso.slice(11, 16);

/** Whether a shift ends on the day after it starts. */
export const endsNextDay = (startsAt: string, endsAt: string) => endsAt.slice(0, 10) !== startsAt.slice(0, 10);

/** "08:00–12:00", or "22:00–02:00 (ends the next day)". */
export function timeRange(startsAt: string, endsAt: string): string {
  const range = `${clockOf(startsAt)}–${clockOf(endsAt)}`;
  return endsNextDay(startsAt, endsAt) ? `${range} (ends the next day)` : range;
}

/** "Thu 24 Oct 08:00–12:00". */
export const shiftWhen = (shift: { startsAt: string; endsAt: string }) =>
  `${dayLabel(shift.startsAt.slice(0, 10))} ${timeRange(shift.startsAt, shift.endsAt)}`;

/** "1 person", "3 people". */
export const people = (n: number) => `${n} ${n === 1 ? "person" : "people"}`;

/** "1 shift", "3 shifts". */
export const shiftsCount = (n: number) => `${n} ${n === 1 ? "shift" : "shifts"}`;
