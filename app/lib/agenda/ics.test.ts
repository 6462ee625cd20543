import { describe, expect, it } from "vitest";
import { agendaCalendar, clashes, type AgendaSession } from "./ics";
import { parseCalendar } from "../schedule/ics";

const sessions: AgendaSession[] = [
  {
    number: 1,
    dayId: 1,
    id: 1,
    title: "A",
    startsAt: "2024-10-24T09:00:00-05:00",
    endsAt: "2024-10-24T10:00:00-05:00",
  },
  {
    number: 2,
    dayId: 1,
    id: 2,
    title: "B",
    startsAt: "2024-10-24T09:30:00-05:00",
    endsAt: "2024-10-24T11:00:00-05:00",
  },
  { number: 3, dayId: 1, id: 3, title: "C", startsAt: "2024-10-24T11:00:00-05:00", speaker: "Ruth" },
];

describe("agenda calendar", () => {
  it("has one VEVENT per chosen session with UTC times, and ignores unknown numbers", () => {
    const ics = agendaCalendar(
      { calendarName: "Mine", calendarDomain: "x.org", location: "Hall", sessions },
      [3, 1, 99],
      "https://x.org",
      new Date(0),
    );
    const events = parseCalendar(ics);
    expect(events.map((e) => e.SUMMARY)).toEqual(["A", "C"]);
    expect(events[0]).toMatchObject({
      DTSTART: "20241024T140000Z",
      DTEND: "20241024T150000Z",
      // The UID comes from the session number, which stays when the session moves (issue 33).
      UID: "session-1@x.org",
      SEQUENCE: "0",
      STATUS: "CONFIRMED",
    });
    expect(events[1]?.DESCRIPTION).toBe("With Ruth.");
  });

  it("marks overlapping sessions as clashes, not back-to-back ones", () => {
    const found = clashes(sessions);
    expect(found.get(1)).toEqual(["B"]);
    expect(found.get(2)).toEqual(["A"]);
    expect(found.has(3)).toBe(false);
  });
});
