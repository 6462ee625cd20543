/**
 * Issue 63, item 4: the feedback summary through the whole app (`/api/admin/feedback*`, `/api/admin/home`) on an
 * embedded database in a temporary folder (or a fresh one on TEST_DATABASE_URL), and `speakerSummary` on the same
 * data. Ratings are inserted as the public form (another feature) stores them. The live build holds a programme
 * of four sessions in Chicago's zone.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeSummary } from "../../app/api/admin/home";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import type { FeedbackSummary, OrganiserSessionFigures } from "../../app/api/admin/feedback";
import { adminApp, SITE } from "../../tests/fixtures/admin-app";
import { wrongBodies } from "../../tests/fixtures/contract";
import * as api from "../../app/api/admin/feedback";
import type { Database } from "../db/client";
import { upsertAdmin } from "../admin/accounts/queries";
import { speakerSummary } from "./summary";
import { rmSync } from "node:fs";

const PASSWORD = "correct horse battery";
const ZONE = "America/Chicago";
const SESSIONS = [
  { number: 11, dayId: 1, id: 1, title: "Opening Worship", startsAt: "2024-10-24T09:00:00-05:00" },
  { number: 12, dayId: 1, id: 2, title: "Prayer Walk", startsAt: "2024-10-24T10:30:00-05:00" },
  { number: 13, dayId: 2, id: 1, title: "Networking and Mixer", startsAt: "2024-10-25T13:30:00-05:00" },
  { number: 14, dayId: 2, id: 2, title: "Closing Prayer", startsAt: "2024-10-25T16:00:00-05:00" },
];
const OPENING = 11;
const WALK = 12;
const MIXER = 13;
const CLOSING = 14;

let dir: string;
let database: Database;
let app: Hono;
let cookie = "";
let ip = 0;
let clock = Date.parse("2024-10-25T15:00:00-05:00");

beforeAll(async () => {
  ({ dir, database, app } = await adminApp("feedback", () => clock));
  const build = path.join(dir, "build");
  writeFileSync(
    path.join(build, BUILD_OUTPUTS.agendaSessions.file),
    JSON.stringify({ calendarName: "TNCC", calendarDomain: "tncc.example.org", location: "Hall", sessions: SESSIONS }),
  );
  writeFileSync(
    path.join(build, BUILD_OUTPUTS.tickets.file),
    JSON.stringify({
      event: "TNCC 2024",
      currency: "USD",
      timeZone: ZONE,
      plans: {},
      calendar: { title: "TNCC", startsAt: SESSIONS[0]!.startsAt, endsAt: SESSIONS[3]!.startsAt, location: "Hall" },
      contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
    }),
  );
  await upsertAdmin(database.db, "ada@tncc.example.org", PASSWORD, false, "Ada Lovelace");
  await signIn();

  // Opening: five ratings, average 4.6. Walk: six, average 3.0 (a spread of 1s and 5s). Mixer: three, with
  // comments (one a script, one a spreadsheet formula). Closing: none.
  await rate(OPENING, [5, 5, 5, 4, 4], ["Moving", null, null, null, null]);
  await rate(WALK, [1, 1, 1, 5, 5, 5]);
  await rate(
    MIXER,
    [4, 2, 3],
    ["<script>alert(1)</script> loved it", '=HYPERLINK("http://evil.example","click")', "@SUM(A1) +1 -2"],
  );
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A session at the clock's time (a session lasts 12 hours: the home's tests move the clock by days). */
async function signIn() {
  const res = await request("POST", "/api/admin/session", {
    body: { email: "ada@tncc.example.org", password: PASSWORD },
  });
  expect(res.status).toBe(200);
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** Ratings of one session, from distinct phones, a minute apart (the last the newest), on the 25th. */
async function rate(session: number, stars: number[], comments: (string | null)[] = []) {
  for (const [i, s] of stars.entries())
    await database.db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars, comment, rated_at)
      VALUES (${session}, ${`rater-${session}-${i}`}, ${s}, ${comments[i] ?? null},
        ${new Date(Date.parse("2024-10-25T14:00:00-05:00") + i * 60_000).toISOString()}::timestamptz)`);
}

function request(method: string, url: string, { body, as = cookie }: { body?: unknown; as?: string } = {}) {
  return app.request(`http://site.test${url}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.9.0.${++ip % 250}`,
      origin: SITE,
      ...(as ? { cookie: as } : {}),
    },
  });
}

async function summary(): Promise<OrganiserSessionFigures[]> {
  const res = await request("GET", "/api/admin/feedback");
  expect(res.status).toBe(200);
  return ((await res.json()) as FeedbackSummary).sessions;
}
const one = async (n: number) => (await summary()).find((s) => s.session === n)!;

async function csvLines(): Promise<string[]> {
  const res = await request("GET", "/api/admin/feedback/export");
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
  expect(res.headers.get("content-disposition")).toBe('attachment; filename="tncc-feedback-2024-10-25.csv"');
  return (await res.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
}

describe("the organisers' feedback summary", { timeout: 60_000 }, () => {
  it("answers 401 without a session, before reading any body", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/feedback"],
      ["GET", "/api/admin/feedback/export"],
      ["PATCH", `/api/admin/feedback/sessions/${MIXER}`],
    ] as const) {
      const res = await request(method, url, { as: "", body: method === "PATCH" ? { off: true } : undefined });
      expect(res.status, url).toBe(401);
    }
  });

  it("ranks by average, shows no average below five ratings, and gives each session's spread by title and time", async () => {
    const sessions = await summary();
    expect(sessions.map((s) => [s.title, s.when, s.ratings, s.average])).toEqual([
      ["Opening Worship", "Thu 24 Oct 09:00", 5, 4.6],
      ["Prayer Walk", "Thu 24 Oct 10:30", 6, 3],
      ["Networking and Mixer", "Fri 25 Oct 13:30", 3, null],
      ["Closing Prayer", "Fri 25 Oct 16:00", 0, null],
    ]);
    expect(sessions.map((s) => s.spread)).toEqual([
      [0, 0, 0, 2, 3],
      [3, 0, 0, 0, 3],
      [0, 1, 1, 1, 0],
      [0, 0, 0, 0, 0],
    ]);
    // Comments newest first, as typed (the page shows them as text).
    expect(sessions[2]!.comments.map((c) => c.text)).toEqual([
      "@SUM(A1) +1 -2",
      '=HYPERLINK("http://evil.example","click")',
      "<script>alert(1)</script> loved it",
    ]);
    expect(sessions[0]!.comments).toEqual([{ stars: 5, text: "Moving" }]);
    expect(sessions[0]!.switches).toEqual({
      off: false,
      commentsHidden: false,
      commentsToSpeaker: false,
      changedBy: null,
      changedAt: null,
    });
  });

  it("a session that reaches five ratings gets its average and its place in the ranking", async () => {
    await rate(CLOSING, [5, 5, 5, 5, 5]);
    expect((await summary()).map((s) => [s.title, s.average])).toEqual([
      ["Closing Prayer", 5],
      ["Opening Worship", 4.6],
      ["Prayer Walk", 3],
      ["Networking and Mixer", null],
    ]);
    await database.db.execute(sql`DELETE FROM session_ratings WHERE session_number = ${CLOSING}`);
  });

  it("names a rated session taken out of the programme as such, never by its number", async () => {
    await database.db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars) VALUES (99, 'gone-phone', 4)`);
    const gone = await one(99);
    expect([gone.title, gone.when, gone.ratings]).toEqual(["A session no longer in the programme", "", 1]);
    expect((await csvLines()).filter((l) => l.startsWith("A session no longer"))).toHaveLength(1);
    await database.db.execute(sql`DELETE FROM session_ratings WHERE session_number = 99`);
  });

  it("the CSV: one row per rating with title, day, time in the event's zone, stars and comment; formulas defused", async () => {
    const lines = await csvLines();
    expect(lines[0]).toBe("session,day,time,stars,comment,rated at (America/Chicago)");
    expect(lines).toHaveLength(1 + 5 + 6 + 3);
    expect(lines).toContain("Opening Worship,Thu 24 Oct,09:00,5,Moving,2024-10-25T14:00:00-05:00");
    // A cell that a spreadsheet would run as a formula is prefixed, so it shows as text.
    expect(lines).toContain(`Networking and Mixer,Fri 25 Oct,13:30,3,'@SUM(A1) +1 -2,2024-10-25T14:02:00-05:00`);
    expect(lines).toContain(
      `Networking and Mixer,Fri 25 Oct,13:30,2,"'=HYPERLINK(""http://evil.example"",""click"")",2024-10-25T14:01:00-05:00`,
    );
    expect(lines.join("\n")).not.toMatch(/,=|,@|,\+|,-\d/);
  });

  it("hiding comments takes them out of the summary, the CSV and the speaker's view; who and when are kept", async () => {
    const res = await request("PATCH", `/api/admin/feedback/sessions/${MIXER}`, { body: { commentsHidden: true } });
    expect(res.status).toBe(200);
    const mixer = ((await res.json()) as FeedbackSummary).sessions.find((s) => s.session === MIXER)!;
    expect(mixer.comments).toEqual([]);
    expect(mixer.hiddenComments).toBe(3);
    expect(mixer.switches).toEqual({
      off: false,
      commentsHidden: true,
      commentsToSpeaker: false,
      // By the name the organiser gave, never their address (issue 62).
      changedBy: "Ada Lovelace",
      changedAt: "Fri 25 Oct 2024, 15:00 CDT",
    });
    // The figures stay: hiding is about the words, not the stars.
    expect(mixer.spread).toEqual([0, 1, 1, 1, 0]);
    const lines = await csvLines();
    expect(lines.filter((l) => l.startsWith("Networking and Mixer"))).toEqual([
      "Networking and Mixer,Fri 25 Oct,13:30,4,,2024-10-25T14:00:00-05:00",
      "Networking and Mixer,Fri 25 Oct,13:30,2,,2024-10-25T14:01:00-05:00",
      "Networking and Mixer,Fri 25 Oct,13:30,3,,2024-10-25T14:02:00-05:00",
    ]);
    // Even let through to the speaker, hidden comments stay hidden.
    await request("PATCH", `/api/admin/feedback/sessions/${MIXER}`, { body: { commentsToSpeaker: true } });
    const [forSpeaker] = await speakerSummary(database.db, [MIXER], SESSIONS);
    expect(forSpeaker!.comments).toEqual([]);
    expect((await one(MIXER)).switches).toMatchObject({ commentsHidden: true, commentsToSpeaker: true });

    // Shown again: back in the summary, the CSV and (being let through) the speaker's view.
    await request("PATCH", `/api/admin/feedback/sessions/${MIXER}`, { body: { commentsHidden: false } });
    expect((await one(MIXER)).comments).toHaveLength(3);
    expect((await csvLines()).some((l) => l.includes("loved it"))).toBe(true);
    expect((await speakerSummary(database.db, [MIXER], SESSIONS))[0]!.comments).toHaveLength(3);
    await request("PATCH", `/api/admin/feedback/sessions/${MIXER}`, { body: { commentsToSpeaker: false } });

    const [audited] = await database.db
      .execute(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'feedback-switches'
          AND target = 'Networking and Mixer, Fri 25 Oct 13:30'`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(audited!.n).toBe(4);
  });

  it("feedback off is kept per session and leaves the ratings given in the summary", async () => {
    const res = await request("PATCH", `/api/admin/feedback/sessions/${WALK}`, { body: { off: true } });
    expect(res.status).toBe(200);
    const walk = await one(WALK);
    expect(walk.switches.off).toBe(true);
    expect(walk.ratings).toBe(6);
    expect((await one(OPENING)).switches.off).toBe(false);
    await request("PATCH", `/api/admin/feedback/sessions/${WALK}`, { body: { off: false } });
    expect((await one(WALK)).switches.off).toBe(false);
  });

  it("refuses a switch for a session not in the programme, and a body that is not switches, in words", async () => {
    for (const bad of ["99", "0", "abc", "1e3"]) {
      const res = await request("PATCH", `/api/admin/feedback/sessions/${bad}`, { body: { off: true } });
      expect(res.status, bad).toBe(404);
      expect(await res.json()).toEqual({ error: "There is no such session in the programme." });
    }
    const res = await request("PATCH", `/api/admin/feedback/sessions/${MIXER}`, { body: { off: "yes" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "Feedback off must be on or off." });
    const { rows } = (await database.db.execute(
      sql`SELECT off FROM session_feedback WHERE session_number = ${MIXER}`,
    )) as unknown as { rows: { off: boolean }[] };
    expect(rows[0]!.off).toBe(false);
  });

  it("refuses a wrong body with a 400 that names the field, on every Feedback route that takes one", async () => {
    const wrong = wrongBodies(api);
    expect(wrong.map((w) => `${w.method} ${w.path}`)).toEqual(["PATCH /feedback/sessions/1"]);
    for (const w of wrong) {
      const res = await request(w.method, `/api/admin${w.path}`, { body: w.body });
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toEqual({ error: "Feedback off must be on or off.", field: w.field });
    }
  });
});

describe("speakerSummary", { timeout: 60_000 }, () => {
  it("gives only the speaker's sessions, in programme order, and their comments only once let through", async () => {
    const mine = await speakerSummary(database.db, [MIXER, OPENING], SESSIONS);
    expect(mine.map((s) => [s.title, s.when, s.ratings, s.average, s.spread])).toEqual([
      ["Opening Worship", "Thu 24 Oct 09:00", 5, 4.6, [0, 0, 0, 2, 3]],
      ["Networking and Mixer", "Fri 25 Oct 13:30", 3, null, [0, 1, 1, 1, 0]],
    ]);
    // Nothing of another speaker's session, and no comment until an organiser lets it through.
    expect(mine.some((s) => s.session === WALK)).toBe(false);
    expect(mine.flatMap((s) => s.comments)).toEqual([]);

    await request("PATCH", `/api/admin/feedback/sessions/${OPENING}`, { body: { commentsToSpeaker: true } });
    const after = await speakerSummary(database.db, [MIXER, OPENING], SESSIONS);
    expect(after[0]!.comments).toEqual([{ stars: 5, text: "Moving" }]);
    expect(after[1]!.comments).toEqual([]);
    // A session without ratings is listed with none; an empty list asks for nothing.
    expect(await speakerSummary(database.db, [CLOSING], SESSIONS)).toMatchObject([{ ratings: 0, average: null }]);
    expect(await speakerSummary(database.db, [], SESSIONS)).toEqual([]);
  });
});

describe("Ratings today on the organisers' home", { timeout: 60_000 }, () => {
  const home = async () => {
    await signIn();
    const res = await request("GET", "/api/admin/home");
    expect(res.status).toBe(200);
    return (await res.json()) as HomeSummary;
  };

  it("counts today's ratings in the event's zone and names the best-rated session with five or more", async () => {
    // 23:30 in Chicago on the 24th is already the 25th in UTC: a rating then counts for the 24th.
    await database.db.execute(sql`
      INSERT INTO session_ratings (session_number, rater_hash, stars, rated_at)
      VALUES (${CLOSING}, 'late-phone', 4, '2024-10-24T23:30:00-05:00')`);
    clock = Date.parse("2024-10-25T23:59:00-05:00");
    expect((await home()).ratingsToday).toEqual({
      count: 14,
      best: { title: "Opening Worship", when: "Thu 24 Oct 09:00", average: 4.6, ratings: 5 },
    });
    clock = Date.parse("2024-10-24T23:45:00-05:00");
    expect((await home()).ratingsToday?.count).toBe(1);
  });

  it("is not shown before the event's first day nor after its last", async () => {
    for (const at of ["2024-10-23T23:59:00-05:00", "2024-10-26T00:01:00-05:00"]) {
      clock = Date.parse(at);
      expect((await home()).ratingsToday, at).toBeUndefined();
    }
  });
});
