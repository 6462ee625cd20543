// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../app/content/load";
import { stubImageManifest } from "../../app/content/stub-images";
import { parseCalendar } from "../../app/lib/schedule/ics";
import { writeCalendarFiles } from "./calendar";

const repo = path.resolve(import.meta.dirname, "../..");
const content = loadContent(path.join(repo, "content"), stubImageManifest());
const sessions = content.scheduleDays.flatMap((day) => day.sessions.map((session) => ({ day, session })));

// Worked out by hand from content/schedule/day-0N.yaml: Dallas keeps Central Daylight Time (UTC-5)
// until 3 November 2024, so each 24-27 October wall time is 5 hours behind UTC.
const HAND_UTC: Record<string, [start: string, end?: string]> = {
  "1-1": ["20241024T130000Z", "20241024T140000Z"], // 08:00 to 09:00
  "1-2": ["20241024T140000Z", "20241024T150000Z"], // 09:00 to 10:00
  "1-3": ["20241024T153000Z", "20241024T170000Z"], // 10:30 to 12:00
  "1-4": ["20241024T183000Z", "20241024T200000Z"], // 13:30 to 15:00
  "1-5": ["20241024T210000Z", "20241024T223000Z"], // 16:00 to 17:30
  "2-1": ["20241025T140000Z", "20241025T150000Z"], // 09:00 to 10:00
  "2-2": ["20241025T153000Z", "20241025T170000Z"], // 10:30 to 12:00
  "2-3": ["20241025T183000Z", "20241025T200000Z"], // 13:30 to 15:00
  "2-4": ["20241025T210000Z", "20241025T223000Z"], // 16:00 to 17:30
  "2-5": ["20241026T000000Z"], // 19:00, no end: already the next day in UTC
  "3-1": ["20241026T140000Z", "20241026T150000Z"], // 09:00 to 10:00
  "3-2": ["20241026T153000Z", "20241026T170000Z"], // 10:30 to 12:00
  "3-3": ["20241026T183000Z", "20241026T200000Z"], // 13:30 to 15:00
  "3-4": ["20241026T203000Z", "20241026T220000Z"], // 15:30 to 17:00
  "4-1": ["20241027T140000Z", "20241027T153000Z"], // 09:00 to 10:30 (Europe's clocks change that night; Dallas' do not)
  "4-2": ["20241027T160000Z", "20241027T173000Z"], // 11:00 to 12:30
  "4-3": ["20241027T173000Z", "20241027T183000Z"], // 12:30 to 13:30
  "4-4": ["20241027T190000Z", "20241027T200000Z"], // 14:00 to 15:00
};
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tncc-calendar-"));
  await writeCalendarFiles(dir, content, "https://tncc.example.org");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("generated calendar files", () => {
  it("one .ics per session, each with that session's start, end, title and the venue", () => {
    const files = readdirSync(path.join(dir, "calendar"));
    expect(files).toHaveLength(sessions.length);
    for (const { day, session } of sessions) {
      const text = readFileSync(path.join(dir, "calendar", `${day.id}-${session.id}.ics`), "utf8");
      expect(text.split("\r\n").every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
      expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
      const events = parseCalendar(text);
      expect(events).toHaveLength(1);
      const [event] = events;
      const [start, end] = HAND_UTC[`${day.id}-${session.id}`] ?? [];
      expect(event?.DTSTART, session.title).toBe(start);
      expect(event?.DTEND, session.title).toBe(end);
      expect(event?.SUMMARY).toContain(session.title);
      expect(event?.LOCATION).toContain(content.site.venue.address.street);
      expect(event?.UID).toBe(`session-${session.number}@tncc.example.org`);
      expect(event?.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    }
  });

  it("schedule.ics holds every session once, with unique UIDs", () => {
    const events = parseCalendar(readFileSync(path.join(dir, "schedule.ics"), "utf8"));
    expect(events).toHaveLength(sessions.length);
    expect(new Set(events.map((e) => e.UID)).size).toBe(sessions.length);
    expect(events.map((e) => e.DTSTART)).toEqual(Object.values(HAND_UTC).map(([start]) => start));
  });

  it("schedule.json has the frab shape with every session", () => {
    const json = JSON.parse(readFileSync(path.join(dir, "schedule.json"), "utf8"));
    const conference = json.schedule.conference;
    expect(conference).toMatchObject({
      start: "2024-10-24",
      end: "2024-10-27",
      daysCount: 4,
      time_zone_name: content.site.timeZone,
    });
    const events = conference.days.flatMap(
      (d: { rooms: Record<string, { title: string; start: string; guid: string }[]> }) => Object.values(d.rooms).flat(),
    );
    expect(events.map((e: { title: string }) => e.title)).toEqual(sessions.map(({ session }) => session.title));
    expect(events[1]).toMatchObject({ start: "09:00", duration: "01:00" });
    for (const e of events)
      expect(e.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
