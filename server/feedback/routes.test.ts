/**
 * Session ratings (issue 63) on the embedded PostgreSQL and, with TEST_DATABASE_URL (`npm run test:pg`), on a
 * database of their own: a rating is kept once per phone (a second one replaces it), only its key's hash is
 * stored, and each refusal says why: an unknown session, one not open yet, one closed, one with feedback off,
 * a comment with control characters or too long, a cross-site post, and 1,000 ratings from one address.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { feedbackPath } from "../../app/lib/feedback/rating";
import { feedbackClosesAt } from "../../app/lib/feedback/window";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { secretHash } from "../secret";
import { ratingCount } from "./queries";
import { feedbackRoutes } from "./routes";

const backends = databaseBackends("feedback");
const at = (iso: string) => Date.parse(iso);
const rater = (n = 0) => `rater-key-${String(n).padStart(24, "0")}`;

describe.each(backends)("session ratings on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let dir: string;
  // Session 1 runs 16:00–17:00 on Fri 25 Oct 2024 (Chicago); session 3 has no end; 9 is cancelled.
  let clock = at("2024-10-25T16:55:00-05:00");
  let client = "203.0.113.1";
  let app: ReturnType<typeof feedbackRoutes>;

  const post = (session: number, body: unknown, headers: Record<string, string> = {}) =>
    app.request(feedbackPath(session), {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    dir = mkdtempSync(path.join(tmpdir(), "tncc-feedback-"));
    const session = (number: number, startsAt: string, endsAt?: string, cancelled?: boolean) => ({
      number,
      dayId: 2,
      id: number,
      title: `Session ${number}`,
      startsAt,
      endsAt,
      cancelled,
    });
    writeFileSync(
      path.join(dir, BUILD_OUTPUTS.agendaSessions.file),
      JSON.stringify({
        calendarName: "TNCC: my agenda",
        calendarDomain: "tncc.example.org",
        location: "Hall, Dallas",
        timeZone: "America/Chicago",
        feedbackClosesAt: feedbackClosesAt("2024-10-27", 14, "America/Chicago"),
        sessions: [
          session(1, "2024-10-25T16:00:00-05:00", "2024-10-25T17:00:00-05:00"),
          session(2, "2024-10-26T09:00:00-05:00", "2024-10-26T10:00:00-05:00"),
          session(3, "2024-10-25T12:00:00-05:00"),
          session(9, "2024-10-25T12:00:00-05:00", "2024-10-25T13:00:00-05:00", true),
        ],
      }),
    );
    app = feedbackRoutes({
      database,
      buildDir: dir,
      now: () => clock,
      clientKey: () => client,
      limit: { max: 30, windowMs: 600_000 },
    });
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    clock = at("2024-10-25T16:55:00-05:00");
    client = `203.0.113.${Math.floor(Math.random() * 250) + 1}-${Math.random()}`;
    await database.db.execute(sql`DELETE FROM session_ratings`);
    await database.db.execute(sql`DELETE FROM session_feedback`);
  });

  it("keeps one rating per phone, its key only as a hash; a second one replaces the first", async () => {
    const first = await post(1, { rater: rater(1), stars: 4, comment: "Clear and warm.\nThank you." });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ saved: true, replaced: false });
    const second = await post(1, { rater: rater(1), stars: 5 });
    expect(await second.json()).toEqual({ saved: true, replaced: true });
    const rows = rowsOf<{ rater_hash: string; stars: number; comment: string | null }>(
      await database.db.execute(sql`SELECT rater_hash, stars, comment FROM session_ratings`),
    );
    expect(rows).toEqual([{ rater_hash: secretHash(rater(1)), stars: 5, comment: null }]);
    expect(JSON.stringify(rows)).not.toContain(rater(1));
    expect(await ratingCount(database.db, 1)).toBe(1);
  });

  it("refuses a session that has not opened yet, and says when it opens", async () => {
    clock = at("2024-10-25T16:49:00-05:00");
    const res = await post(1, { rater: rater(), stars: 5 });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("Rating this session opens Fri 25 Oct at 16:50.");
    const state = await (await app.request(feedbackPath(2))).json();
    expect(state).toEqual({ state: "before", opens: "Sat 26 Oct at 09:50" });
    expect(await ratingCount(database.db)).toBe(0);
  });

  it("takes a session without an end from its start", async () => {
    clock = at("2024-10-25T11:59:00-05:00");
    expect((await post(3, { rater: rater(), stars: 3 })).status).toBe(409);
    clock = at("2024-10-25T12:00:00-05:00");
    expect((await post(3, { rater: rater(), stars: 3 })).status).toBe(200);
  });

  it("refuses a session whose rating has closed (the days after the event, on its clock)", async () => {
    clock = at("2024-11-10T23:59:00-06:00");
    expect((await post(1, { rater: rater(), stars: 2 })).status).toBe(200);
    clock = at("2024-11-11T00:00:00-06:00");
    const res = await post(1, { rater: rater(2), stars: 2 });
    expect(res.status).toBe(410);
    expect((await res.json()).message).toBe("Rating this session has closed.");
    expect(await (await app.request(feedbackPath(1))).json()).toEqual({ state: "closed" });
    expect(await ratingCount(database.db)).toBe(1);
  });

  it("refuses a session with feedback off", async () => {
    await database.db.execute(
      sql`INSERT INTO session_feedback (session_number, off, changed_by) VALUES (1, true, 'mary@example.org')`,
    );
    const res = await post(1, { rater: rater(), stars: 5 });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("The organisers have turned feedback off for this session.");
    expect(await (await app.request(feedbackPath(1))).json()).toEqual({ state: "off" });
    expect(await ratingCount(database.db)).toBe(0);
  });

  it("answers 404 for an unknown, cancelled or malformed session", async () => {
    for (const n of [4, 9]) {
      const res = await post(n, { rater: rater(), stars: 5 });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe("This session is not in the programme (any more).");
    }
    const odd = await app.request("/api/feedback/1e3", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(odd.status).toBe(404);
    expect((await app.request(feedbackPath(77))).status).toBe(404);
    expect(await ratingCount(database.db)).toBe(0);
  });

  it("refuses bad ratings with words: stars out of range, control characters, a long comment, no key", async () => {
    const cases: [unknown, string, string][] = [
      [{ rater: rater(), stars: 6 }, "stars", "Please choose from 1 to 5 stars."],
      [{ rater: rater(), stars: 2.5 }, "stars", "Please choose from 1 to 5 stars."],
      [{ rater: rater(), stars: 4, comment: "fine\u0000\u001b[2J" }, "comment", "without special characters"],
      [{ rater: rater(), stars: 4, comment: "x".repeat(2001) }, "comment", "under 2000 characters"],
      [{ rater: "short", stars: 4 }, "rater", "reload the page"],
    ];
    for (const [body, field, words] of cases) {
      const res = await post(1, body);
      expect(res.status).toBe(422);
      const answer = await res.json();
      expect(answer.field).toBe(field);
      expect(answer.message).toContain(words);
    }
    expect((await post(1, "{not json")).status).toBe(400);
    expect((await post(1, { rater: rater(), stars: 4 }, { "content-type": "text/plain" })).status).toBe(415);
    expect((await post(1, { rater: rater(), stars: 4, comment: "é".repeat(20_000) })).status).toBe(413);
    expect(await ratingCount(database.db)).toBe(0);
  });

  it("refuses a rating posted from another site", async () => {
    const res = await post(1, { rater: rater(), stars: 1 }, { origin: "https://evil.example" });
    expect(res.status).toBe(403);
    expect(await ratingCount(database.db)).toBe(0);
  });

  it("1,000 ratings of one session from one phone and address: one stored, the rest refused plainly", async () => {
    let taken = 0;
    let refused = 0;
    for (let i = 0; i < 1000; i++) {
      const res = await post(1, { rater: rater(7), stars: (i % 5) + 1 });
      if (res.status === 200) taken++;
      else {
        expect(res.status).toBe(429);
        expect((await res.json()).error).toBe("Too many requests: try again in a moment.");
        expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
        refused++;
      }
    }
    expect(await ratingCount(database.db)).toBe(1);
    expect(taken).toBe(30);
    expect(refused).toBe(970);
  }, 60_000);

  it("two servers taking a rush from one address at once still store no more than the limit between them", async () => {
    const second = feedbackRoutes({ database, buildDir: dir, now: () => clock, clientKey: () => client });
    const send = (server: typeof app, i: number) =>
      server.request(feedbackPath(1), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rater: rater(2000 + i), stars: 3 }),
      });
    const answers = await Promise.all(
      Array.from({ length: 80 }, (_, i) => Promise.resolve(send(i % 2 ? app : second, i)).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 200)).toHaveLength(30);
    expect(answers.filter((s) => s === 429)).toHaveLength(50);
    expect(await ratingCount(database.db)).toBe(30);
  });

  it("1,000 ratings from one address with made-up keys: no more than the limit stored", async () => {
    for (let i = 0; i < 1000; i++) await post(1, { rater: rater(1000 + i), stars: 1 });
    expect(await ratingCount(database.db)).toBe(30);
    // Counted in the database: a restarted server (or another one on it) refuses this address too.
    const restarted = feedbackRoutes({ database, buildDir: dir, now: () => clock, clientKey: () => client });
    const res = await restarted.request(feedbackPath(1), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ rater: rater(5000), stars: 1 }),
    });
    expect(res.status).toBe(429);
    expect(await ratingCount(database.db)).toBe(30);
  }, 60_000);
});
