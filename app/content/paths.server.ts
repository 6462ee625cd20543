// Content-derived paths for `react-router build` to pre-render. Goes through the same loader
// as the routes, so a content problem stops the build.
import { getPosts, getScheduleDays, getSite, getSpeakers } from "./content.server";

export async function prerenderPaths(): Promise<string[]> {
  return [
    ...getSpeakers().map((speaker) => `/speakers-detail/${speaker.id}`),
    ...getScheduleDays().flatMap((day) => day.sessions.map((session) => `/event-detail/${day.id}/${session.id}`)),
    ...getPosts().map((post) => `/blog-single/${post.id}`),
  ];
}

/** Session and speaker pages, precached by the offline service worker. */
export const offlineContentPages = () => [
  ...getScheduleDays().flatMap((day) => day.sessions.map((session) => `/event-detail/${day.id}/${session.id}`)),
  ...getSpeakers().map((speaker) => `/speakers-detail/${speaker.id}`),
];

/** build/agenda-sessions.json: what GET /api/agenda.ics needs (server/api/agenda-ics.ts). */
export function agendaSessionsFile() {
  const site = getSite();
  const { name, address } = site.venue;
  return {
    calendarName: `${site.title}: my agenda`,
    location: `${name}, ${address.street}, ${address.city}, ${address.region} ${address.postalCode}`,
    sessions: getScheduleDays().flatMap((day) =>
      day.sessions.map((s) => ({
        number: s.number,
        dayId: day.id,
        id: s.id,
        title: s.title,
        startsAt: s.startsAt,
        endsAt: s.endsAt,
        speaker: s.speaker?.name,
      })),
    ),
  };
}
