import { describe, expect, it } from "vitest";
import { isoInZone, zonedIso } from "./zoned-time";

describe("zonedIso", () => {
  it("gives the event's days in Dallas their central daylight offset", () => {
    expect(zonedIso("2024-10-24", "09:00", "America/Chicago")).toBe("2024-10-24T09:00:00-05:00");
    expect(zonedIso("2024-10-27", "16:00", "America/Chicago")).toBe("2024-10-27T16:00:00-05:00");
  });

  it("follows Chicago's clocks going back on 3 November 2024 (CDT -05:00 to CST -06:00 at 02:00)", () => {
    expect(zonedIso("2024-11-02", "12:00", "America/Chicago")).toBe("2024-11-02T12:00:00-05:00");
    expect(zonedIso("2024-11-03", "00:30", "America/Chicago")).toBe("2024-11-03T00:30:00-05:00");
    expect(zonedIso("2024-11-03", "03:00", "America/Chicago")).toBe("2024-11-03T03:00:00-06:00");
    expect(zonedIso("2024-11-04", "09:00", "America/Chicago")).toBe("2024-11-04T09:00:00-06:00");
  });

  it("follows Chicago's clocks going forward on 10 March 2024, moving a skipped time on by the hour", () => {
    expect(zonedIso("2024-03-10", "01:30", "America/Chicago")).toBe("2024-03-10T01:30:00-06:00");
    expect(zonedIso("2024-03-10", "02:30", "America/Chicago")).toBe("2024-03-10T03:30:00-05:00");
    expect(zonedIso("2024-03-10", "09:00", "America/Chicago")).toBe("2024-03-10T09:00:00-05:00");
  });

  it("follows Berlin's clocks going back on 27 October 2024 (CEST +02:00 to CET +01:00 at 03:00)", () => {
    expect(zonedIso("2024-10-26", "23:00", "Europe/Berlin")).toBe("2024-10-26T23:00:00+02:00");
    expect(zonedIso("2024-10-27", "01:00", "Europe/Berlin")).toBe("2024-10-27T01:00:00+02:00");
    expect(zonedIso("2024-10-27", "12:00", "Europe/Berlin")).toBe("2024-10-27T12:00:00+01:00");
  });

  it("follows Berlin's clocks going forward on 31 March 2024", () => {
    expect(zonedIso("2024-03-31", "01:00", "Europe/Berlin")).toBe("2024-03-31T01:00:00+01:00");
    expect(zonedIso("2024-03-31", "04:00", "Europe/Berlin")).toBe("2024-03-31T04:00:00+02:00");
  });

  it("names the same instant in every zone", () => {
    const dallas = Date.parse(zonedIso("2024-10-27", "12:00", "America/Chicago"));
    expect(Date.parse(zonedIso("2024-10-27", "18:00", "Europe/Berlin"))).toBe(dallas);
    expect(zonedIso("2024-10-27", "17:00", "UTC")).toBe("2024-10-27T17:00:00+00:00");
    expect(zonedIso("2024-10-27", "22:30", "Asia/Kolkata")).toBe("2024-10-27T22:30:00+05:30");
  });
});

describe("isoInZone (issue 62: the CSV's times)", () => {
  it("writes an instant on the event's clock with that zone's offset then, to the second", () => {
    expect(isoInZone("2026-12-02T00:34:05Z", "America/Chicago")).toBe("2026-12-01T18:34:05-06:00");
    // Summer time: the offset of that day, not of today.
    expect(isoInZone(new Date("2024-10-24T14:00:00Z"), "America/Chicago")).toBe("2024-10-24T09:00:00-05:00");
    expect(isoInZone("2026-12-01T04:24:00Z", "Asia/Kolkata")).toBe("2026-12-01T09:54:00+05:30");
    expect(isoInZone("2026-12-01T04:24:00Z", "UTC")).toBe("2026-12-01T04:24:00+00:00");
  });

  it("reads back as the same instant", () => {
    const at = "2026-03-08T08:30:00Z"; // Chicago's clocks go forward at 02:00 local that morning
    expect(Date.parse(isoInZone(at, "America/Chicago"))).toBe(Date.parse(at));
  });
});
