// @vitest-environment node
// zonedIso at both clock changes of the event's zone (America/Chicago) and of a visitor's (Europe/Berlin).
// Expected offsets and UTC instants are worked out by hand from the zones' 2024 rules, so a wrong
// offset fails. Checked through the exported behaviour only: the instant, and the wall time and offset
// written in the string (whatever the exact format).
import { describe, expect, it } from "vitest";
import { zonedIso } from "./schemas";

const CASES: [zone: string, date: string, time: string, offset: string, utc: string][] = [
  // Chicago springs forward on Sunday 10 March 2024, 02:00 CST -> 03:00 CDT.
  ["America/Chicago", "2024-03-09", "09:00", "-06:00", "2024-03-09T15:00:00Z"],
  ["America/Chicago", "2024-03-10", "01:30", "-06:00", "2024-03-10T07:30:00Z"],
  ["America/Chicago", "2024-03-10", "03:00", "-05:00", "2024-03-10T08:00:00Z"],
  ["America/Chicago", "2024-03-10", "09:00", "-05:00", "2024-03-10T14:00:00Z"],
  // The conference, 24-27 October 2024: daylight time throughout.
  ["America/Chicago", "2024-10-24", "09:00", "-05:00", "2024-10-24T14:00:00Z"],
  ["America/Chicago", "2024-10-27", "09:00", "-05:00", "2024-10-27T14:00:00Z"],
  // Chicago falls back on Sunday 3 November 2024, 02:00 CDT -> 01:00 CST.
  ["America/Chicago", "2024-11-02", "09:00", "-05:00", "2024-11-02T14:00:00Z"],
  ["America/Chicago", "2024-11-03", "00:30", "-05:00", "2024-11-03T05:30:00Z"],
  ["America/Chicago", "2024-11-03", "03:00", "-06:00", "2024-11-03T09:00:00Z"],
  ["America/Chicago", "2024-11-03", "09:00", "-06:00", "2024-11-03T15:00:00Z"],
  // Berlin: 31 March 2024 02:00 CET -> 03:00 CEST; 27 October 2024 (the event's Day 04) 03:00 CEST -> 02:00 CET.
  ["Europe/Berlin", "2024-03-31", "01:30", "+01:00", "2024-03-31T00:30:00Z"],
  ["Europe/Berlin", "2024-03-31", "03:30", "+02:00", "2024-03-31T01:30:00Z"],
  ["Europe/Berlin", "2024-10-26", "15:00", "+02:00", "2024-10-26T13:00:00Z"],
  ["Europe/Berlin", "2024-10-27", "01:30", "+02:00", "2024-10-26T23:30:00Z"],
  ["Europe/Berlin", "2024-10-27", "15:00", "+01:00", "2024-10-27T14:00:00Z"],
];

describe("zonedIso across daylight-saving changes", () => {
  for (const [zone, date, time, offset, utc] of CASES) {
    it(`${date} ${time} in ${zone} is ${utc} (UTC${offset})`, () => {
      const iso = zonedIso(date, time, zone);
      expect(Date.parse(iso)).toBe(Date.parse(utc));
      expect(iso.startsWith(`${date}T${time}`)).toBe(true);
      expect(iso.endsWith(offset)).toBe(true);
    });
  }
});
