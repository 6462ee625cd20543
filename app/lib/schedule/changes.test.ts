import { describe, expect, test } from "vitest";
import { changedSince } from "../agenda/store";
import {
  calendarRevision,
  changeMark,
  changeText,
  eventDayTime,
  programmeChanges,
  type SessionChange,
} from "./changes";

const moved: SessionChange = { date: "2024-10-20", kind: "moved", fromStartsAt: "2024-10-24T10:30:00-05:00" };
const cancelled: SessionChange = { date: "2024-10-22", kind: "cancelled" };

describe("a session's change marks", () => {
  test("the event's day and clock, whatever the machine's zone", () => {
    expect(eventDayTime("2024-10-24T10:30:00-05:00")).toBe("Thu 24 Oct 10:30");
    expect(eventDayTime("2024-10-26T23:30:00-05:00")).toBe("Sat 26 Oct 23:30");
  });

  test("the latest change is the mark; none for a session as first published", () => {
    expect(changeMark([])).toBeUndefined();
    expect(changeMark([moved])).toEqual({
      kind: "moved",
      date: "2024-10-20",
      dateText: "20 Oct",
      fromText: "Thu 24 Oct 10:30",
    });
    expect(changeText(changeMark([moved])!)).toBe("Moved from Thu 24 Oct 10:30 (changed 20 Oct)");
    expect(changeText(changeMark([moved, cancelled])!)).toBe("Cancelled (on 22 Oct)");
    expect(changeText(changeMark([{ date: "2024-10-21", kind: "changed", note: "New speaker" }])!)).toBe(
      "Changed: New speaker (changed 21 Oct)",
    );
  });

  test("SEQUENCE counts the changes; LAST-MODIFIED is the latest", () => {
    expect(calendarRevision([])).toEqual({ sequence: 0, lastModified: undefined, cancelled: false });
    expect(calendarRevision([moved, cancelled], "cancelled")).toEqual({
      sequence: 2,
      lastModified: "2024-10-22T00:00:00Z",
      cancelled: true,
    });
  });
});

describe("the list of changes", () => {
  const session = (number: number, startsAt: string, changes: SessionChange[]) => ({
    id: number,
    number,
    title: `Session ${number}`,
    startsAt,
    changes,
  });

  test("newest first, a move twice listed twice with where each went", () => {
    const twice: SessionChange[] = [
      moved,
      { date: "2024-10-23", kind: "moved", fromStartsAt: "2024-10-24T12:00:00-05:00" },
    ];
    const list = programmeChanges([
      {
        id: 1,
        sessions: [
          session(3, "2024-10-24T14:00:00-05:00", twice),
          session(4, "2024-10-24T15:00:00-05:00", [cancelled]),
        ],
      },
      { id: 2, sessions: [session(9, "2024-10-25T09:00:00-05:00", [])] },
    ]);
    expect(list.map((c) => [c.date, c.session.number, c.fromText, c.toText])).toEqual([
      ["2024-10-23", 3, "Thu 24 Oct 12:00", "Thu 24 Oct 14:00"],
      ["2024-10-22", 4, undefined, undefined],
      ["2024-10-20", 3, "Thu 24 Oct 10:30", "Thu 24 Oct 12:00"],
    ]);
    expect(list[1]!.session.href).toBe("/event-detail/1/4");
  });
});

describe("my agenda: changed since last opened", () => {
  const sessions = [
    { number: 1, sequence: 0 },
    { number: 2, sequence: 1 },
    { number: 3, sequence: 2 },
  ];
  test("only starred sessions whose sequence rose", () => {
    expect(changedSince({ 2: 1, 3: 1 }, sessions, new Set([1, 2, 3]))).toEqual([3]);
    expect(changedSince({}, sessions, new Set([1, 2]))).toEqual([2]);
    expect(changedSince({}, sessions, new Set())).toEqual([]);
  });
  test("a stored value that is not a number counts as never seen", () => {
    expect(changedSince({ 3: "x" as unknown as number }, sessions, new Set([3]))).toEqual([3]);
  });
});
