/**
 * A programme change in people's words (issue 44, part 2): what the attendees' alerts (./alerts.ts) and the
 * speakers' mails (./speakers.ts) say of each changed session, in the event's time zone.
 */
import type { AgendaSession } from "../../app/lib/agenda/ics";
import { eventDayTime } from "../../app/lib/schedule/changes";
import { eventClock } from "../../app/lib/schedule/time";
import { pageUrl } from "../../app/lib/urls";

/** One change as people read it. */
export interface ChangeNotice {
  number: number;
  title: string;
  /** "Moved", "Cancelled", "Back on", "Changed". */
  what: string;
  /** Its time in words: "now Fri 25 Oct 14:30 (was 13:30)", "was Thu 24 Oct 13:30" (cancelled), "Fri 25 Oct 13:30". */
  when: string;
  /** The organisers' note on the change, if any. */
  note?: string;
  /** The session's page, on the site. */
  path: string;
}

/** The change in one line, the subject of a mail about it: "Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)". */
export const noticeLine = (n: ChangeNotice) =>
  n.when.startsWith("was ") ? `${n.what}: ${n.title} (${n.when})` : `${n.what}: ${n.title}, ${n.when}`;

/** "Fri 25 Oct 13:30" and "13:30" of a "Fri 25 Oct 13:30". */
const splitDayTime = (text: string) => ({ day: text.slice(0, -6), time: text.slice(-5) });

/**
 * What changed for one session, in words: its old time (the build before, else its change's mark) and its new.
 * A move within one day names the old time alone ("now Fri 25 Oct 14:30 (was 13:30)"), to another day the old
 * day too; a cancelled session says when it was, one taken back up when it is; a change of its end says the new end.
 */
export function changeNotice(old: AgendaSession | undefined, now: AgendaSession): ChangeNotice {
  const oldText = old ? eventDayTime(old.startsAt) : now.change?.fromText;
  const newText = eventDayTime(now.startsAt);
  const base = {
    number: now.number,
    title: now.title,
    path: pageUrl.session(now.dayId, now.id),
    ...(now.change?.note ? { note: now.change.note } : {}),
  };
  if (now.cancelled) return { ...base, what: "Cancelled", when: `was ${oldText ?? newText}` };
  if (old?.cancelled) return { ...base, what: "Back on", when: newText };
  if (oldText && oldText !== newText) {
    const from = splitDayTime(oldText);
    const was = from.day === splitDayTime(newText).day ? from.time : oldText;
    return { ...base, what: "Moved", when: `now ${newText} (was ${was})` };
  }
  const oldEnd = old?.endsAt ? eventClock(old.endsAt) : undefined;
  const newEnd = now.endsAt ? eventClock(now.endsAt) : undefined;
  if (oldEnd && newEnd && oldEnd !== newEnd)
    return { ...base, what: "Changed", when: `${newText}, now ends ${newEnd} (was ${oldEnd})` };
  // Nothing about its time changed: the note says what did (a new speaker, a new room), once.
  const { note, ...rest } = base;
  return { ...rest, what: "Changed", when: note ? `${newText} (${note})` : newText };
}
