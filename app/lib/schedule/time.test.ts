import { afterEach, describe, expect, it } from "vitest";
import { eventClock, localClock, timeRange, zoneName } from "./time";

const start = "2024-10-24T09:00:00-05:00";
const end = "2024-10-24T10:30:00-05:00";
const zone = process.env.TZ;
/** Node reads TZ again when it changes: the visitor's zone for the Date-based clocks. */
const visitorIn = (timeZone: string) => (process.env.TZ = timeZone);

afterEach(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

describe("schedule times", () => {
  it("shows the event's clock, read from the instant written in its zone, with the zone's name", () => {
    expect(timeRange({ startsAt: start, endsAt: end })).toBe("09:00 to 10:30");
    expect(timeRange({ startsAt: start })).toBe("09:00");
    expect(eventClock("2024-10-27T19:30:00+01:00")).toBe("19:30");
    expect(zoneName("America/Chicago", start)).toBe("Central Time");
  });

  it("shows the same moment on the visitor's clock", () => {
    visitorIn("Europe/Berlin");
    expect(timeRange({ startsAt: start, endsAt: end }, localClock)).toBe("16:00 to 17:30");
    visitorIn("Asia/Kolkata");
    expect(localClock(start)).toBe("19:30");
    visitorIn("UTC");
    expect(localClock(start)).toBe("14:00");
  });

  it("knows when a visitor's clock differs from the event's", () => {
    visitorIn("America/Chicago");
    expect(localClock(start)).toBe(eventClock(start));
    // Another zone with the same offset that day shows the same times.
    visitorIn("America/Winnipeg");
    expect(localClock(start)).toBe(eventClock(start));
    visitorIn("Europe/Berlin");
    expect(localClock(start)).not.toBe(eventClock(start));
  });
});
