/**
 * After a publish goes live (server/publish/publisher.ts `afterLive`): the sessions whose programme changes moved
 * on (their SEQUENCE in the new build's agenda-sessions.json is above the build it replaced), and for each
 * confirmed subscriber whose kept agenda stars one of them, one mail naming every such change in one line each
 * ("Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)", the subject when it is the only one) with a one-click unsubscribe of its own (List-Unsubscribe, RFC 8058; a new secret, only
 * its hash stored), queued in one transaction;
 * then a push to each browser subscribed (./push.ts), a gone one removed.
 */
import { readFile } from "node:fs/promises";
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { alertPageLink } from "../../app/lib/agenda/alerts";
import { eventDayTime } from "../../app/lib/schedule/changes";
import { eventClock } from "../../app/lib/schedule/time";
import { pageUrl } from "../../app/lib/urls";
import type { Db } from "../db/client";
import type { MailDraft } from "../mail/queries";
import { outputFile } from "../publish/outputs";
import { queueAlerts, type AlertSubscription, type ChangedSession } from "./queries";
import type { PushSender } from "./push";

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

/** The sessions whose SEQUENCE rose from `before` to `after` (none without a build before: nothing to compare). */
export function changedSessions(before: AgendaCalendarInput | null, after: AgendaCalendarInput): ChangedSession[] {
  if (!before) return [];
  const was = new Map(before.sessions.map((s) => [s.number, s.sequence ?? 0]));
  return after.sessions
    .filter((s) => was.has(s.number) && (s.sequence ?? 0) > was.get(s.number)!)
    .map((s) => ({ number: s.number, sequence: s.sequence ?? 0 }));
}

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

export const alertUnsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/api/alerts/unsubscribe?t=${encodeURIComponent(token)}`;

/** The one mail a subscriber gets for a publish: every change of theirs in it. */
export function alertMail(to: string, token: string, notices: readonly ChangeNotice[], siteUrl: string): MailDraft {
  const unsubscribeUrl = alertUnsubscribeUrl(siteUrl, token);
  const subject =
    notices.length === 1
      ? noticeLine(notices[0]!)
      : `${notices.length} of your sessions changed: ${notices.map((n) => n.title).join(", ")}`;
  return {
    to,
    subject: subject.length > 200 ? `${subject.slice(0, 199)}…` : subject,
    body: [
      "Hello,",
      "",
      notices.length === 1 ? "A session in your TNCC agenda changed:" : "Sessions in your TNCC agenda changed:",
      "",
      ...notices.flatMap((n) => [noticeLine(n), ...(n.note ? [`  ${n.note}`] : []), `  ${siteUrl}${n.path}`, ""]),
      `Your agenda: ${siteUrl}/agenda`,
      "",
      "You get this mail because you asked to be told when a session in your agenda changes.",
      `To stop these mails: ${alertPageLink(siteUrl, "stop", token)}`,
    ].join("\n"),
    unsubscribeUrl,
  };
}

/** The push payload of a browser's changes (the service worker shows it, and opens `url` on a click). */
export function pushPayload(notices: readonly ChangeNotice[]) {
  const first = notices[0]!;
  const one = notices.length === 1;
  return {
    title: one ? `${first.what}: ${first.title}` : `${notices.length} of your sessions changed`,
    body: one
      ? [first.when.replace(/^./, (c) => c.toUpperCase()), ...(first.note ? [first.note] : [])].join("\n")
      : notices.map(noticeLine).join("\n"),
    url: first.path,
    tag: `session-changes`,
  };
}

export interface AlertOptions {
  db: Db;
  /** SITE_URL: the links in mails; without it no alert is sent. */
  siteUrl?: string;
  push?: PushSender;
  log?: (line: string) => void;
}

const readSessions = async (dir: string): Promise<AgendaCalendarInput | null> => {
  try {
    return AgendaSessionsSchema.parse(
      JSON.parse(await readFile(outputFile(dir, BUILD_OUTPUTS.agendaSessions), "utf8")),
    );
  } catch {
    return null;
  }
};

/**
 * The hook: the build that was live (`beforeDir`, null for none) and the one now live. Answers how many mails
 * were queued and pushes sent once the mails are committed (the pushes go after).
 */
export async function alertAfterPublish(
  options: AlertOptions,
  beforeDir: string | null,
  afterDir: string,
): Promise<{ changed: number; mails: number; pushes: Promise<number> }> {
  const none = { changed: 0, mails: 0, pushes: Promise.resolve(0) };
  const { siteUrl } = options;
  if (!siteUrl || !beforeDir || beforeDir === afterDir) return none;
  const [before, after] = await Promise.all([readSessions(beforeDir), readSessions(afterDir)]);
  if (!after) return none;
  const changed = changedSessions(before, after);
  if (changed.length === 0) return none;
  const oldOf = new Map(before!.sessions.map((s) => [s.number, s]));
  const notices = new Map(
    after.sessions
      .filter((s) => changed.some((c) => c.number === s.number))
      .map((s) => [s.number, changeNotice(oldOf.get(s.number), s)]),
  );
  const noticesOf = (sessions: number[]) => sessions.map((n) => notices.get(n)!).filter(Boolean);
  const queued = await queueAlerts(options.db, changed, (sub: AlertSubscription, sessions, token) =>
    alertMail(sub.email!, token, noticesOf(sessions), siteUrl),
  );
  const pushes = options.push
    ? options.push.sendAll(
        queued.pushes.map(({ sub, sessions }) => ({ sub, payload: pushPayload(noticesOf(sessions)) })),
      )
    : Promise.resolve(0);
  return { changed: changed.length, mails: queued.mails, pushes };
}
