import { describe, expect, it } from "vitest";
import { countdownParts, msUntilNextTick, parseInstant } from "./countdown";

// The landing target as content gives it: 24 Oct 2024, 09:00 in America/Chicago (CDT, UTC-5).
const TARGET = "2024-10-24T09:00:00-05:00";
const at = (iso: string) => Date.parse(iso);
const shown = (target: string, now: string) => {
  const p = countdownParts(target, at(now));
  return `${p.days} ${p.hours} ${p.minutes} ${p.seconds}`;
};

describe("countdownParts", () => {
  it("counts whole days, hours, minutes and seconds, two digits each", () => {
    expect(shown(TARGET, "2024-10-20T09:00:00-05:00")).toBe("04 00 00 00");
    expect(shown(TARGET, "2024-10-20T09:00:01-05:00")).toBe("03 23 59 59");
    expect(shown(TARGET, "2024-10-23T07:55:50-05:00")).toBe("01 01 04 10");
  });

  it("keeps three-digit day counts whole", () => {
    expect(shown(TARGET, "2024-01-01T00:00:00-06:00").split(" ")[0]).toBe("297");
  });

  it("means the same instant whatever offset the visitor's clock is written in", () => {
    // 14:00 UTC is 09:00 in Chicago (CDT), 16:00 in Berlin (CEST) and 23:00 in Tokyo.
    for (const now of ["2024-10-24T13:59:59Z", "2024-10-24T15:59:59+02:00", "2024-10-24T22:59:59+09:00"]) {
      expect(shown(TARGET, now)).toBe("00 00 00 01");
    }
    expect(parseInstant(TARGET)).toBe(at("2024-10-24T14:00:00Z"));
  });

  it("shows zeros and reports expiry at the target and after it", () => {
    for (const now of ["2024-10-24T09:00:00-05:00", "2024-10-24T09:00:00.400-05:00", "2026-01-01T00:00:00Z"]) {
      const parts = countdownParts(TARGET, at(now));
      expect(parts).toEqual({ days: "00", hours: "00", minutes: "00", seconds: "00", expired: true, totalSeconds: 0 });
    }
  });

  it("rounds a part second up, so zeros never show before the target", () => {
    const parts = countdownParts(TARGET, at(TARGET) - 1);
    expect(parts.expired).toBe(false);
    expect(parts.seconds).toBe("01");
  });

  it("counts real elapsed time across the spring-forward change (10 March 2024 in Chicago)", () => {
    // From 9 March 09:00 CST (UTC-6) to 24 October 09:00 CDT (UTC-5): 229 calendar days, one hour less of real time.
    expect(shown(TARGET, "2024-03-09T09:00:00-06:00")).toBe("228 23 00 00");
    // On either side of 02:00 on the change night, one second apart in real time.
    expect(shown(TARGET, "2024-03-10T01:59:59-06:00")).toBe("228 06 00 01");
    expect(shown(TARGET, "2024-03-10T03:00:00-05:00")).toBe("228 06 00 00");
  });

  it("counts real elapsed time across the fall-back change (3 November 2024 in Chicago)", () => {
    // home-5 counts to 7 November 2024 00:00 CST (UTC-6); from 2 November 00:00 CDT (UTC-5) that is 5 days and 1 hour.
    expect(shown("2024-11-07T00:00:00-06:00", "2024-11-02T00:00:00-05:00")).toBe("05 01 00 00");
    // 01:30 happens twice on 3 November: the first (CDT) is an hour further from the target than the second (CST).
    expect(shown("2024-11-07T00:00:00-06:00", "2024-11-03T01:30:00-05:00")).toBe("03 23 30 00");
    expect(shown("2024-11-07T00:00:00-06:00", "2024-11-03T01:30:00-06:00")).toBe("03 22 30 00");
  });

  it("accepts the target as epoch milliseconds too", () => {
    expect(countdownParts(at(TARGET), at("2024-10-24T08:59:00-05:00")).minutes).toBe("01");
  });

  it("refuses a target without an offset, which each visitor's browser would read in its own zone", () => {
    expect(() => countdownParts("2024-10-24T09:00:00", 0)).toThrow(/offset/);
    expect(() => countdownParts("not a dateZ", 0)).toThrow(/not a date/);
  });
});

describe("msUntilNextTick", () => {
  it("waits until the displayed second changes", () => {
    expect(msUntilNextTick(TARGET, at(TARGET) - 2_250)).toBe(250);
    expect(msUntilNextTick(TARGET, at(TARGET) - 3_000)).toBe(1_000);
    expect(msUntilNextTick(TARGET, at(TARGET) + 5)).toBe(0);
  });
});
