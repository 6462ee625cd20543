/**
 * GET /api/agenda.ics?s=<code>: the calendar of a shared agenda, for calendar apps to subscribe to.
 * Stateless: the selection is the code itself (app/lib/agenda/code.ts); the sessions come from
 * build/agenda-sessions.json, written at build time (scripts/build/content-steps.ts, agendaDataStep).
 */
import { Hono } from "hono";
import { decodeAgenda } from "../../app/lib/agenda/code";
import { agendaCalendar } from "../../app/lib/agenda/ics";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { readOutput } from "../publish/outputs";

export interface AgendaIcsOptions {
  /** The build folder (its agenda-sessions.json); a function when it moves with the live build (issue 31). */
  buildDir: string | (() => string);
  /** The site's origin (SITE_URL) for the session links and ids; never the request's Host. */
  siteUrl?: string;
}

export function agendaRoutes(options: AgendaIcsOptions): Hono {
  const app = new Hono();
  const { load } = readOutput(BUILD_OUTPUTS.agendaSessions, options.buildDir);

  app.get("/api/agenda.ics", async (c) => {
    const code = c.req.query("s") ?? "";
    if (code.length > 2000) return c.text("Code too long", 400);
    const numbers = decodeAgenda(code);
    if (numbers.length === 0) return c.text("No sessions in this code", 400);
    if (!options.siteUrl) return c.text("The calendar is unavailable: the site's address (SITE_URL) is not set", 503);
    const input = await load();
    const ics = agendaCalendar(input, numbers, options.siteUrl, new Date());
    return c.body(ics, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="my-agenda.ics"',
      "Cache-Control": "no-cache",
    });
  });
  return app;
}
