/**
 * A shift's time in words on the event's clock (issue 66), the same on the volunteer's page and in the server's
 * messages: "Thu 24 Oct, 08:00–12:00", a shift crossing midnight "Thu 24 Oct, 22:00–02:00 (next day)".
 */
const part = (at: Date, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, ...options }).format(at);

/** "Thu 24 Oct" */
export const shiftDay = (at: string | Date, timeZone: string) =>
  part(new Date(at), timeZone, { weekday: "short", day: "numeric", month: "short" }).replace(",", "");

/** "08:00" */
export const shiftClock = (at: string | Date, timeZone: string) =>
  part(new Date(at), timeZone, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** "08:00–12:00", or "22:00–02:00 (next day)" when it ends on another day. */
export function shiftHours(startsAt: string, endsAt: string, timeZone: string): string {
  const nextDay = shiftDay(startsAt, timeZone) !== shiftDay(endsAt, timeZone) ? " (next day)" : "";
  return `${shiftClock(startsAt, timeZone)}–${shiftClock(endsAt, timeZone)}${nextDay}`;
}

/** "Thu 24 Oct, 08:00–12:00" */
export const shiftWhen = (startsAt: string, endsAt: string, timeZone: string) =>
  `${shiftDay(startsAt, timeZone)}, ${shiftHours(startsAt, endsAt, timeZone)}`;
