import { describe, expect, it } from "vitest";
import { clocksDiffer, formatTime, timeRange, zoneName } from "./schedule-time";

const start = "2024-10-24T09:00:00-05:00";
const end = "2024-10-24T10:30:00-05:00";

describe("schedule times", () => {
  it("shows the event's clock with the zone's name", () => {
    expect(timeRange(start, end, "America/Chicago")).toBe("09:00 to 10:30");
    expect(zoneName("America/Chicago", start)).toBe("Central Time");
    expect(timeRange(start, undefined, "America/Chicago")).toBe("09:00");
  });

  it("shows the same moment on another zone's clock", () => {
    expect(timeRange(start, end, "Europe/Berlin")).toBe("16:00 to 17:30");
    expect(formatTime(start, "Asia/Tokyo")).toBe("23:00");
    expect(formatTime(start, "UTC")).toBe("14:00");
  });

  it("knows when a visitor's clock differs from the event's", () => {
    expect(clocksDiffer("America/Chicago", "Europe/Berlin", start)).toBe(true);
    expect(clocksDiffer("America/Chicago", "America/Chicago", start)).toBe(false);
    // Another zone with the same offset that day shows the same times.
    expect(clocksDiffer("America/Chicago", "America/Winnipeg", start)).toBe(false);
  });
});
