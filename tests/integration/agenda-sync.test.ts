// @vitest-environment jsdom
/**
 * The browser's sync of a kept agenda (app/lib/agenda/sync.ts) against the server's routes on a real
 * database (embedded, and with TEST_DATABASE_URL a PostgreSQL of its own): two devices, each its own
 * localStorage, stars changed on both while offline; back online, per session the latest change wins on
 * both, whichever device reaches the server first. `fetch` goes straight to the app (or fails: offline).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseStored } from "../../app/lib/agenda/local";
import { AGENDA_KEY, setStars } from "../../app/lib/agenda/store";
import { joinAgenda, keepAgenda, kick, readPending } from "../../app/lib/agenda/sync";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import type { Database } from "../../server/db/client";
import { agendaRoutes } from "../../server/agenda/routes";
import { databaseBackends } from "../fixtures/database-backends";

const MINUTE = 60_000;

describe.each(databaseBackends("agenda_sync"))("a kept agenda's sync on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let dir: string;
  let online = true;
  const devices = { phone: {} as Record<string, string>, laptop: {} as Record<string, string> };
  let current: keyof typeof devices | null = null;

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    dir = mkdtempSync(path.join(tmpdir(), "tncc-agenda-sync-"));
    writeFileSync(
      path.join(dir, BUILD_OUTPUTS.agendaSessions.file),
      JSON.stringify({ calendarName: "x", calendarDomain: "x.org", location: "y", sessions: [] }),
    );
    const app = agendaRoutes({ buildDir: dir, siteUrl: "https://tncc.example.org", database });
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      if (!online) throw new TypeError("Failed to fetch");
      return app.request(url, init);
    });
  }, 120_000);
  afterEach(() => vi.useRealTimers());
  afterAll(async () => {
    vi.unstubAllGlobals();
    await database?.close();
    cleanup?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Switches the browser's storage to one device's (what the other one stored is kept aside). */
  function on(device: keyof typeof devices) {
    if (current) devices[current] = { ...localStorage };
    localStorage.clear();
    for (const [k, v] of Object.entries(devices[device])) localStorage.setItem(k, v);
    current = device;
  }
  const stars = () => parseStored(localStorage.getItem(AGENDA_KEY) ?? "");
  const at = (time: number) => vi.setSystemTime(time);

  it("two devices changed offline: both end with the merge, the latest change per session winning", async () => {
    // The 2 s poll never fires by itself here: each device syncs when the test says so.
    vi.useFakeTimers({ toFake: ["Date", "setInterval"] });
    const t0 = Date.parse("2026-11-20T10:00:00Z");
    at(t0);
    on("phone");
    await setStars(new Set([1, 2]));
    await keepAgenda();
    const secret = localStorage.getItem("myAgendaKept")!;
    on("laptop");
    await setStars(new Set([3]));
    expect(await joinAgenda(secret)).toBe("joined");
    expect(stars()).toEqual([1, 2, 3]);
    on("phone");
    await kick();
    expect(stars()).toEqual([1, 2, 3]);

    // Offline: the laptop unstars 1 (10:01) and stars it again (10:03), and unstars 3 (10:04); the phone
    // unstars 1 (10:05) and stars 4 (10:06).
    online = false;
    on("laptop");
    at(t0 + 1 * MINUTE);
    await setStars(new Set([2, 3]));
    at(t0 + 3 * MINUTE);
    await setStars(new Set([1, 2, 3]));
    at(t0 + 4 * MINUTE);
    await setStars(new Set([1, 2]));
    await kick();
    expect(Object.keys(readPending())).toEqual(["1", "3"]);
    on("phone");
    at(t0 + 5 * MINUTE);
    await setStars(new Set([2, 3]));
    at(t0 + 6 * MINUTE);
    await setStars(new Set([2, 3, 4]));
    await kick();

    // Back online, the phone first: then the laptop, whose 10:03 star of 1 is older than the phone's 10:05.
    online = true;
    at(t0 + 10 * MINUTE);
    await kick();
    expect(stars()).toEqual([2, 3, 4]);
    on("laptop");
    await kick();
    expect(stars()).toEqual([2, 4]);
    expect(readPending()).toEqual({});
    on("phone");
    await kick();
    expect(stars()).toEqual([2, 4]);
    expect(readPending()).toEqual({});
  });
});
