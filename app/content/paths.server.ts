// Content-derived paths for `react-router build` to pre-render. Goes through the same loader
// as the routes, so a content problem stops the build.
import type { AgendaCalendarInput } from "../lib/agenda/ics";
import { calendarRevision, changeMark } from "../lib/schedule/changes";
import { pageUrl } from "../lib/urls";
import { venueText } from "../lib/venue";
import { getPosts, getScheduleDays, getSite, getSpeakers, type Content } from "./content.server";

export async function prerenderPaths(): Promise<string[]> {
  return [
    ...getSpeakers().map((speaker) => pageUrl.speaker(speaker.id)),
    ...getScheduleDays().flatMap((day) => day.sessions.map((session) => pageUrl.session(day.id, session.id))),
    ...getPosts().map((post) => pageUrl.post(post.id)),
  ];
}

/** Session and speaker pages, precached by the offline service worker. */
export const offlineContentPages = (
  { scheduleDays, speakers }: Pick<Content, "scheduleDays" | "speakers"> = {
    scheduleDays: getScheduleDays(),
    speakers: getSpeakers(),
  },
) => [
  ...scheduleDays.flatMap((day) => day.sessions.map((session) => pageUrl.session(day.id, session.id))),
  ...speakers.map((speaker) => pageUrl.speaker(speaker.id)),
];

/**
 * The agenda calendar's data: /agenda builds its .ics from it (agendaView), and GET /api/agenda.ics reads it
 * from build/agenda-sessions.json (written by scripts/build's agenda data step, which runs outside Vite and cannot
 * resolve the `~` alias: relative imports here).
 */
export function agendaCalendarData(
  { site, scheduleDays }: Pick<Content, "site" | "scheduleDays"> = { site: getSite(), scheduleDays: getScheduleDays() },
): AgendaCalendarInput {
  return {
    calendarName: `${site.title}: my agenda`,
    calendarDomain: site.calendarDomain,
    feedbackClosesAt: site.feedbackClosesAt,
    timeZone: site.timeZone,
    location: venueText(site.venue),
    sessions: scheduleDays.flatMap((day) =>
      day.sessions.map((s) => ({
        number: s.number,
        dayId: day.id,
        id: s.id,
        title: s.title,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        speaker: s.speaker?.name,
        speakerId: s.speaker?.id,
        change: changeMark(s.changes),
        ...calendarRevision(s.changes, s.status),
      })),
    ),
  };
}
