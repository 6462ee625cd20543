// Content-derived paths for `react-router build` to pre-render. Goes through the same loader
// as the routes, so a content problem stops the build.
import { getPosts, getScheduleDays, getSpeakers } from "./content.server";

export async function prerenderPaths(): Promise<string[]> {
  return [
    ...getSpeakers().map((speaker) => `/speakers-detail/${speaker.id}`),
    ...getScheduleDays().flatMap((day) => day.sessions.map((session) => `/event-detail/${day.id}/${session.id}`)),
    ...getPosts().map((post) => `/blog-single/${post.id}`),
  ];
}
