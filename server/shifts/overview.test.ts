/**
 * Issue 66, the organisers' overview: finding a stand-in by name (never everyone), putting them on (a full shift
 * refused; an overlap refused unless a reason is given, then kept and audited) and taking them off, the CSV (a
 * formula cell neutralised), the volunteers as announcement audiences, and late and missed as the rota shows
 * them. On the embedded database, or TEST_DATABASE_URL.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanAnswer } from "../../app/api/admin/shifts";
import { shiftsApp } from "../../tests/fixtures/shifts-app";
import { rowsOf } from "../db/rows";
import { availableAudiences } from "../announcements/audiences";
import type { FoundVolunteer } from "./overview.queries";

let clock = Date.parse("2024-10-20T12:00:00-05:00");
let made: Awaited<ReturnType<typeof shiftsApp>>;
let organiser: { id: number; cookie: string };
let ruth: { id: number; cookie: string };
let sam: { id: number; cookie: string };
let ids: { morning: number; overlap: number; afternoon: number };

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await made.database.db.execute(query));
const search = async (q: string, shift?: number) => {
  const res = await made.request(
    "GET",
    `/api/admin/shifts/volunteers?${new URLSearchParams({ q, ...(shift ? { shift: String(shift) } : {}) })}`,
    { as: organiser.cookie },
  );
  return { status: res.status, body: (await res.json()) as { people?: FoundVolunteer[]; error?: string } };
};
const assign = (shift: number, adminId: number, reason?: string) =>
  made.request("POST", `/api/admin/shifts/${shift}/people`, {
    as: organiser.cookie,
    body: { adminId, ...(reason === undefined ? {} : { reason }) },
  });

beforeAll(async () => {
  made = await shiftsApp("shifts_overview", () => clock);
  organiser = await made.account("ada@tncc.example.org", "organiser", "Ada Lovelace");
  ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
  sam = await made.account("sam@tncc.example.org", "door", '=HYPERLINK("http://x")');
  // Twelve more who never sign in here.
  await rows(sql`
    INSERT INTO admins (email, password_hash, display_name, role)
    SELECT 'helper' || i || '@tncc.example.org', 'scrypt$unusable', 'Helper ' || i, 'volunteer'
    FROM generate_series(1, 12) AS i`);
  await rows(
    sql`INSERT INTO volunteer_roles (name, description) VALUES ('Door', 'Checks tickets in'), ('Welcome desk', '')`,
  );
  await rows(sql`INSERT INTO volunteer_places (name, door) VALUES ('Door 1', 'Door 1'), ('Main desk', NULL)`);
  const [morning, overlap, afternoon] = await rows<{ id: string }>(sql`
    INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
    SELECT p.id, r.id, t.s::timestamptz, t.e::timestamptz, t.n FROM (VALUES
      ('Door 1', 'Door', '2024-10-24T08:00:00-05:00', '2024-10-24T12:00:00-05:00', 2, 1),
      ('Main desk', 'Welcome desk', '2024-10-24T11:00:00-05:00', '2024-10-24T14:00:00-05:00', 1, 2),
      ('Door 1', 'Door', '2024-10-24T13:00:00-05:00', '2024-10-24T17:00:00-05:00', 1, 3)) AS t(place, role, s, e, n, o)
    JOIN volunteer_places p ON p.name = t.place JOIN volunteer_roles r ON r.name = t.role
    ORDER BY t.o RETURNING id`);
  ids = { morning: Number(morning!.id), overlap: Number(overlap!.id), afternoon: Number(afternoon!.id) };
  await rows(
    sql`INSERT INTO volunteer_role_choices (admin_id, role_id) SELECT ${ruth.id}, id FROM volunteer_roles WHERE name = 'Door'`,
  );
  await rows(
    sql`INSERT INTO shift_signups (shift_id, admin_id, signed_at) VALUES (${ids.morning}, ${ruth.id}, '2024-10-19T10:00:00Z')`,
  );
  await rows(sql`
    INSERT INTO volunteer_blockouts (admin_id, starts_at, ends_at, note)
    VALUES (${sam.id}, '2024-10-24T07:00:00-05:00', '2024-10-24T09:00:00-05:00', 'school run')`);
}, 240_000);
afterAll(() => made.close());

describe("the organisers' overview", { timeout: 60_000 }, () => {
  it("finds volunteers by name or address, at most ten, with roles, missed count and what keeps them busy", async () => {
    const found = await search("Ruth", ids.overlap);
    expect(found.status).toBe(200);
    expect(found.body.people).toEqual([
      {
        adminId: ruth.id,
        name: "Ruth Bell",
        email: "ruth@tncc.example.org",
        role: "volunteer",
        roleLabel: "Volunteer",
        roles: ["Door"],
        missed: 0,
        onShift: false,
        busy: ["On Door 1 (Door), Thu 24 Oct 08:00–12:00"],
      },
    ]);
    // A blockout is a reason too, in words.
    const samFound = (await search("sam@tncc", ids.morning)).body.people!;
    expect(samFound[0]!.busy).toEqual(["Cannot come Thu 24 Oct 07:00 to Thu 24 Oct 09:00 (school run)"]);
    // Thirteen match "tncc": ten answer. Too short a search is refused in words; % is no wildcard.
    expect((await search("tncc")).body.people).toHaveLength(10);
    expect((await search("H")).status).toBe(400);
    expect((await search("%%")).body.people).toEqual([]);
    expect((await search("Ruth", 999_999)).body.people![0]!.busy).toEqual([]);
    // A volunteer's session reaches none of it.
    const theirs = await made.request("GET", "/api/admin/shifts/volunteers?q=Ruth", { as: ruth.cookie });
    expect(theirs.status).toBe(403);
  });

  it("puts a stand-in on: an overlap refused naming it, then allowed with a reason (kept and audited); a full shift refused", async () => {
    const refused = await assign(ids.overlap, ruth.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toBe(
      "Ruth Bell is already on Door 1 (Door), Thu 24 Oct 08:00–12:00 at that time. To put them on anyway, say why.",
    );
    expect(await rows(sql`SELECT 1 FROM shift_signups WHERE shift_id = ${ids.overlap}`)).toHaveLength(0);
    // A blank reason is no reason.
    expect((await assign(ids.overlap, ruth.id, "   ")).status).toBe(409);

    const put = await assign(ids.overlap, ruth.id, "Leaves Door 1 an hour early, agreed with Sam");
    expect(put.status).toBe(200);
    expect(((await put.json()) as { shift: { filled: number; people: { name: string }[] } }).shift).toMatchObject({
      filled: 1,
      people: [{ name: "Ruth Bell" }],
    });
    const [kept] = await rows<{ override_reason: string }>(
      sql`SELECT override_reason FROM shift_signups WHERE shift_id = ${ids.overlap} AND admin_id = ${ruth.id}`,
    );
    expect(kept!.override_reason).toBe("Leaves Door 1 an hour early, agreed with Sam");
    const [entry] = await rows<{ actor: string; detail: { reason: string; person: string } }>(
      sql`SELECT actor, detail FROM audit_log WHERE action = 'shift-assigned' AND target = ${`shift:${ids.overlap}`}`,
    );
    expect(entry).toMatchObject({
      actor: "ada@tncc.example.org",
      detail: { person: "ruth@tncc.example.org", reason: "Leaves Door 1 an hour early, agreed with Sam" },
    });
    const [mail] = await rows<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM mail_queue WHERE to_addr = 'ruth@tncc.example.org' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail!.subject).toBe("You are on a shift: Main desk (Welcome desk), Thu 24 Oct 11:00–14:00");
    expect(mail!.body).toContain("https://tncc.example.org/volunteer");

    // Full (1 of 1): refused in words; already on: refused; unknown shift or person: 404.
    const full = await assign(ids.overlap, sam.id);
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toMatch(/^This shift is full/);
    expect((await assign(ids.morning, ruth.id)).status).toBe(409);
    expect((await assign(999_999, sam.id)).status).toBe(404);
    expect((await assign(ids.afternoon, 999_999)).status).toBe(404);
    const bad = await made.request("POST", `/api/admin/shifts/${ids.afternoon}/people`, {
      as: organiser.cookie,
      body: { adminId: "Ruth" },
    });
    expect(bad.status).toBe(400);
    expect(
      (await made.request("POST", "/api/admin/shifts/abc/people", { as: organiser.cookie, body: { adminId: sam.id } }))
        .status,
    ).toBe(404);
  });

  it("takes someone off, audited and mailed; a second time is a 404 in words", async () => {
    const off = await made.request("DELETE", `/api/admin/shifts/${ids.overlap}/people/${ruth.id}`, {
      as: organiser.cookie,
    });
    expect(off.status).toBe(204);
    expect(await rows(sql`SELECT 1 FROM shift_signups WHERE shift_id = ${ids.overlap}`)).toHaveLength(0);
    expect(
      await rows(sql`SELECT 1 FROM audit_log WHERE action = 'shift-taken-off' AND target = ${`shift:${ids.overlap}`}`),
    ).toHaveLength(1);
    const [mail] = await rows<{ subject: string }>(
      sql`SELECT subject FROM mail_queue WHERE to_addr = 'ruth@tncc.example.org' ORDER BY id DESC LIMIT 1`,
    );
    expect(mail!.subject).toBe("You are no longer on a shift: Main desk (Welcome desk), Thu 24 Oct 11:00–14:00");
    const again = await made.request("DELETE", `/api/admin/shifts/${ids.overlap}/people/${ruth.id}`, {
      as: organiser.cookie,
    });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe("This person is not on this shift (any more).");
  });

  it("on the day: late ten minutes after the start, missed once marked, and the missed count where they are found", async () => {
    await assign(ids.morning, sam.id);
    const plan = async () => {
      // Hours pass between looks: the organiser signs in again each time.
      organiser = await made.account("ada@tncc.example.org", "organiser", "Ada Lovelace");
      return (
        (await (await made.request("GET", "/api/admin/shifts", { as: organiser.cookie })).json()) as PlanAnswer
      ).shifts
        .find((s) => s.id === ids.morning)!
        .people.map((p) => [p.name, p.late, p.missed]);
    };
    clock = Date.parse("2024-10-24T08:09:00-05:00");
    expect(await plan()).toEqual([
      ["Ruth Bell", false, false],
      ['=HYPERLINK("http://x")', false, false],
    ]);
    clock = Date.parse("2024-10-24T08:10:00-05:00");
    expect(await plan()).toEqual([
      ["Ruth Bell", true, false],
      ['=HYPERLINK("http://x")', true, false],
    ]);
    // Ruth arrives; after the end Sam is marked missing (part C's job does it): counted where he is found.
    await rows(sql`UPDATE shift_signups SET arrived_at = '2024-10-24T08:12:00-05:00' WHERE admin_id = ${ruth.id}`);
    clock = Date.parse("2024-10-24T12:30:00-05:00");
    await rows(sql`UPDATE shift_signups SET missed = true WHERE admin_id = ${sam.id} AND shift_id = ${ids.morning}`);
    expect(await plan()).toEqual([
      ["Ruth Bell", false, false],
      ['=HYPERLINK("http://x")', false, true],
    ]);
    expect((await search("sam@")).body.people![0]!.missed).toBe(1);
  });

  it("the CSV: one row per shift with its gap, each person with arrival and missed; a formula defused", async () => {
    const res = await made.request("GET", "/api/admin/shifts/export", { as: organiser.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="tncc-rota-2024-10-24.csv"');
    const lines = (await res.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "day,start,end,place,role,needed,filled,short,person 1,person 1 arrived at,person 1 missed,person 2,person 2 arrived at,person 2 missed",
      `2024-10-24,08:00,12:00,Door 1,Door,2,2,0,Ruth Bell,08:12,,"'=HYPERLINK(""http://x"")",,missed`,
      "2024-10-24,11:00,14:00,Main desk,Welcome desk,1,0,1",
      "2024-10-24,13:00,17:00,Door 1,Door,1,0,1",
    ]);
  });

  it("offers everyone on a shift and the volunteers of a role as announcement audiences", async () => {
    const audiences = await availableAudiences(made.database.db);
    const shift = audiences.find((a) => a.id === `shift:${ids.morning}`)!;
    expect(shift.label).toBe("Everyone on Door 1 (Door), Thu 24 Oct 08:00–12:00");
    expect((await shift.recipients(made.database.db, "")).map((r) => r.email)).toEqual([
      "ruth@tncc.example.org",
      "sam@tncc.example.org",
    ]);
    const role = audiences.find((a) => a.label === "Volunteers who do Door")!;
    expect(await role.count!(made.database.db)).toBe(1);
    // A shift with nobody on it is no audience.
    expect(audiences.some((a) => a.id === `shift:${ids.afternoon}`)).toBe(false);

    // Sent through the Announcements tab: e-mailed to them, never shown on the site's pages.
    const choices = (await (
      await made.request("GET", "/api/admin/announcements/audiences", { as: organiser.cookie })
    ).json()) as { audiences: { id: string; mailOnly?: boolean }[] };
    expect(choices.audiences.find((a) => a.id === `shift:${ids.morning}`)?.mailOnly).toBe(true);
    const sent = await made.request("POST", "/api/admin/announcements", {
      as: organiser.cookie,
      body: {
        title: "Door 1 moves",
        body: "Please come to the north entrance instead.",
        showsUntil: new Date(clock + 3_600_000).toISOString(),
        audience: `shift:${ids.morning}`,
      },
    });
    expect(sent.status).toBe(201);
    expect(((await sent.json()) as { recipients: number }).recipients).toBe(2);
    const shown = (await (await made.request("GET", "/api/announcements/current")).json()) as unknown[] | object;
    expect(JSON.stringify(shown)).not.toContain("Door 1 moves");
  });
});
