import { buildCalendar, sessionUid, type CalendarEvent } from "../schedule/ics";
import type { ChangeMark } from "../schedule/changes";

/** One session as "My agenda" needs it (the /agenda page's data, and build/agenda-sessions.json for the server). */
export interface AgendaSession {
  /** Stable, never reused: what share codes carry. */
  number: number;
  dayId: number;
  id: number;
  title: string;
  startsAt: string;
  endsAt?: string;
  speaker?: string;
  /** The speaker's id in the content (speakers/NN-name.md): whom the publish mails of a change (issue 63). */
  speakerId?: number;
  /** Its latest announced change, shown on /agenda. */
  change?: ChangeMark;
  /** The calendar revision (app/lib/schedule/changes.ts calendarRevision). */
  sequence?: number;
  lastModified?: string;
  cancelled?: boolean;
}

export interface AgendaCalendarInput {
  calendarName: string;
  /** The domain in each session's UID (site.yaml calendarDomain): never the site's address (issue 62). */
  calendarDomain: string;
  /** When ratings close (issue 63, app/lib/feedback/window.ts); absent in a build from before. */
  feedbackClosesAt?: string;
  /** The event's time zone (site.yaml), for the words of a refused rating; absent in a build from before. */
  timeZone?: string;
  /** "Grace Fellowship Convention Hall, 1200 Fellowship Avenue, Dallas, TX 75201" */
  location: string;
  sessions: readonly AgendaSession[];
}

/** The .ics of the chosen sessions (by number), in programme order; unknown numbers are left out. */
export function agendaCalendar(input: AgendaCalendarInput, numbers: Iterable<number>, siteUrl: string, stamp: Date) {
  const chosen = new Set(numbers);
  const events: CalendarEvent[] = input.sessions
    .filter((s) => chosen.has(s.number))
    .sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))
    .map((s) => ({
      uid: sessionUid(s.number, input.calendarDomain),
      sequence: s.sequence,
      lastModified: s.lastModified,
      cancelled: s.cancelled,
      start: s.startsAt,
      end: s.endsAt,
      summary: s.title,
      location: input.location,
      description: s.speaker ? `With ${s.speaker}.` : s.title,
      url: `${siteUrl}/event-detail/${s.dayId}/${s.id}`,
    }));
  return buildCalendar(input.calendarName, events, stamp);
}

/** Sessions of the list that overlap another one in it (same instant ranges), by number -> the others' titles. */
export function clashes(sessions: readonly AgendaSession[]): Map<number, string[]> {
  const end = (s: AgendaSession) => Date.parse(s.endsAt ?? s.startsAt) || Date.parse(s.startsAt);
  const found = new Map<number, string[]>();
  for (const a of sessions)
    for (const b of sessions) {
      if (a === b) continue;
      const aStart = Date.parse(a.startsAt);
      const bStart = Date.parse(b.startsAt);
      const overlap = aStart === bStart || (aStart < end(b) && bStart < end(a));
      if (overlap) found.set(a.number, [...(found.get(a.number) ?? []), b.title]);
    }
  return found;
}
