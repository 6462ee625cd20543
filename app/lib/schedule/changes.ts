/**
 * Programme changes (issue 33): a session's history as content keeps it (schedule/day-NN.yaml `status` and
 * `changes`, see docs/decisions/020-programme-changes.md), and the marks pages show from it. Pure and
 * locale-free: the texts are built from the ISO strings, so a page needs no Intl to show them.
 */
import { eventClock } from "./time";
import { pageUrl } from "../urls";

export type SessionStatus = "cancelled" | "moved";

/** One announced change, oldest first. */
export interface SessionChange {
  /** The day it was announced, YYYY-MM-DD. */
  date: string;
  /** "moved": the time or day changed; "cancelled": the session will not take place; "changed": see note. */
  kind: "moved" | "cancelled" | "changed";
  /** A move: where the session was before, as an instant in the event's zone ("2024-10-24T10:30:00-05:00"). */
  fromStartsAt?: string;
  note?: string;
}

/** What a page shows beside a changed session: its latest change. */
export interface ChangeMark {
  kind: SessionChange["kind"];
  /** YYYY-MM-DD, for <time dateTime>. */
  date: string;
  /** "20 Oct" */
  dateText: string;
  /** "Thu 24 Oct 10:30": where a moved session was before. */
  fromText?: string;
  note?: string;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "20 Oct" from "2024-10-20". */
export function shortDate(isoDate: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}`;
}

/** "Thu 24 Oct", the event's day of an instant written in the event's zone. */
export function eventDay(iso: string): string {
  const date = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${shortDate(iso)}`;
}

/** "Thu 24 Oct 10:30", on the event's clock. */
export const eventDayTime = (iso: string) => `${eventDay(iso)} ${eventClock(iso)}`;

/** The latest change of a session, as its mark; undefined for a session as first published. */
export function changeMark(changes: readonly SessionChange[]): ChangeMark | undefined {
  const last = changes.at(-1);
  if (!last) return undefined;
  return {
    kind: last.kind,
    date: last.date,
    dateText: shortDate(last.date),
    ...(last.fromStartsAt ? { fromText: eventDayTime(last.fromStartsAt) } : {}),
    ...(last.note ? { note: last.note } : {}),
  };
}

/** The mark as one sentence, for lists and screen readers: "Moved from Thu 24 Oct 10:30 (changed 20 Oct)". */
export function changeText(mark: ChangeMark): string {
  const what =
    mark.kind === "cancelled" ? "Cancelled" : mark.kind === "moved" ? `Moved from ${mark.fromText}` : "Changed";
  const note = mark.note ? `: ${mark.note}` : "";
  return `${what}${note} (${mark.kind === "cancelled" ? "on" : "changed"} ${mark.dateText})`;
}

/** The latest change as one sentence, or "" for a session as first published. */
export function changeSummary(changes: readonly SessionChange[]): string {
  const mark = changeMark(changes);
  return mark ? changeText(mark) : "";
}

/**
 * The calendar fields of a session (RFC 5545): SEQUENCE is the number of changes (it rises with each one),
 * LAST-MODIFIED the day of the latest, STATUS cancelled or confirmed.
 */
export function calendarRevision(changes: readonly SessionChange[], status?: SessionStatus) {
  const last = changes.at(-1);
  return {
    sequence: changes.length,
    lastModified: last ? `${last.date}T00:00:00Z` : undefined,
    cancelled: status === "cancelled",
  };
}

export interface ProgrammeChange {
  /** Unique in the list: the session's number and the change's place in its history. */
  key: string;
  /** YYYY-MM-DD */
  date: string;
  dateText: string;
  kind: SessionChange["kind"];
  note?: string;
  /** A move: "Thu 24 Oct 10:30" to "Fri 25 Oct 14:00". */
  fromText?: string;
  toText?: string;
  session: { number: number; title: string; href: string; when: string };
}

interface ChangedSession {
  id: number;
  number: number;
  title: string;
  startsAt: string;
  changes: readonly SessionChange[];
}

/**
 * Every announced change of the programme, newest first (then by session number), each with its session's
 * link and, for a move, where it moved from and to. A session moved twice lists both moves.
 */
export function programmeChanges(
  days: readonly { id: number; sessions: readonly ChangedSession[] }[],
): ProgrammeChange[] {
  const entries = days.flatMap((day) =>
    day.sessions.flatMap((session) =>
      session.changes.map((change, index): ProgrammeChange => {
        // Where this move went: the next move's "from", or where the session is now.
        const to = session.changes.slice(index + 1).find((c) => c.fromStartsAt)?.fromStartsAt ?? session.startsAt;
        return {
          key: `${session.number}-${index}`,
          date: change.date,
          dateText: shortDate(change.date),
          kind: change.kind,
          ...(change.note ? { note: change.note } : {}),
          ...(change.fromStartsAt ? { fromText: eventDayTime(change.fromStartsAt), toText: eventDayTime(to) } : {}),
          session: {
            number: session.number,
            title: session.title,
            href: pageUrl.session(day.id, session.id),
            when: eventDayTime(session.startsAt),
          },
        };
      }),
    ),
  );
  return entries.sort(
    (a, b) => b.date.localeCompare(a.date) || a.session.number - b.session.number || a.key.localeCompare(b.key),
  );
}
