import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine, icsDate, parseCalendar } from "./ics";

describe("ics", () => {
  it("writes UTC times", () => {
    expect(icsDate("2024-10-24T09:00:00-05:00")).toBe("20241024T140000Z");
  });

  it("escapes text and folds long lines at 75 octets without splitting a character", () => {
    expect(escapeText("a, b; c\\d\ne")).toBe("a\\, b\\; c\\\\d\\ne");
    const folded = foldLine(`DESCRIPTION:${"é".repeat(100)}`);
    for (const line of folded.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, "")).toBe(`DESCRIPTION:${"é".repeat(100)}`);
  });

  it("builds a calendar with CRLF lines that parses back", () => {
    const ics = buildCalendar(
      "Test",
      [
        {
          uid: "a@x",
          start: "2024-10-24T09:00:00-05:00",
          end: "2024-10-24T10:00:00-05:00",
          summary: "Opening, Worship",
          location: "Hall; Dallas",
          description: "x".repeat(200),
        },
        { uid: "b@x", start: "2024-10-24T19:00:00-05:00", summary: "Praise", location: "Hall", description: "" },
      ],
      new Date("2024-01-01T00:00:00Z"),
    );
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    const [a, b] = parseCalendar(ics);
    expect(a).toMatchObject({
      UID: "a@x",
      DTSTART: "20241024T140000Z",
      DTEND: "20241024T150000Z",
      SUMMARY: "Opening, Worship",
      LOCATION: "Hall; Dallas",
      DESCRIPTION: "x".repeat(200),
      DTSTAMP: "20240101T000000Z",
    });
    expect(b?.DTEND).toBeUndefined();
  });
});
