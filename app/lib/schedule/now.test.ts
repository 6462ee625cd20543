import { describe, expect, it, vi } from "vitest";
import { mayBeDate, nowAndNext, todayIndex } from "./now";

const ZONE = "America/Chicago";
const DAYS = [{ date: "2024-10-24" }, { date: "2024-10-25" }];
const SESSIONS = [
  { id: 1, startsAt: "2024-10-24T09:00:00-05:00", endsAt: "2024-10-24T10:00:00-05:00" },
  { id: 2, startsAt: "2024-10-24T10:30:00-05:00", endsAt: "2024-10-24T12:00:00-05:00" },
  { id: 3, startsAt: "2024-10-24T19:00:00-05:00" },
  { id: 4, startsAt: "2024-10-25T09:00:00-05:00", endsAt: "2024-10-25T10:00:00-05:00" },
];
const at = (iso: string) => Date.parse(iso);

describe("today and the session under way, in the event's zone", () => {
  it("finds today by the event's calendar, not UTC's", () => {
    // 23:30 in Chicago on the 24th is already the 25th in UTC.
    expect(todayIndex(DAYS, at("2024-10-24T23:30:00-05:00"), ZONE)).toBe(0);
    expect(todayIndex(DAYS, at("2024-10-25T00:30:00-05:00"), ZONE)).toBe(1);
    expect(todayIndex(DAYS, at("2024-10-23T23:59:00-05:00"), ZONE)).toBe(-1);
    expect(todayIndex(DAYS, at("2026-11-23T12:00:00Z"), ZONE)).toBe(-1);
  });

  it("marks the session under way and the next one on the same day only", () => {
    const during = nowAndNext(SESSIONS, at("2024-10-24T09:30:00-05:00"), ZONE);
    expect([during.current?.id, during.next?.id]).toEqual([1, 2]);
    const between = nowAndNext(SESSIONS, at("2024-10-24T10:15:00-05:00"), ZONE);
    expect([between.current?.id, between.next?.id]).toEqual([undefined, 2]);
    // A session without an end is on for an hour; after the day's last one, nothing from tomorrow.
    expect(nowAndNext(SESSIONS, at("2024-10-24T19:45:00-05:00"), ZONE).current?.id).toBe(3);
    expect(nowAndNext(SESSIONS, at("2024-10-24T21:00:00-05:00"), ZONE)).toEqual({});
    expect(nowAndNext(SESSIONS, at("2026-11-23T12:00:00Z"), ZONE)).toEqual({});
  });

  it("skips a cancelled session: never on now, never next (issue 33)", () => {
    const cancelled = SESSIONS.map((s) => (s.id === 2 ? { ...s, change: { kind: "cancelled" } } : s));
    expect(nowAndNext(cancelled, at("2024-10-24T09:30:00-05:00"), ZONE).next?.id).toBe(3);
    expect(nowAndNext(cancelled, at("2024-10-24T11:00:00-05:00"), ZONE).current).toBeUndefined();
  });

  it("rules out a date only when no zone on Earth can be on it", () => {
    // Kiritimati (UTC+14) reaches the 24th at 10:00 UTC on the 23rd; Baker Island (UTC-12) leaves it at 12:00 UTC on the 25th.
    expect(mayBeDate(at("2024-10-23T10:00:00Z"), "2024-10-24")).toBe(true);
    expect(mayBeDate(at("2024-10-23T09:59:00Z"), "2024-10-24")).toBe(false);
    expect(mayBeDate(at("2024-10-25T11:59:00Z"), "2024-10-24")).toBe(true);
    expect(mayBeDate(at("2024-10-25T12:00:00Z"), "2024-10-24")).toBe(false);
  });

  it("builds no Intl formatter when the event is days away (the first one is slow on a phone)", () => {
    const built = vi.spyOn(Intl, "DateTimeFormat");
    try {
      // A zone no other test used: formatters are kept per zone.
      expect(todayIndex(DAYS, at("2026-11-23T12:00:00Z"), "Pacific/Auckland")).toBe(-1);
      expect(nowAndNext(SESSIONS, at("2026-11-23T12:00:00Z"), "Pacific/Auckland")).toEqual({});
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });
});
