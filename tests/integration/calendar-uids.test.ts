// @vitest-environment node
/**
 * Calendar UIDs that never change (issue 62): a build made without SITE_URL, then served and published with it,
 * names every session as before, in the built .ics files, the subscribed agenda feed and the ticket mail's entry.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../app/content/load";
import { agendaCalendarData } from "../../app/content/paths.server";
import { stubImageManifest } from "../../app/content/stub-images";
import { encodeAgenda } from "../../app/lib/agenda/code";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { parseCalendar } from "../../app/lib/schedule/ics";
import { writeCalendarFiles } from "../../scripts/build/calendar";
import { ticketsData } from "../../scripts/build/checkout-data";
import { normalizeSiteUrl } from "../../scripts/build/sitemap";
import { agendaRoutes } from "../../server/agenda/routes";
import { eventCalendar } from "../../server/tickets/mail";

const repo = path.resolve(import.meta.dirname, "../..");
const content = loadContent(path.join(repo, "content"), stubImageManifest());
const sessions = content.scheduleDays.flatMap((day) => day.sessions.map((session) => ({ day, session })));

describe("calendar UIDs (issue 62)", () => {
  const served = "http://127.0.0.1:4880";
  const uids = (ics: string) => parseCalendar(ics).map((e) => e.UID);

  it("a build without SITE_URL, served and published with one, keeps every UID", async () => {
    const bare = mkdtempSync(path.join(tmpdir(), "tncc-calendar-bare-"));
    const withUrl = mkdtempSync(path.join(tmpdir(), "tncc-calendar-url-"));
    try {
      // Built without SITE_URL (the default address), then published with the server's.
      await writeCalendarFiles(bare, content, normalizeSiteUrl(undefined));
      await writeCalendarFiles(withUrl, content, normalizeSiteUrl(served));
      const before = uids(readFileSync(path.join(bare, "schedule.ics"), "utf8"));
      expect(before).toHaveLength(sessions.length);
      expect(before).toEqual(sessions.map(({ session }) => `session-${session.number}@tncc.example.org`));
      expect(uids(readFileSync(path.join(withUrl, "schedule.ics"), "utf8"))).toEqual(before);
      for (const { day, session } of sessions) {
        const file = path.join("calendar", `${day.id}-${session.id}.ics`);
        expect(uids(readFileSync(path.join(withUrl, file), "utf8"))).toEqual(
          uids(readFileSync(path.join(bare, file), "utf8")),
        );
      }

      // The subscribed agenda feed, served under the server's SITE_URL, names each session as the build did.
      writeFileSync(path.join(bare, BUILD_OUTPUTS.agendaSessions.file), JSON.stringify(agendaCalendarData(content)));
      const numbers = sessions.map(({ session }) => session.number);
      const res = await agendaRoutes({ buildDir: bare, siteUrl: served }).request(
        `${served}/api/agenda.ics?s=${encodeAgenda(numbers)}`,
      );
      expect(res.status).toBe(200);
      expect(new Set(uids(await res.text()))).toEqual(new Set(before));

      // The ticket mail's event entry too.
      const tickets = ticketsData(content);
      expect(uids(eventCalendar(tickets, served))).toEqual(uids(eventCalendar(tickets, normalizeSiteUrl(undefined))));
      expect(uids(eventCalendar(tickets, served))[0]).toMatch(/@tncc\.example\.org$/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
      rmSync(withUrl, { recursive: true, force: true });
    }
  });
});
