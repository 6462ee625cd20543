import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * The instant of a wall-clock date ("2024-10-24") and time ("09:00") in an IANA zone, as ISO 8601 with
 * the zone's offset at that instant: "2024-10-24T09:00:00-05:00". Daylight saving is the zone database's
 * (through @date-fns/tz); a wall time the clocks skip moves forward by the skipped hour.
 */
export function zonedIso(date: string, hhmm: string, zone: string): string {
  const [year, month, day] = date.split("-").map(Number);
  const [hours, minutes] = hhmm.split(":").map(Number);
  const instant = TZDate.tz(zone, year!, month! - 1, day!, hours!, minutes!);
  return format(instant, "yyyy-MM-dd'T'HH:mm:ssxxx");
}

/**
 * An instant as ISO 8601 in an IANA zone with that zone's offset then, to the second: "2026-12-01T18:34:00-06:00".
 * What a spreadsheet reads without guessing the zone (the attendees' CSV, issue 62).
 */
export const isoInZone = (at: Date | string, zone: string): string =>
  format(new TZDate(new Date(at).getTime(), zone), "yyyy-MM-dd'T'HH:mm:ssxxx");
