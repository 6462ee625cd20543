// @vitest-environment node
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../app/content/load";
import { stubImageManifest } from "../../app/content/stub-images";
import { parseCalendar } from "../../app/lib/ics";
import { writeCalendarFiles } from "./calendar";

const repo = path.resolve(import.meta.dirname, "../..");
const content = loadContent(path.join(repo, "app/content"), stubImageManifest());
const sessions = content.scheduleDays.flatMap((day) => day.sessions.map((session) => ({ day, session })));
const utc = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
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
      expect(event?.DTSTART, session.title).toBe(utc(session.startsAt));
      expect(event?.DTEND, session.title).toBe(session.endsAt ? utc(session.endsAt) : undefined);
      expect(event?.SUMMARY).toContain(session.title);
      expect(event?.LOCATION).toContain(content.site.venue.address.street);
      expect(event?.UID).toBe(`session-${day.id}-${session.id}@tncc.example.org`);
      expect(event?.DTSTAMP).toMatch(/^\d{8}T\d{6}Z$/);
    }
  });

  it("schedule.ics holds every session once, with unique UIDs", () => {
    const events = parseCalendar(readFileSync(path.join(dir, "schedule.ics"), "utf8"));
    expect(events).toHaveLength(sessions.length);
    expect(new Set(events.map((e) => e.UID)).size).toBe(sessions.length);
    expect(events.map((e) => e.DTSTART)).toEqual(sessions.map(({ session }) => utc(session.startsAt)));
  });

  it("schedule.json has the frab shape with every session", () => {
    const json = JSON.parse(readFileSync(path.join(dir, "schedule.json"), "utf8"));
    const conference = json.schedule.conference;
    expect(conference).toMatchObject({ start: "2024-10-24", end: "2024-10-27", daysCount: 4, time_zone_name: content.site.timeZone });
    const events = conference.days.flatMap((d: { rooms: Record<string, { title: string; start: string; guid: string }[]> }) => Object.values(d.rooms).flat());
    expect(events.map((e: { title: string }) => e.title)).toEqual(sessions.map(({ session }) => session.title));
    expect(events[1]).toMatchObject({ start: "09:00", duration: "01:00" });
    for (const e of events) expect(e.guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
