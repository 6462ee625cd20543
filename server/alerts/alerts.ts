/**
 * After a publish goes live (server/publish/publisher.ts `afterLive`): the sessions whose programme changes moved
 * on (their SEQUENCE in the new build's agenda-sessions.json is above the build it replaced), and for each
 * confirmed subscriber whose kept agenda stars one of them, one mail naming every such change (the old and the
 * new time, or cancelled) with a one-click unsubscribe of its own (List-Unsubscribe, RFC 8058; a new secret, only
 * its hash stored), queued in one transaction;
 * then a push to each browser subscribed (./push.ts), a gone one removed.
 */
import { readFile } from "node:fs/promises";
import type { AgendaCalendarInput, AgendaSession } from "../../app/lib/agenda/ics";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { eventDayTime } from "../../app/lib/schedule/changes";
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
  /** "Moved: was Thu 24 Oct 10:30, now Thu 24 Oct 12:15", "Cancelled (was Thu 24 Oct 13:30)". */
  text: string;
  /** The session's page, on the site. */
  path: string;
}

/** The sessions whose SEQUENCE rose from `before` to `after` (none without a build before: nothing to compare). */
export function changedSessions(before: AgendaCalendarInput | null, after: AgendaCalendarInput): ChangedSession[] {
  if (!before) return [];
  const was = new Map(before.sessions.map((s) => [s.number, s.sequence ?? 0]));
  return after.sessions
    .filter((s) => was.has(s.number) && (s.sequence ?? 0) > was.get(s.number)!)
    .map((s) => ({ number: s.number, sequence: s.sequence ?? 0 }));
}

/** What changed for one session, in words: its old time (the build before, else its change's mark) and its new. */
export function changeNotice(old: AgendaSession | undefined, now: AgendaSession): ChangeNotice {
  const oldTime = old ? eventDayTime(old.startsAt) : now.change?.fromText;
  const newTime = eventDayTime(now.startsAt);
  const note = now.change?.note ? ` (${now.change.note})` : "";
  const text = now.cancelled
    ? `Cancelled${oldTime ? ` (was ${oldTime})` : ""}${note}`
    : oldTime && oldTime !== newTime
      ? `Moved: was ${oldTime}, now ${newTime}${note}`
      : `Changed: now ${newTime}${note}`;
  return { number: now.number, title: now.title, text, path: pageUrl.session(now.dayId, now.id) };
}

export const alertUnsubscribeUrl = (siteUrl: string, token: string) =>
  `${siteUrl}/api/alerts/unsubscribe?t=${encodeURIComponent(token)}`;

/** The one mail a subscriber gets for a publish: every change of theirs in it. */
export function alertMail(to: string, token: string, notices: readonly ChangeNotice[], siteUrl: string): MailDraft {
  const unsubscribeUrl = alertUnsubscribeUrl(siteUrl, token);
  const first = notices[0]!;
  const subject =
    notices.length === 1
      ? `Changed: ${first.title}: ${first.text}`
      : `${notices.length} of your sessions changed: ${notices.map((n) => n.title).join(", ")}`;
  return {
    to,
    subject: `[TNCC] ${subject}`.slice(0, 200),
    body: [
      "Hello,",
      "",
      notices.length === 1 ? "A session in your agenda changed:" : "Sessions in your agenda changed:",
      "",
      ...notices.flatMap((n) => [`${n.title}`, `  ${n.text}`, `  ${siteUrl}${n.path}`, ""]),
      `Your agenda: ${siteUrl}/agenda`,
      "",
      `You get this because you asked to be told when a session of your agenda changes. Stop: ${unsubscribeUrl}`,
    ].join("\n"),
    unsubscribeUrl,
  };
}

/** The push payload of a browser's changes (the service worker shows it, and opens `url` on a click). */
export function pushPayload(notices: readonly ChangeNotice[]) {
  const first = notices[0]!;
  return {
    title: notices.length === 1 ? `Changed: ${first.title}` : `${notices.length} of your sessions changed`,
    body: notices.map((n) => (notices.length === 1 ? n.text : `${n.title}: ${n.text}`)).join("\n"),
    url: first.path,
    tag: `session-changes`,
  };
}

export interface AlertOptions {
  db: Db;
  /** SITE_URL: the links in mails; without it no alert is sent. */
  siteUrl?: string;
  push?: PushSender;
  /** Wakes the mail sender. */
  onQueued?: () => void;
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
  if (queued.mails > 0) options.onQueued?.();
  const pushes = options.push
    ? options.push.sendAll(
        queued.pushes.map(({ sub, sessions }) => ({ sub, payload: pushPayload(noticesOf(sessions)) })),
      )
    : Promise.resolve(0);
  return { changed: changed.length, mails: queued.mails, pushes };
}
