/**
 * Issue 66, the volunteer's side: their page's answer, signing up (full, started, at the same time as another of
 * theirs), giving back before and after the cut-off (an injected clock), "I'm here", the times they cannot come
 * (another person's is not theirs to remove), and the calendar feed (its content, 404 once replaced).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { VolunteerAnswer } from "../../app/api/admin/shifts";
import { parseCalendar } from "../../app/lib/schedule/ics";
import { shiftsApp } from "../../tests/fixtures/shifts-app";
import { SITE } from "../../tests/fixtures/admin-app";
import { rowsOf } from "../db/rows";

// Tuesday before the event (Thursday 24 October 2024, Chicago).
let clock = Date.parse("2024-10-22T09:00:00-05:00");
let made: Awaited<ReturnType<typeof shiftsApp>>;
const ids: Record<string, number> = {};

async function shift(name: string, place: string, role: string, from: string, to: string, needed: number) {
  const [row] = rowsOf<{ id: string }>(
    await made.database.db.execute(sql`
      INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
      SELECT p.id, r.id, ${from}::timestamptz, ${to}::timestamptz, ${needed}
      FROM volunteer_places p, volunteer_roles r WHERE p.name = ${place} AND r.name = ${role} RETURNING id`),
  );
  ids[name] = Number(row!.id);
}

beforeAll(async () => {
  made = await shiftsApp("shifts_volunteer", () => clock);
  const { db } = made.database;
  await db.execute(sql`
    INSERT INTO volunteer_roles (name, description) VALUES ('Door', 'Checks tickets in'), ('Welcome desk', 'Greets people')`);
  await db.execute(sql`INSERT INTO volunteer_places (name, door) VALUES ('Door 1', 'Door 1'), ('Front desk', NULL)`);
  await shift("door", "Door 1", "Door", "2024-10-24T08:00:00-05:00", "2024-10-24T12:00:00-05:00", 2);
  await shift("desk", "Front desk", "Welcome desk", "2024-10-24T09:00:00-05:00", "2024-10-24T11:00:00-05:00", 1);
  await shift("night", "Door 1", "Door", "2024-10-24T22:00:00-05:00", "2024-10-25T02:00:00-05:00", 1);
  await shift("friday", "Front desk", "Welcome desk", "2024-10-25T09:00:00-05:00", "2024-10-25T12:00:00-05:00", 1);
}, 120_000);
afterAll(() => made.close());

const view = async (cookie: string) => {
  const res = await made.request("GET", "/api/admin/volunteer/shifts", { as: cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as VolunteerAnswer;
};

describe("the volunteer's own shifts", { timeout: 60_000 }, () => {
  it("answers nobody without a session", async () => {
    for (const [method, url] of [
      ["GET", "/api/admin/volunteer/shifts"],
      ["POST", `/api/admin/volunteer/shifts/${ids.door}`],
      ["POST", "/api/admin/volunteer/calendar"],
    ] as const)
      expect((await made.request(method, url)).status).toBe(401);
  });

  it("signs up, refuses a full shift, one at the same time, one started, and gives back only before the cut-off", async () => {
    clock = Date.parse("2024-10-22T09:00:00-05:00");
    let ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
    const sam = await made.account("sam@tncc.example.org", "door", "Sam Okafor");

    let page = await view(ruth.cookie);
    expect(page.mine).toEqual([]);
    expect(page.open.map((s) => s.id)).toEqual([ids.door, ids.desk, ids.night, ids.friday]);
    expect(page.giveBackHours).toBe(24);
    expect(page.me).toMatchObject({ name: "Ruth Bell", roleIds: [], missed: 0 });

    // Choosing a role: only its shifts are open.
    const door = page.roles.find((r) => r.name === "Door")!;
    const chose = await made.request("PUT", "/api/admin/volunteer/roles", {
      as: ruth.cookie,
      body: { roleIds: [door.id] },
    });
    expect(chose.status).toBe(200);
    expect((await view(ruth.cookie)).open.map((s) => s.id)).toEqual([ids.door, ids.night]);
    const unknownRole = await made.request("PUT", "/api/admin/volunteer/roles", {
      as: ruth.cookie,
      body: { roleIds: [door.id, 999_999] },
    });
    expect(unknownRole.status).toBe(400);
    expect(
      (await made.request("PUT", "/api/admin/volunteer/roles", { as: ruth.cookie, body: { roleIds: [] } })).status,
    ).toBe(200);

    const up = await made.request("POST", `/api/admin/volunteer/shifts/${ids.door}`, { as: ruth.cookie });
    expect(up.status).toBe(200);
    expect(((await up.json()) as { message: string }).message).toMatch(/signed up/);
    page = await view(ruth.cookie);
    expect(page.mine.map((s) => [s.id, s.canGiveBack])).toEqual([[ids.door, true]]);
    // The desk shift is at the same time: no longer offered, and refused when asked for, naming the other.
    expect(page.open.map((s) => s.id)).toEqual([ids.night, ids.friday]);
    const clash = await made.request("POST", `/api/admin/volunteer/shifts/${ids.desk}`, { as: ruth.cookie });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: string }).error).toBe(
      "You are already on Door 1 (Door) at that time, Thu 24 Oct, 08:00–12:00. One person cannot be in two places: give that one back first if you would rather do this one.",
    );

    // The desk needs one: Sam takes it, then it is full for anyone else.
    expect((await made.request("POST", `/api/admin/volunteer/shifts/${ids.desk}`, { as: sam.cookie })).status).toBe(
      200,
    );
    let lee = await made.account("lee@tncc.example.org", "volunteer", "Lee Park");
    const full = await made.request("POST", `/api/admin/volunteer/shifts/${ids.desk}`, { as: lee.cookie });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toMatch(/^Someone took the last place on this shift/);
    expect((await view(lee.cookie)).open.map((s) => s.id)).not.toContain(ids.desk);

    // Unknown and malformed ids.
    expect((await made.request("POST", "/api/admin/volunteer/shifts/999999", { as: ruth.cookie })).status).toBe(404);
    expect((await made.request("POST", "/api/admin/volunteer/shifts/abc", { as: ruth.cookie })).status).toBe(404);
    // Giving back a shift that is not theirs.
    expect((await made.request("DELETE", `/api/admin/volunteer/shifts/${ids.desk}`, { as: ruth.cookie })).status).toBe(
      404,
    );

    // Ruth takes the night too, then (Wednesday 09:00, 23 hours before the door shift) may not give the door back…
    expect((await made.request("POST", `/api/admin/volunteer/shifts/${ids.night}`, { as: ruth.cookie })).status).toBe(
      200,
    );
    clock = Date.parse("2024-10-23T09:00:00-05:00");
    ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell"); // a new day, a new session
    page = await view(ruth.cookie);
    expect(page.mine.map((s) => [s.id, s.canGiveBack])).toEqual([
      [ids.door, false],
      [ids.night, true],
    ]);
    const late = await made.request("DELETE", `/api/admin/volunteer/shifts/${ids.door}`, { as: ruth.cookie });
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: string }).error).toBe(
      "It is less than 24 hours to this shift: please ask an organiser to find someone to take your place (info@tncc.example.org). You are still on it until then.",
    );
    // …but may give the night back.
    expect((await made.request("DELETE", `/api/admin/volunteer/shifts/${ids.night}`, { as: ruth.cookie })).status).toBe(
      200,
    );
    expect((await view(ruth.cookie)).mine.map((s) => s.id)).toEqual([ids.door]);

    // On the day: too early, then here, then a started shift cannot be signed up for.
    clock = Date.parse("2024-10-24T06:30:00-05:00");
    ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
    lee = await made.account("lee@tncc.example.org", "volunteer", "Lee Park");
    const early = await made.request("POST", `/api/admin/volunteer/shifts/${ids.door}/here`, { as: ruth.cookie });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toMatch(/from 07:00/);
    clock = Date.parse("2024-10-24T07:55:00-05:00");
    const here = await made.request("POST", `/api/admin/volunteer/shifts/${ids.door}/here`, { as: ruth.cookie });
    expect(here.status).toBe(200);
    expect((await view(ruth.cookie)).mine[0]!.arrivedAt).toBe("2024-10-24T07:55:00-05:00");
    expect(
      (await made.request("POST", `/api/admin/volunteer/shifts/${ids.desk}/here`, { as: ruth.cookie })).status,
    ).toBe(404);
    clock = Date.parse("2024-10-24T08:05:00-05:00");
    const started = await made.request("POST", `/api/admin/volunteer/shifts/${ids.door}`, { as: lee.cookie });
    expect(started.status).toBe(409);
    expect(((await started.json()) as { error: string }).error).toMatch(/already started/);
  });

  it("keeps the times a volunteer cannot come, theirs only, and offers no shift then", async () => {
    clock = Date.parse("2024-10-22T09:00:00-05:00");
    const ana = await made.account("ana@tncc.example.org", "volunteer", "Ana Ruiz");
    const ben = await made.account("ben@tncc.example.org", "volunteer", "Ben Cho");
    const bad = await made.request("POST", "/api/admin/volunteer/blockouts", {
      as: ana.cookie,
      body: { fromDay: "2024-10-25", fromTime: "12:00", toDay: "2024-10-25", toTime: "08:00" },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: "toTime", error: expect.stringMatching(/end must be after/) });
    const typed = await made.request("POST", "/api/admin/volunteer/blockouts", {
      as: ana.cookie,
      body: { fromDay: "Friday", fromTime: "08:00", toDay: "2024-10-25", toTime: "13:00" },
    });
    expect(typed.status).toBe(400);

    const added = await made.request("POST", "/api/admin/volunteer/blockouts", {
      as: ana.cookie,
      body: { fromDay: "2024-10-25", fromTime: "08:00", toDay: "2024-10-25", toTime: "13:00", note: "Work" },
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: number };
    const page = await view(ana.cookie);
    expect(page.blockouts).toEqual([
      { id, startsAt: "2024-10-25T08:00:00-05:00", endsAt: "2024-10-25T13:00:00-05:00", note: "Work" },
    ]);
    expect(page.open.map((s) => s.id)).not.toContain(ids.friday);

    // Ben can neither see nor remove it.
    expect((await view(ben.cookie)).blockouts).toEqual([]);
    const theirs = await made.request("DELETE", `/api/admin/volunteer/blockouts/${id}`, { as: ben.cookie });
    expect(theirs.status).toBe(404);
    expect((await view(ana.cookie)).blockouts).toHaveLength(1);
    expect((await made.request("DELETE", `/api/admin/volunteer/blockouts/${id}`, { as: ana.cookie })).status).toBe(200);
    expect((await view(ana.cookie)).open.map((s) => s.id)).toContain(ids.friday);
  });

  it("feeds their kept shifts to a calendar through a private link, which a new link replaces", async () => {
    clock = Date.parse("2024-10-22T09:00:00-05:00");
    const kim = await made.account("kim@tncc.example.org", "volunteer", "Kim Lee");
    expect((await made.request("POST", `/api/admin/volunteer/shifts/${ids.friday}`, { as: kim.cookie })).status).toBe(
      200,
    );
    const night = await made.request("POST", `/api/admin/volunteer/shifts/${ids.night}`, { as: kim.cookie });
    expect(night.status, await night.clone().text()).toBe(200);
    expect((await made.request("DELETE", `/api/admin/volunteer/shifts/${ids.night}`, { as: kim.cookie })).status).toBe(
      200,
    );

    // The link is the site's own address, whatever Host the request came with.
    const res = await made.app.request("http://evil.example/api/admin/volunteer/calendar", {
      method: "POST",
      headers: { origin: SITE, cookie: kim.cookie, host: "evil.example" },
    });
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(new RegExp(`^${SITE}/api/volunteer/calendar/[\\w-]{32}$`));
    const path = new URL(url).pathname;
    const token = path.split("/").pop()!;
    const [stored] = rowsOf<{ secret_hash: string }>(
      await made.database.db.execute(sql`SELECT secret_hash FROM volunteer_feeds`),
    );
    expect(stored!.secret_hash).not.toContain(token);

    const feed = await made.request("GET", path);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    const events = parseCalendar(await feed.text());
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      UID: `shift-${ids.friday}-${kim.id}@tncc.example.org`,
      DTSTART: "20241025T140000Z",
      DTEND: "20241025T170000Z",
      SUMMARY: "Volunteering: Welcome desk, Front desk",
      LOCATION: "Front desk, Grace Fellowship Convention Hall",
    });

    // A new link: the old one answers 404, the new one the same shifts.
    const again = (await (await made.request("POST", "/api/admin/volunteer/calendar", { as: kim.cookie })).json()) as {
      url: string;
    };
    expect((await made.request("GET", path)).status).toBe(404);
    expect(parseCalendar(await (await made.request("GET", new URL(again.url).pathname)).text())).toHaveLength(1);
    expect((await made.request("GET", "/api/volunteer/calendar/not-a-link")).status).toBe(404);
  });
});
