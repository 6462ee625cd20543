import { describe, expect, it } from "vitest";
import { feedbackClosesAt, opensText, ratingWindow } from "./window";

const session = { startsAt: "2024-10-25T16:00:00-05:00", endsAt: "2024-10-25T17:00:00-05:00" };
const closes = feedbackClosesAt("2024-10-27", 14, "America/Chicago");
const at = (iso: string) => Date.parse(iso);

describe("the rating window", () => {
  it("opens 10 minutes before the session ends, and says when before that", () => {
    const before = ratingWindow(session, closes, at("2024-10-25T16:49:59-05:00"));
    expect(before).toEqual({ state: "before", opensAt: at("2024-10-25T16:50:00-05:00") });
    expect(opensText((before as { opensAt: number }).opensAt, "America/Chicago")).toBe("Fri 25 Oct at 16:50");
    expect(ratingWindow(session, closes, at("2024-10-25T16:50:00-05:00")).state).toBe("open");
    expect(ratingWindow(session, closes, at("2024-10-25T16:55:00-05:00")).state).toBe("open");
  });

  it("opens at the start of a session without an end", () => {
    const open = { startsAt: session.startsAt };
    expect(ratingWindow(open, closes, at("2024-10-25T15:59:00-05:00")).state).toBe("before");
    expect(ratingWindow(open, closes, at("2024-10-25T16:00:00-05:00")).state).toBe("open");
  });

  it("closes at the end of the Nth day after the last day, on the event's clock (daylight saving included)", () => {
    // 27 Oct + 14 days = 10 Nov; the clocks went back on 3 Nov, so the end is at UTC-6.
    expect(closes).toBe("2024-11-11T00:00:00-06:00");
    expect(ratingWindow(session, closes, at("2024-11-10T23:59:00-06:00")).state).toBe("open");
    expect(ratingWindow(session, closes, at("2024-11-11T00:00:00-06:00")).state).toBe("closed");
    expect(feedbackClosesAt("2024-12-31", 0, "UTC")).toBe("2025-01-01T00:00:00+00:00");
  });

  it("judges by the event's clock, whatever the device's zone", () => {
    expect(opensText(at("2024-10-25T21:50:00Z"), "America/Chicago")).toBe("Fri 25 Oct at 16:50");
    expect(opensText(at("2024-10-25T21:50:00Z"), "Asia/Tokyo")).toBe("Sat 26 Oct at 06:50");
  });
});
