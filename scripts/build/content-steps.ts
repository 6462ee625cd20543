/** The build steps written from the content (not from the pre-rendered pages). */
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { agendaCalendarData, offlineContentPages } from "../../app/content/paths.server";
import { SCHEDULE_VERSION_PATH } from "../../app/lib/agenda/offline";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { writeCalendarFiles } from "./calendar";
import { writeCheckoutData } from "./checkout-data";
import { writeFeed } from "./feed";
import { writeOutput, type BuildContext, type BuildStep } from "./files";
import { writeServiceWorker } from "./service-worker";

const withContent = (
  name: string,
  run: (ctx: BuildContext, content: NonNullable<BuildContext["content"]>) => Promise<string>,
): BuildStep => ({
  name,
  run: (ctx) => (ctx.content ? run(ctx, ctx.content) : Promise.resolve(`${name}: skipped (no content loaded)`)),
});

export const checkoutDataStep = withContent("checkout data", (ctx, content) =>
  writeCheckoutData(ctx.buildDir, content),
);
export const calendarStep = withContent("calendar", (ctx, content) =>
  writeCalendarFiles(ctx.clientDir, content, ctx.siteUrl),
);
export const feedStep = withContent("feed", (ctx, content) => writeFeed(ctx.clientDir, content, ctx.siteUrl));

/**
 * BUILD_OUTPUTS.agendaSessions (GET /api/agenda.ics reads it) and build/client/schedule-version.json: the
 * programme's version (every session's time, title and changes), which a visitor's offline copy compares to
 * say "The schedule was updated" once (app/lib/agenda/offline.ts). Precached by the worker.
 */
export const agendaDataStep = withContent("agenda data", async (ctx, content) => {
  const data = agendaCalendarData(content);
  const written = await writeOutput(ctx.buildDir, BUILD_OUTPUTS.agendaSessions, data);
  const version = createHash("sha256").update(JSON.stringify(data)).digest("hex").slice(0, 16);
  await writeFile(path.join(ctx.clientDir, SCHEDULE_VERSION_PATH.slice(1)), JSON.stringify({ version }));
  return `agenda data: ${written}, ${SCHEDULE_VERSION_PATH.slice(1)} (${version})`;
});

/**
 * The offline worker (build/client/sw.js) over the final pages and files; BUILD_OUTPUTS.precache for the bench and
 * for the next content-only publish, which takes its unchanged files' revisions (./service-worker.ts).
 */
export const serviceWorkerStep = withContent("service worker", async (ctx, content) => {
  const pages = offlineContentPages(content);
  const { summary, ...precache } = await writeServiceWorker(ctx.clientDir, pages, ctx.live);
  await writeOutput(ctx.buildDir, BUILD_OUTPUTS.precache, precache);
  return summary;
});
