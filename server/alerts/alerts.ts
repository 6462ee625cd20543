/**
 * After a publish goes live (server/publish/publisher.ts `afterLive`): the sessions whose programme changes moved
 * on (their SEQUENCE in the new build's agenda-sessions.json is above the build it replaced), and for each
 * confirmed subscriber whose kept agenda stars one of them, one mail naming every such change in one line each
 * ("Moved: Networking and Mixer, now Fri 25 Oct 14:30 (was 13:30)", the subject when it is the only one) with a one-click unsubscribe of its own (List-Unsubscribe, RFC 8058; a new secret, only
 * its hash stored), queued in one transaction;
 * then a push to each browser subscribed (./push.ts), a gone one removed.
 */
import { readFile } from "node:fs/promises";
import type { AgendaCalendarInput } from "../../app/lib/agenda/ics";
import { AgendaSessionsSchema, BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { alertPageLink } from "../../app/lib/agenda/alerts";
import type { Db } from "../db/client";
import type { MailDraft } from "../mail/queries";
import { outputFile } from "../publish";
import { changeNotice, noticeLine, type ChangeNotice } from "./notice";
import { queueAlerts, type AlertSubscription, type ChangedSession } from "./queries";
import { speakerChanges, tellSpeakers } from "./speakers";
import type { PushSender } from "./push";

export { changeNotice, noticeLine, type ChangeNotice };

/** The sessions whose SEQUENCE rose from `before` to `after` (none without a build before: nothing to compare). */
export function changedSessions(before: AgendaCalendarInput | null, after: AgendaCalendarInput): ChangedSession[] {
  if (!before) return [];
  const was = new Map(before.sessions.map((s) => [s.number, s.sequence ?? 0]));
  return after.sessions
    .filter((s) => was.has(s.number) && (s.sequence ?? 0) > was.get(s.number)!)
    .map((s) => ({ number: s.number, sequence: s.sequence ?? 0 }));
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
): Promise<{ changed: number; mails: number; speakerMails: number; pushes: Promise<number> }> {
  const none = { changed: 0, mails: 0, speakerMails: 0, pushes: Promise.resolve(0) };
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
  // The attendees' mails and the speakers' (./speakers.ts) in one transaction: all queued, or none.
  const speakers = speakerChanges(before!, after, changed);
  const queued = await options.db.transaction(async (tx) => {
    const attendees = await queueAlerts(tx, changed, (sub: AlertSubscription, sessions, token) =>
      alertMail(sub.email!, token, noticesOf(sessions), siteUrl),
    );
    return { ...attendees, speakerMails: await tellSpeakers(tx, speakers, siteUrl) };
  });
  const pushes = options.push
    ? options.push.sendAll(
        queued.pushes.map(({ sub, sessions }) => ({ sub, payload: pushPayload(noticesOf(sessions)) })),
      )
    : Promise.resolve(0);
  return { changed: changed.length, mails: queued.mails, speakerMails: queued.speakerMails, pushes };
}
