/**
 * The feedback summary (issue 63, item 4), shaped for people from ./summary.queries.ts: each session named by
 * its title, day and time from the live programme (build/agenda-sessions.json), never by its number; no average
 * below five ratings; comments only where they may be shown.
 *
 * - `organiserSummary`: every session of the programme (and any rated one taken out since), ranked, with the
 *   switches and who changed them last.
 * - `speakerSummary(db, sessionNumbers, programme)`: the same figures for only those sessions, in programme
 *   order; comments only where an organiser let them through to the speaker and did not hide them.
 * - `feedbackCsv`: one row per rating; a hidden session's comments are left out.
 * - `ratingsToday`: the organisers' home during the event's days.
 */
import type { FeedbackSummary, OrganiserSessionFigures } from "../../app/api/admin/feedback";
import type { RatingsToday } from "../../app/api/admin/home";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import type { AgendaSession } from "../../app/lib/agenda/ics";
import { zonedWhen } from "../../app/lib/admin/when";
import {
  averageOf,
  MIN_RATINGS_FOR_AVERAGE,
  rankSessions,
  ratingCount,
  type FeedbackComment,
  type SessionFigures,
  type Spread,
} from "../../app/lib/feedback/summary";
import { eventDay, eventDayTime } from "../../app/lib/schedule/changes";
import { eventClock } from "../../app/lib/schedule/time";
import { zonedDate } from "../../app/lib/schedule/now";
import { isoInZone, zonedIso } from "../../app/lib/schedule/zoned-time";
import type { Db } from "../db/client";
import { nameOf as organiserName } from "../admin/accounts/queries";
import { toCsv } from "../csv";
import { readOutput } from "../publish";
import {
  allRatings,
  figuresBySession,
  ratingsBetween,
  switchesBySession,
  visibleComments,
  type CommentRow,
  type FiguresRow,
} from "./summary.queries";

/** The programme's sessions as the summary names them. */
export type Programme = readonly Pick<AgendaSession, "number" | "title" | "startsAt">[];

/** The live build's programme and the event's time zone (UTC and no sessions when the build has none). */
export function liveProgramme(buildDir: () => string): () => Promise<{ programme: Programme; timeZone: string }> {
  const sessions = readOutput(BUILD_OUTPUTS.agendaSessions, buildDir);
  const tickets = readOutput(BUILD_OUTPUTS.tickets, buildDir);
  return async () => {
    const [programme, timeZone] = await Promise.all([
      sessions.load().then(
        (p) => p.sessions,
        () => [],
      ),
      tickets.load().then(
        (t) => t.timeZone,
        () => "UTC",
      ),
    ]);
    return { programme, timeZone };
  };
}

const GONE = { title: "A session no longer in the programme", when: "" };
const nameOf = (programme: Programme) => {
  const byNumber = new Map(programme.map((s) => [s.number, s]));
  return (n: number) => {
    const s = byNumber.get(n);
    return s ? { title: s.title, when: eventDayTime(s.startsAt) } : GONE;
  };
};

function figuresOf(
  session: number,
  name: { title: string; when: string },
  row: FiguresRow | undefined,
  comments: FeedbackComment[],
): SessionFigures {
  const spread: Spread = row ? [row.s1, row.s2, row.s3, row.s4, row.s5] : [0, 0, 0, 0, 0];
  return { session, ...name, ratings: ratingCount(spread), average: averageOf(spread), spread, comments };
}

function commentsBySession(rows: CommentRow[]): Map<number, FeedbackComment[]> {
  const by = new Map<number, FeedbackComment[]>();
  for (const r of rows) {
    const list = by.get(r.session) ?? [];
    list.push({ stars: r.stars, text: r.text });
    by.set(r.session, list);
  }
  return by;
}

/** Every session of the programme, then any rated session taken out since; ranked (app/lib/feedback/summary.ts). */
export async function organiserSummary(db: Db, programme: Programme, timeZone: string): Promise<FeedbackSummary> {
  const [figures, comments, switches] = await Promise.all([
    figuresBySession(db),
    visibleComments(db, { toSpeaker: false }),
    switchesBySession(db),
  ]);
  const figuresOfSession = new Map(figures.map((r) => [r.session, r]));
  const switchesOf = new Map(switches.map((r) => [r.session, r]));
  const commentsOf = commentsBySession(comments);
  const name = nameOf(programme);
  const numbers = [...new Set([...programme.map((s) => s.number), ...figures.map((r) => r.session)])];
  const sessions = numbers.map((n): OrganiserSessionFigures => {
    const row = figuresOfSession.get(n);
    const sw = switchesOf.get(n);
    const hidden = sw?.commentsHidden ?? false;
    return {
      ...figuresOf(n, name(n), row, commentsOf.get(n) ?? []),
      hiddenComments: hidden ? (row?.comments ?? 0) : 0,
      switches: {
        off: sw?.off ?? false,
        commentsHidden: hidden,
        commentsToSpeaker: sw?.commentsToSpeaker ?? false,
        changedBy: sw ? organiserName({ email: sw.changedBy, name: sw.changedByName }) : null,
        changedAt: sw ? zonedWhen(sw.changedAt, timeZone) : null,
      },
    };
  });
  return { sessions: rankSessions(sessions) };
}

/**
 * A speaker's own sessions (helper A's page shows them with app/components/feedback/feedback-summary.tsx): the
 * figures of only `sessionNumbers`, in programme order; comments only where an organiser let them through and
 * did not hide them.
 */
export async function speakerSummary(
  db: Db,
  sessionNumbers: readonly number[],
  programme: Programme = [],
): Promise<SessionFigures[]> {
  const wanted = [...new Set(sessionNumbers)];
  const [figures, comments] = await Promise.all([
    figuresBySession(db, wanted),
    visibleComments(db, { sessions: wanted, toSpeaker: true }),
  ]);
  const figuresOfSession = new Map(figures.map((r) => [r.session, r]));
  const commentsOf = commentsBySession(comments);
  const name = nameOf(programme);
  const order = new Map(programme.map((s, i) => [s.number, i]));
  return wanted
    .sort((a, b) => (order.get(a) ?? Infinity) - (order.get(b) ?? Infinity))
    .map((n) => figuresOf(n, name(n), figuresOfSession.get(n), commentsOf.get(n) ?? []));
}

/** The CSV: one row per rating (session, day, time, stars, comment unless hidden, when it was given). */
export async function feedbackCsv(db: Db, programme: Programme, timeZone: string): Promise<string> {
  const byNumber = new Map(programme.map((s) => [s.number, s]));
  const rows = await allRatings(db);
  return toCsv([
    ["session", "day", "time", "stars", "comment", `rated at (${timeZone})`],
    ...rows.map((r) => {
      const s = byNumber.get(r.session);
      return [
        s?.title ?? GONE.title,
        s ? eventDay(s.startsAt) : "",
        s ? eventClock(s.startsAt) : "",
        String(r.stars),
        r.comment ?? "",
        isoInZone(r.ratedAt, timeZone),
      ];
    }),
  ]);
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * "Ratings today" on the organisers' home, from the event's first day to its last (the programme's days, in the
 * event's zone); null on any other day.
 */
export async function ratingsToday(
  db: Db,
  programme: Programme,
  timeZone: string,
  now: number,
): Promise<RatingsToday | null> {
  if (!programme.length) return null;
  const days = programme.map((s) => s.startsAt.slice(0, 10)).sort();
  const today = zonedDate(now, timeZone);
  if (today < days[0]! || today > days.at(-1)!) return null;
  const from = new Date(zonedIso(today, "00:00", timeZone));
  const to = new Date(zonedIso(nextDay(today), "00:00", timeZone));
  const [count, figures] = await Promise.all([ratingsBetween(db, from, to), figuresBySession(db)]);
  const name = nameOf(programme);
  const [best] = rankSessions(figures.map((r) => figuresOf(r.session, name(r.session), r, []))).filter(
    (s) => s.average !== null && s.ratings >= MIN_RATINGS_FOR_AVERAGE && s.title !== GONE.title,
  );
  return {
    count,
    best: best ? { title: best.title, when: best.when, average: best.average!, ratings: best.ratings } : null,
  };
}
