/** GET /api/agenda.ics: the shared agenda's calendar, with links from SITE_URL only. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeAgenda } from "../../app/lib/agenda/code";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { agendaRoutes } from "./routes";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "tncc-agenda-"));
  writeFileSync(
    path.join(dir, BUILD_OUTPUTS.agendaSessions.file),
    JSON.stringify({
      calendarName: "TNCC: my agenda",
      calendarDomain: "tncc.example.org",
      location: "Hall, Dallas",
      sessions: [
        { number: 1, dayId: 1, id: 1, title: "Opening", startsAt: "2024-10-24T09:00:00-05:00" },
        { number: 2, dayId: 1, id: 2, title: "Worship", startsAt: "2024-10-24T10:00:00-05:00" },
      ],
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function app(siteUrl?: string) {
  return agendaRoutes({ buildDir: dir, siteUrl });
}

describe("/api/agenda.ics", () => {
  it("writes the session links from SITE_URL, whatever Host the request names", async () => {
    const res = await app("https://tncc.example.org").request(
      `http://evil.example/api/agenda.ics?s=${encodeAgenda([2])}`,
      {
        headers: { host: "evil.example", "x-forwarded-host": "evil.example" },
      },
    );
    expect(res.status).toBe(200);
    const ics = await res.text();
    expect(ics).toContain("https://tncc.example.org/event-detail/1/2");
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).not.toContain("evil.example");
  });

  it("is unavailable, rather than guessing an address, when SITE_URL is not set", async () => {
    expect((await app().request(`/api/agenda.ics?s=${encodeAgenda([1])}`)).status).toBe(503);
  });

  it("refuses an empty, malformed or oversized code", async () => {
    for (const s of ["", "%%%", "A".repeat(2001)])
      expect((await app("https://tncc.example.org").request(`/api/agenda.ics?s=${s}`)).status).toBe(400);
  });
});
