/**
 * What a publish needs of the content tools (the build's loader, the `yaml` documents, the working copy's git):
 * development dependencies, so server/publish/publisher.ts loads this module only when a publish or its page asks.
 * A server installed with `npm ci --omit=dev` serves the site without them (and cannot publish: it says so).
 */
import { ContentError, loadContent, readImageManifest } from "../../app/content/load";
import { agendaCalendarData } from "../../app/content/paths.server";
import type { AgendaCalendarInput } from "../../app/lib/agenda/ics";

export { commitFile } from "../content";
export { recordChanges, restoreSession } from "./programme-record";

/** The saved content's programme and the event's time zone, or what stops it from building. */
export function contentProgramme(
  contentDir: string,
  imageManifest: string,
): { programme: AgendaCalendarInput; timeZone: string } | { problem: string } {
  try {
    const content = loadContent(contentDir, readImageManifest(imageManifest));
    return { programme: agendaCalendarData(content), timeZone: content.site.timeZone };
  } catch (error) {
    if (error instanceof ContentError) return { problem: error.problems.join("\n") };
    throw error;
  }
}
