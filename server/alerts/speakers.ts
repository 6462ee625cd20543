/**
 * Speakers told of their own changes (issue 63, item 2): when a publish moves, cancels or changes a session (the
 * changes the attendees' alerts find: its SEQUENCE rose, ./alerts.ts), the session's speaker gets one mail listing
 * each of their changed sessions with its old and new time in the event's zone, queued in the attendees' alerts'
 * transaction. The speaker is the session's `speaker` in the content (its id in the build's agenda-sessions.json),
 * mailed at their address in `speaker_contacts` (migration 025; a speaker with none is not mailed); a speaker
 * replaced by another is told too. `speaker_alerts_sent` (migration 028) keeps each change told per speaker, under a
 * unique key, so nobody is told twice. "Don't announce" records no change, so it mails no speaker either.
 */
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import { eventDayTime } from "../../app/lib/schedule/changes";
import { eventClock } from "../../app/lib/schedule/time";
import type { Db } from "../db/types";
import type { MailDraft } from "../mail/queries";
import { changeNotice, noticeLine } from "./notice";
import type { ChangedSession } from "./queries";
import { queueSpeakerAlerts } from "./speakers.queries";

/** A change a speaker is told of: the session as it was and as it is now. */
export interface SpeakerChange {
  speakerId: number;
  /** The speaker's name in the content (the build they are named in). */
  name: string;
  number: number;
  sequence: number;
  old: AgendaSession;
  now: AgendaSession;
}

/**
 * The speakers of the changed sessions, each change once: the session's speaker now, and the one it had before
 * when another took over.
 */
export function speakerChanges(
  before: AgendaCalendarInput,
  after: AgendaCalendarInput,
  changed: readonly ChangedSession[],
): SpeakerChange[] {
  const oldOf = new Map(before.sessions.map((s) => [s.number, s]));
  const nowOf = new Map(after.sessions.map((s) => [s.number, s]));
  return changed.flatMap(({ number, sequence }) => {
    const old = oldOf.get(number);
    const now = nowOf.get(number);
    if (!old || !now) return [];
    const speakers = [now, old].filter(
      (s, i, all): s is AgendaSession & { speakerId: number } =>
        s.speakerId !== undefined && all.findIndex((o) => o.speakerId === s.speakerId) === i,
    );
    return speakers.map((s) => ({ speakerId: s.speakerId, name: s.speaker ?? "", number, sequence, old, now }));
  });
}

/** "Fri 25 Oct 13:30 to 14:30", or without its end. */
const span = (s: AgendaSession) => `${eventDayTime(s.startsAt)}${s.endsAt ? ` to ${eventClock(s.endsAt)}` : ""}`;

/** One session's change as a speaker reads it: what happened, when it was and when it is now, and its page. */
function changeLines(change: SpeakerChange, siteUrl: string): string[] {
  const notice = changeNotice(change.old, change.now);
  const was = change.old.cancelled ? "cancelled" : span(change.old);
  const now = change.now.cancelled ? "cancelled" : span(change.now);
  return [
    noticeLine(notice),
    `  Was: ${was}`,
    `  Now: ${now}`,
    ...(notice.note ? [`  ${notice.note}`] : []),
    `  ${siteUrl}${notice.path}`,
    "",
  ];
}

/** The one mail a speaker gets for a publish: every change of their sessions in it. */
export function speakerMail(to: string, changes: readonly SpeakerChange[], siteUrl: string): MailDraft {
  const first = changes[0]!;
  const subject =
    changes.length === 1
      ? `Your session: ${noticeLine(changeNotice(first.old, first.now))}`
      : `${changes.length} of your sessions changed: ${changes.map((c) => c.now.title).join(", ")}`;
  return {
    to,
    subject: subject.length > 200 ? `${subject.slice(0, 199)}…` : subject,
    body: [
      first.name ? `Hello ${first.name},` : "Hello,",
      "",
      changes.length === 1
        ? "The TNCC programme has a change to your session:"
        : "The TNCC programme has changes to your sessions:",
      "",
      ...changes.flatMap((c) => changeLines(c, siteUrl)),
      `The whole programme: ${siteUrl}/schedule`,
      "",
      "You get this mail because you speak at TNCC and the organisers have your address.",
      "If something here looks wrong, please let the organisers know.",
    ].join("\n"),
  };
}

/**
 * In the caller's transaction (the attendees' alerts'): records each of `changes` not told yet to a speaker with an
 * address, and queues one mail per speaker for all of their new changes. Answers how many were queued.
 */
export function tellSpeakers(tx: Db, changes: readonly SpeakerChange[], siteUrl: string): Promise<number> {
  return queueSpeakerAlerts(tx, changes, (email, speakerId, sessions) =>
    speakerMail(
      email,
      changes.filter((c) => c.speakerId === speakerId && sessions.includes(c.number)),
      siteUrl,
    ),
  );
}
