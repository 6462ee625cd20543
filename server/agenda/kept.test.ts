/**
 * Kept agendas (issue 44, part 1) on the embedded PostgreSQL and, with TEST_DATABASE_URL (`npm run test:pg`), on
 * a database of their own: two devices share one agenda by its secret; the calendar feed keeps its address;
 * "stop keeping it" deletes it; and the bad input: guessed or malformed links (404, then 429), an agenda of
 * 10,000 stars, an old device's change that must not overwrite a newer one.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  KeptAgendaAnswerSchema,
  KeptAgendaCreatedSchema,
  MAX_AGENDA_SESSIONS,
  keptFeedPath,
  type StarChange,
} from "../../app/lib/agenda/keep";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { purge } from "../retention/queries";
import { secretHash } from "../secret";
import { AGENDA_UNUSED_DAYS } from "./queries";
import { agendaRoutes } from "./routes";

const backends = databaseBackends("agendas");
const DAY = 86_400_000;
const SITE = "https://tncc.example.org";

describe.each(backends)("kept agendas on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let dir: string;
  let clock = Date.parse("2026-11-02T10:00:00Z");
  let client = "203.0.113.1";
  let app: ReturnType<typeof agendaRoutes>;

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    dir = mkdtempSync(path.join(tmpdir(), "tncc-kept-"));
    writeFileSync(
      path.join(dir, BUILD_OUTPUTS.agendaSessions.file),
      JSON.stringify({
        calendarName: "TNCC: my agenda",
        calendarDomain: "tncc.example.org",
        location: "Hall, Dallas",
        sessions: [1, 2, 3, 4].map((n) => ({
          number: n,
          dayId: 1,
          id: n,
          title: `Session ${n}`,
          startsAt: `2026-11-20T${String(8 + n).padStart(2, "0")}:00:00-06:00`,
        })),
      }),
    );
    app = agendaRoutes({
      buildDir: dir,
      siteUrl: SITE,
      database,
      now: () => clock,
      clientKey: () => client,
      missLimit: { max: 5, windowMs: 600_000 },
    });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
    rmSync(dir, { recursive: true, force: true });
  });

  const send = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(url, {
      method,
      headers: body === undefined ? headers : { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  const star = (session: number, starred = true, at = clock): StarChange => ({ session, starred, at });
  const starredOf = (answer: { stars: StarChange[] }) => answer.stars.filter((s) => s.starred).map((s) => s.session);
  async function keep(changes: StarChange[]) {
    const res = await send("POST", "/api/agendas", { changes });
    expect(res.status).toBe(201);
    return KeptAgendaCreatedSchema.parse(await res.json());
  }
  const feedTitles = async (secret: string) => {
    const res = await send("GET", keptFeedPath(secret));
    expect(res.status).toBe(200);
    return [...(await res.text()).matchAll(/^SUMMARY:(.*)$/gm)].map((m) => m[1]!.trim());
  };

  it("keeps an agenda for two devices: changes merge, the feed keeps its address, 304 while nothing changed", async () => {
    const kept = await keep([star(1), star(2)]);
    expect(kept.secret).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(starredOf(kept)).toEqual([1, 2]);
    // Only the secret's SHA-256 is stored.
    const stored = rowsOf<{ secret_hash: string }>(await database.db.execute(sql`SELECT secret_hash FROM agendas`));
    expect(stored.map((r) => r.secret_hash)).toContain(secretHash(kept.secret));
    expect(JSON.stringify(stored)).not.toContain(kept.secret);
    expect(await feedTitles(kept.secret)).toEqual(["Session 1", "Session 2"]);

    // The second device reads it, then asks again with its version: nothing changed.
    const first = await send("GET", `/api/agendas/${kept.secret}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag")!;
    expect(KeptAgendaAnswerSchema.parse(await first.json())).toEqual({ version: kept.version, stars: kept.stars });
    expect((await send("GET", `/api/agendas/${kept.secret}`, undefined, { "if-none-match": etag })).status).toBe(304);

    // It stars 3 and unstars 1; the first device sees that on its next poll, and the feed follows.
    clock += 1000;
    const synced = await send("POST", `/api/agendas/${kept.secret}`, { changes: [star(3), star(1, false)] });
    expect(synced.status).toBe(200);
    expect(starredOf(KeptAgendaAnswerSchema.parse(await synced.json()))).toEqual([2, 3]);
    const poll = await send("GET", `/api/agendas/${kept.secret}`, undefined, { "if-none-match": etag });
    expect(poll.status).toBe(200);
    expect(poll.headers.get("etag")).not.toBe(etag);
    expect(await feedTitles(kept.secret)).toEqual(["Session 2", "Session 3"]);
    // The same changes again change nothing: the version stays.
    const again = await send("POST", `/api/agendas/${kept.secret}`, { changes: [star(3, true, clock)] });
    expect(again.headers.get("etag")).toBe(poll.headers.get("etag"));

    // Stop keeping it: gone for every device, and the feed too.
    expect((await send("DELETE", `/api/agendas/${kept.secret}`)).status).toBe(204);
    expect((await send("GET", `/api/agendas/${kept.secret}`)).status).toBe(404);
    expect((await send("GET", keptFeedPath(kept.secret))).status).toBe(404);
    const left = await database.db.execute(sql`SELECT count(*)::int AS n FROM agenda_stars`);
    expect(rowsOf<{ n: number }>(left)[0]!.n).toBe(0);
  });

  it("a sync from an old device does not overwrite newer stars; a time in the future counts as now", async () => {
    const kept = await keep([star(1), star(2)]);
    const url = `/api/agendas/${kept.secret}`;
    // The phone unstarred 1 at 10:05 and synced; the laptop, offline since 10:00, starred 1 at 10:01 and
    // unstarred 2 at 10:02. Per session the latest change wins: 1 stays unstarred, 2 goes.
    const start = clock;
    clock = start + 10 * 60_000;
    expect((await send("POST", url, { changes: [star(1, false, start + 5 * 60_000)] })).status).toBe(200);
    const old = await send("POST", url, { changes: [star(1, true, start + 60_000), star(2, false, start + 120_000)] });
    expect(old.status).toBe(200);
    const merged = KeptAgendaAnswerSchema.parse(await old.json());
    expect(starredOf(merged)).toEqual([]);
    expect(merged.stars.find((s) => s.session === 1)).toMatchObject({ starred: false, at: start + 5 * 60_000 });

    // A device whose clock is a year ahead: its change is recorded at the server's now, not in a year,
    // so a later change from a correct clock still wins.
    await send("POST", url, { changes: [star(3, true, clock + 365 * DAY)] });
    const [three] = KeptAgendaAnswerSchema.parse(await (await send("GET", url)).json()).stars.filter(
      (s) => s.session === 3,
    );
    expect(three).toEqual({ session: 3, starred: true, at: clock });
    clock += 1000;
    await send("POST", url, { changes: [star(3, false, clock)] });
    expect(starredOf(KeptAgendaAnswerSchema.parse(await (await send("GET", url)).json()))).toEqual([]);
  });

  it("refuses an agenda of 10,000 stars, and one that would grow past the limit, in words", async () => {
    const many = Array.from({ length: 10_000 }, (_, i) => star(i + 1));
    const huge = await send("POST", "/api/agendas", { changes: many });
    expect([413, 422]).toContain(huge.status);
    expect((await huge.json()) as { message: string }).toMatchObject({
      message: expect.stringMatching(/at most 500 sessions/),
    });
    // Just over the limit, small enough to be read: refused by the schema.
    const over = await send("POST", "/api/agendas", { changes: many.slice(0, MAX_AGENDA_SESSIONS + 1) });
    expect(over.status).toBe(422);
    expect(await over.json()).toMatchObject({
      message: expect.stringMatching(/at most 500 sessions; this one would have 501/),
    });

    // 300 kept, then 300 more: refused whole, nothing of it recorded.
    const kept = await keep(many.slice(0, 300));
    const more = await send("POST", `/api/agendas/${kept.secret}`, { changes: many.slice(300, 600) });
    expect(more.status).toBe(422);
    expect(await more.json()).toMatchObject({
      message: expect.stringMatching(/at most 500 sessions; this one would have 600/),
    });
    const after = KeptAgendaAnswerSchema.parse(await (await send("GET", `/api/agendas/${kept.secret}`)).json());
    expect(after.stars).toHaveLength(300);
    expect(after.version).toBe(kept.version);
  });

  it("validates the changes with the shared schema", async () => {
    const kept = await keep([star(1)]);
    for (const body of [
      { changes: [{ session: 1.5, starred: true, at: clock }] },
      { changes: [{ session: -1, starred: true, at: clock }] },
      { changes: [{ session: 1, starred: "yes", at: clock }] },
      { changes: "all" },
      {},
    ])
      expect((await send("POST", `/api/agendas/${kept.secret}`, body)).status).toBe(422);
    expect((await send("POST", `/api/agendas/${kept.secret}`, "{not json")).status).toBe(400);
    const cross = await send(
      "POST",
      `/api/agendas/${kept.secret}`,
      { changes: [] },
      { origin: "https://evil.example" },
    );
    expect(cross.status).toBe(403);
  });

  it("answers a guessed or malformed link 404, then 429 to a client that guesses on, never to a real agenda", async () => {
    const kept = await keep([star(1)]);
    client = "198.51.100.7";
    const guesses = [
      `/api/agendas/${"A".repeat(32)}`,
      "/api/agendas/short",
      `/api/agendas/${"%25".repeat(40)}`,
      keptFeedPath("B".repeat(32)),
      "/api/agenda.ics?a=",
    ];
    for (const url of guesses) expect((await send("GET", url)).status, url).toBe(404);
    const refused = await send("GET", `/api/agendas/${"C".repeat(32)}`);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // A real agenda from the same address (a conference's Wi-Fi is one address) is always answered.
    expect((await send("GET", `/api/agendas/${kept.secret}`)).status).toBe(200);
    expect((await send("POST", `/api/agendas/${kept.secret}`, { changes: [] })).status).toBe(200);
    expect(await feedTitles(kept.secret)).toEqual(["Session 1"]);
    // After the window the guesser is told 404 again.
    clock += 600_000;
    expect((await send("GET", `/api/agendas/${"C".repeat(32)}`)).status).toBe(404);
    client = "203.0.113.1";
  });

  it("serves real agendas and their feeds to an address after 20 unknown links from it (the default limit)", async () => {
    const kept = await keep([star(2)]);
    const shared = agendaRoutes({ buildDir: dir, siteUrl: SITE, database, now: () => clock, clientKey: () => "wifi" });
    for (let i = 0; i < 20; i++)
      expect((await shared.request(`/api/agendas/${String(i).padStart(32, "x")}`)).status).toBe(404);
    expect((await shared.request(keptFeedPath("D".repeat(32)))).status).toBe(429);
    expect((await shared.request(`/api/agendas/${kept.secret}`)).status).toBe(200);
    const feed = await shared.request(keptFeedPath(kept.secret));
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("SUMMARY:Session 2");
  });

  it("counts unknown links in the database: three servers on it answer 5 misses in all, restarted still refuse (issue 54)", async () => {
    const kept = await keep([star(4)]);
    const server = () =>
      agendaRoutes({
        buildDir: dir,
        siteUrl: SITE,
        database,
        now: () => clock,
        clientKey: () => "198.51.100.54",
        missLimit: { max: 5, windowMs: 600_000 },
      });
    const servers = [server(), server(), server()];
    const guess = (on: ReturnType<typeof agendaRoutes>, i: number) =>
      on.request(`/api/agendas/${String(i).padStart(32, "g")}`);
    // 15 guesses spread over the three, at once: each server alone would answer 5 of them.
    const statuses = (await Promise.all(Array.from({ length: 15 }, (_, i) => guess(servers[i % 3]!, i)))).map(
      (r) => r.status,
    );
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    // All three restarted (nothing in memory): still counted; a real agenda is still answered.
    for (const [i, on] of [server(), server(), server()].entries()) {
      const refused = await guess(on, 100 + i);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect((await on.request(`/api/agendas/${kept.secret}`)).status).toBe(200);
    }
    clock += 600_000;
    expect((await guess(server(), 200)).status).toBe(404);
  });

  it("is deleted by the purge once unused for 90 days; a poll or a calendar fetch counts as use", async () => {
    const unused = await keep([star(1)]);
    const polled = await keep([star(2)]);
    const fetched = await keep([star(3)]);
    clock += (AGENDA_UNUSED_DAYS - 1) * DAY;
    expect((await send("GET", `/api/agendas/${polled.secret}`)).status).toBe(200);
    await feedTitles(fetched.secret);
    clock += 2 * DAY;
    await purge(database.db, 365, clock);
    expect((await send("GET", `/api/agendas/${unused.secret}`)).status).toBe(404);
    expect((await send("GET", `/api/agendas/${polled.secret}`)).status).toBe(200);
    expect(await feedTitles(fetched.secret)).toEqual(["Session 3"]);
  });
});
