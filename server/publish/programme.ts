/**
 * Programme changes found, not typed (issue 51): what a publish would change in the programme, worked out by
 * comparing the sessions going live (the content as saved) with the live build's (its agenda-sessions.json),
 * whatever made the edit (the editor, a git push, a restore). Sessions are matched by their `number`, which never
 * changes, so a session moved to another day file is one move. Pure: the publisher writes what it finds into the
 * day files (./programme-record.ts) before it builds, so the YAML stays the one source of truth for every mark,
 * `/changes`, the calendars' SEQUENCE and the alerts (docs/decisions/028-programme-changes-found.md).
 */
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import type { ProgrammeChange } from "../../app/api/admin/publish";
import { eventDay, eventDayTime } from "../../app/lib/schedule/changes";
import { eventClock } from "../../app/lib/schedule/time";

const day = (iso: string) => iso.slice(0, 10);
/** "Fri 25 Oct 13:30 to 14:30": the second time without its day when the day is the same. */
const moveText = (from: string, to: string) =>
  `from ${eventDayTime(from)} to ${day(from) === day(to) ? eventClock(to) : eventDayTime(to)}`;

/**
 * Each difference between the live programme and the one going live, in the order of the programme. A session
 * whose content already records a change the live build lacks (its SEQUENCE is higher: written by hand, or by a
 * publish that failed or was rolled back) is left as it is: that change is recorded once.
 */
export function programmeDiff(live: AgendaCalendarInput | null, next: AgendaCalendarInput): ProgrammeChange[] {
  if (!live) return [];
  const before = new Map(live.sessions.map((s) => [s.number, s]));
  const after = new Set(next.sessions.map((s) => s.number));
  const found: ProgrammeChange[] = [];
  for (const now of next.sessions) {
    const was = before.get(now.number);
    if (!was) {
      found.push({
        number: now.number,
        title: now.title,
        kind: "added",
        text: `New: ${now.title}, ${eventDayTime(now.startsAt)}`,
        to: { startsAt: now.startsAt },
      });
      continue;
    }
    if ((now.sequence ?? 0) > (was.sequence ?? 0)) continue;
    found.push(...sessionChanges(was, now));
  }
  for (const was of live.sessions)
    if (!after.has(was.number))
      found.push({
        number: was.number,
        title: was.title,
        kind: "removed",
        text: `${was.title} (${eventDayTime(was.startsAt)}) was taken out of the programme`,
        from: { startsAt: was.startsAt, ...(was.endsAt ? { endsAt: was.endsAt } : {}) },
      });
  return found;
}

function sessionChanges(was: AgendaSession, now: AgendaSession): ProgrammeChange[] {
  const base = { number: now.number, title: now.title };
  if (now.cancelled && !was.cancelled)
    return [{ ...base, kind: "cancelled", text: `${now.title} (${eventDayTime(was.startsAt)}) is cancelled` }];
  if (now.cancelled) return [];
  const changes: ProgrammeChange[] = [];
  const from = { startsAt: was.startsAt, ...(was.endsAt ? { endsAt: was.endsAt } : {}) };
  const to = { startsAt: now.startsAt, ...(now.endsAt ? { endsAt: now.endsAt } : {}) };
  if (was.startsAt !== now.startsAt)
    changes.push({
      ...base,
      kind: "moved",
      text: `${now.title} moves ${moveText(was.startsAt, now.startsAt)}`,
      from,
      to,
    });
  else if ((was.endsAt ?? "") !== (now.endsAt ?? ""))
    changes.push({
      ...base,
      kind: "moved",
      text: now.endsAt
        ? `${now.title} (${eventDay(now.startsAt)}) now ends at ${eventClock(now.endsAt)}${was.endsAt ? ` (was ${eventClock(was.endsAt)})` : ""}`
        : `${now.title} (${eventDay(now.startsAt)}) has no end time any more`,
      from,
      to,
    });
  if ((was.speaker ?? "") !== (now.speaker ?? ""))
    changes.push({
      ...base,
      kind: "speaker",
      text: now.speaker
        ? `${now.title}: ${now.speaker} speaks${was.speaker ? ` instead of ${was.speaker}` : ""}`
        : `${now.title}: the speaker is to be announced${was.speaker ? ` (was ${was.speaker})` : ""}`,
      fromSpeaker: was.speaker ?? null,
      toSpeaker: now.speaker ?? null,
    });
  return changes;
}

/** The note a change other than a move or a cancellation records (shown on the marks and `/changes`). */
export function changeNote(change: ProgrammeChange): string | undefined {
  if (change.kind === "added") return "New session";
  if (change.kind === "speaker")
    return change.toSpeaker ? `New speaker: ${change.toSpeaker}` : "Speaker to be announced";
  if (change.kind === "moved" && change.from && change.to && change.from.startsAt === change.to.startsAt)
    return change.to.endsAt ? `Now ends at ${eventClock(change.to.endsAt)}` : "No end time any more";
  return undefined;
}
