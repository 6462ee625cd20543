/**
 * Build-time exports of the programme: an .ics per session (`/calendar/<day>-<session>.ics`), the whole
 * event (`/schedule.ics`) and `/schedule.json` in the frab/pretalx schedule JSON shape that schedule apps read.
 */
import { createHash } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Content } from "../../app/content/schemas";
import { buildCalendar, sessionUid, type CalendarEvent } from "../../app/lib/schedule/ics";
import { calendarRevision, changeSummary } from "../../app/lib/schedule/changes";
import { pageUrl } from "../../app/lib/urls";
import { venueText } from "../../app/lib/venue";

type Input = Pick<Content, "site" | "scheduleDays">;
type Session = Content["scheduleDays"][number]["sessions"][number];

function sessionEvent(input: Input, dayId: number, session: Session, siteUrl: string): CalendarEvent {
  const speaker = session.speaker ? ` With ${session.speaker.name}.` : "";
  return {
    uid: sessionUid(session.number, input.site.calendarDomain),
    ...calendarRevision(session.changes, session.status),
    start: session.startsAt,
    end: session.endsAt,
    summary: `${session.title} (${input.site.shortName})`,
    location: venueText(input.site.venue),
    // A changed session says so first ("Moved from Thu 24 Oct 10:30 (changed 20 Oct). …").
    description: `${[changeSummary(session.changes), session.text].filter(Boolean).join(". ")}${speaker}`,
    url: `${siteUrl}/event-detail/${dayId}/${session.id}`,
  };
}

/** Every file, path -> contents. `stamp` is the DTSTAMP (the build time). */
export function calendarFiles(input: Input, siteUrl: string, stamp: Date): Map<string, string> {
  const files = new Map<string, string>();
  const all: CalendarEvent[] = [];
  for (const day of input.scheduleDays) {
    for (const session of day.sessions) {
      const event = sessionEvent(input, day.id, session, siteUrl);
      all.push(event);
      files.set(pageUrl.sessionIcs(day.id, session.id), buildCalendar(session.title, [event], stamp));
    }
  }
  files.set("/schedule.ics", buildCalendar(input.site.title, all, stamp));
  files.set("/schedule.json", JSON.stringify(frabSchedule(input, siteUrl), null, 2) + "\n");
  return files;
}

/** A stable UUID (name-based, SHA-1) for a session, as frab's `guid`. */
function guid(name: string): string {
  const h = createHash("sha1").update(name).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The frab schedule JSON (https://c3voc.de/schedule/schema.json), as pretalx exports it. */
export function frabSchedule(input: Input, siteUrl: string) {
  const { site, scheduleDays } = input;
  const room = site.venue.name;
  return {
    $schema: "https://c3voc.de/schedule/schema.json",
    generator: { name: "tncc-conference-site" },
    schedule: {
      // Rises with every session added or changed (schedule apps compare it to refresh).
      version: `${scheduleDays.map((d) => d.sessions.length).join(".")}-${scheduleDays.reduce((n, d) => n + d.sessions.reduce((m, s) => m + s.changes.length, 0), 0)}`,
      base_url: `${siteUrl}/`,
      conference: {
        acronym: `${site.shortName.toLowerCase()}-${site.dates.start.slice(0, 4)}`,
        title: site.title,
        start: site.dates.start,
        end: site.dates.end,
        daysCount: scheduleDays.length,
        timeslot_duration: "00:15",
        time_zone_name: site.timeZone,
        url: siteUrl,
        rooms: [{ name: room, guid: guid(`room:${room}`) }],
        days: scheduleDays.map((day, index) => ({
          index,
          date: day.date,
          day_start: day.sessions[0]!.startsAt,
          day_end: day.sessions.at(-1)!.endsAt ?? day.sessions.at(-1)!.startsAt,
          rooms: {
            [room]: day.sessions.map((s) => ({
              // Stable across moves: from the session's number, like the calendars' UID.
              guid: guid(`session:${s.number}`),
              id: s.number,
              date: s.startsAt,
              start: s.start,
              duration: s.endsAt ? hhmm((Date.parse(s.endsAt) - Date.parse(s.startsAt)) / 60_000) : "00:00",
              room,
              slug: `day-${day.id}-session-${s.id}`,
              url: `${siteUrl}/event-detail/${day.id}/${s.id}`,
              title: s.title,
              // frab has no status field: a changed session says what changed here ("Cancelled (on 20 Oct)").
              subtitle: changeSummary(s.changes),
              track: null,
              type: "Session",
              language: "en",
              abstract: s.text,
              description: "",
              recording_license: "",
              do_not_record: true,
              persons: s.speaker ? [{ id: s.speaker.id, name: s.speaker.name, public_name: s.speaker.name }] : [],
              links: [],
              attachments: [],
            })),
          },
        })),
      },
    },
  };
}

export async function writeCalendarFiles(clientDir: string, input: Input, siteUrl: string): Promise<string> {
  const files = calendarFiles(input, siteUrl, new Date());
  for (const [urlPath, text] of files) {
    const file = path.join(clientDir, urlPath);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return `calendar: ${files.size - 2} session .ics files, schedule.ics, schedule.json`;
}
