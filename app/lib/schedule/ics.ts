/** iCalendar (RFC 5545) files for "Add to calendar": one per session and one for the whole event. */

export interface CalendarEvent {
  /** Globally unique and stable, e.g. "session-7@tncc.example.org" (see sessionUid). */
  uid: string;
  /** Raised with each change of the event, so calendars replace their copy (RFC 5545 3.8.7.4). */
  sequence?: number;
  /** When the event last changed, an ISO instant. */
  lastModified?: string;
  /** A cancelled event stays in the file with STATUS:CANCELLED, so subscribed calendars drop it. */
  cancelled?: boolean;
  /** ISO 8601 instants with an offset. */
  start: string;
  end?: string;
  summary: string;
  location: string;
  description: string;
  url?: string;
}

/**
 * A session's UID: from its number, which never changes when the session moves to another time or day, and the
 * event's calendar domain from content (site.yaml `calendarDomain`), never the address the site was built or
 * served under: a build made without SITE_URL and served with it keeps every UID, so subscribed calendars never
 * show a session twice (issue 62).
 */
export const sessionUid = (number: number, calendarDomain: string) => `session-${number}@${calendarDomain}`;

/** 20241024T140000Z */
export const icsDate = (iso: string) =>
  new Date(iso)
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

/** TEXT escaping (RFC 5545 3.3.11): backslash, semicolon, comma and newlines. */
export const escapeText = (text: string) =>
  text.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** Folds a content line at 75 octets (RFC 5545 3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = "";
  let size = 0;
  for (const char of line) {
    const bytes = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (size + bytes > limit) {
      parts.push(current);
      current = "";
      size = 0;
    }
    current += char;
    size += bytes;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** A VCALENDAR with the events; times in UTC, so no VTIMEZONE is needed. */
export function buildCalendar(name: string, events: CalendarEvent[], stamp: Date): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//TNCC//Wrapped in Grace Conference//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      `UID:${event.uid}`,
      `SEQUENCE:${event.sequence ?? 0}`,
      `DTSTAMP:${icsDate(stamp.toISOString())}`,
      ...(event.lastModified ? [`LAST-MODIFIED:${icsDate(event.lastModified)}`] : []),
      `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
      `DTSTART:${icsDate(event.start)}`,
      ...(event.end ? [`DTEND:${icsDate(event.end)}`] : []),
      `SUMMARY:${escapeText(event.summary)}`,
      `LOCATION:${escapeText(event.location)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      ...(event.url ? [`URL:${event.url}`] : []),
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR");
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** Reads a calendar back (unfolds lines, unescapes text): used by the tests. */
export function parseCalendar(ics: string): Record<string, string>[] {
  const lines = ics.replace(/\r\n[ \t]/g, "").split("\r\n");
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = {};
    else if (line === "END:VEVENT" && current) {
      events.push(current);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(":");
      current[line.slice(0, colon)] = line
        .slice(colon + 1)
        .replace(/\\n/g, "\n")
        .replace(/\\([,;\\])/g, "$1");
    }
  }
  return events;
}
