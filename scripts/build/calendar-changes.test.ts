// @vitest-environment node
/**
 * Issue 33: when the programme changes, calendars that imported it see the change. The files are read back
 * with a real iCalendar parser (ical.js), before and after the change of tests/fixtures/changed-schedule.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent, type Content } from "../../app/content/load";
import { stubImageManifest } from "../../app/content/stub-images";
import { agendaCalendar } from "../../app/lib/agenda/ics";
import { CANCELLED, MOVED, writeChangedContent } from "../../tests/fixtures/changed-schedule";
import { agendaCalendarData } from "../../app/content/paths.server";
import { pageUrl } from "../../app/lib/urls";
import { calendarFiles, frabSchedule } from "./calendar";

const SITE = "https://tncc.example.org";
const repo = path.resolve(import.meta.dirname, "../..");
let dir: string;
let before: Content;
let after: Content;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tncc-changed-"));
  before = loadContent(path.join(repo, "content"), stubImageManifest());
  after = loadContent(await writeChangedContent(path.join(dir, "content")), stubImageManifest());
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Every VEVENT of a calendar file, by UID: start, status, sequence, last-modified. */
function events(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    calendar.getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return [
        event.uid,
        {
          start: event.startDate.toUnixTime(),
          sequence: event.sequence,
          status: String(vevent.getFirstPropertyValue("status")),
          lastModified: vevent.getFirstPropertyValue("last-modified")?.toString(),
        },
      ];
    }),
  );
}

const uid = (number: number) => `session-${number}@tncc.example.org`;
const at = (iso: string) => Date.parse(iso) / 1000;

describe("schedule.ics before and after a change", () => {
  it("the moved session keeps its UID, with a higher SEQUENCE, the new time and LAST-MODIFIED", () => {
    const old = events(calendarFiles(before, SITE, new Date()).get("/schedule.ics")!);
    const now = events(calendarFiles(after, SITE, new Date()).get("/schedule.ics")!);
    expect([...now.keys()].sort()).toEqual([...old.keys()].sort());
    const was = old.get(uid(MOVED.number))!;
    const is = now.get(uid(MOVED.number))!;
    expect(was).toMatchObject({ start: at("2024-10-24T10:30:00-05:00"), sequence: 0, status: "CONFIRMED" });
    expect(is).toMatchObject({ start: at("2024-10-24T12:15:00-05:00"), sequence: 1, status: "CONFIRMED" });
    expect(is.lastModified).toBe("2024-10-20T00:00:00Z");
  });

  it("the cancelled session stays in the file with STATUS:CANCELLED and a higher SEQUENCE", () => {
    const is = events(calendarFiles(after, SITE, new Date()).get("/schedule.ics")!).get(uid(CANCELLED.number))!;
    expect(is).toMatchObject({ status: "CANCELLED", sequence: 1 });
  });

  it("a session's own .ics and the agenda's subscription say the same", () => {
    const single = events(calendarFiles(after, SITE, new Date()).get(pageUrl.sessionIcs(MOVED.dayId, MOVED.id))!);
    expect(single.get(uid(MOVED.number))).toMatchObject({ sequence: 1, start: at("2024-10-24T12:15:00-05:00") });
    const agenda = agendaCalendar(agendaCalendarData(after), [MOVED.number, CANCELLED.number], SITE, new Date());
    const parsed = events(agenda);
    expect(parsed.get(uid(MOVED.number))).toMatchObject({ sequence: 1, start: at("2024-10-24T12:15:00-05:00") });
    expect(parsed.get(uid(CANCELLED.number))).toMatchObject({ status: "CANCELLED" });
  });

  it("frab JSON keeps the session's guid and id across the change and says what changed", () => {
    const find = (content: Content) =>
      frabSchedule(content, SITE)
        .schedule.conference.days.flatMap((d) => Object.values(d.rooms).flat())
        .find((e) => e.id === MOVED.number)!;
    expect(find(after).guid).toBe(find(before).guid);
    expect(find(after).start).toBe(MOVED.start);
    expect(find(after).subtitle).toBe(`Moved from ${MOVED.fromText} (changed 20 Oct)`);
    expect(frabSchedule(after, SITE).schedule.version).not.toBe(frabSchedule(before, SITE).schedule.version);
  });
});
