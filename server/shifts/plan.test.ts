/**
 * Issue 66, item 1: the organisers make roles, places and shifts (repeated over days, across midnight, in the
 * event's zone); names are unique, a role or place in use is not deleted, a shift's new time is planned again,
 * a shift with people is deleted only when they are told. Organisers only.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as api from "../../app/api/admin/shifts";
import type { Place, PlanAnswer, Role, Shift } from "../../app/api/admin/shifts";
import { wrongBodies } from "../../tests/fixtures/contract";
import { rowsOf } from "../db/rows";
import { shiftsApp } from "../../tests/fixtures/shifts-app";
import { cancelReminders, shiftPlanned } from "./reminders";
import type * as Reminders from "./reminders";

// The reminders part's hooks, watched: called with the plan's transaction (not the database itself).
vi.mock("./reminders", async (original) => {
  const real = await original<typeof Reminders>();
  return { ...real, shiftPlanned: vi.fn(real.shiftPlanned), cancelReminders: vi.fn(real.cancelReminders) };
});

const clock = Date.parse("2024-10-01T09:00:00-05:00");
let made: Awaited<ReturnType<typeof shiftsApp>>;
let organiser: { id: number; cookie: string };
let volunteer: { id: number; cookie: string };

beforeAll(async () => {
  made = await shiftsApp("shifts_plan", () => clock);
  organiser = await made.account("ada@tncc.example.org", "organiser", "Ada Lovelace");
  volunteer = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
}, 120_000);
afterAll(() => made.close());

const as = (method: string, url: string, body?: unknown) => made.request(method, url, { body, as: organiser.cookie });
const json = async <T>(res: Response) => (await res.json()) as T;
const audits = async (action: string) =>
  Number(
    rowsOf<{ n: string }>(
      await made.database.db.execute(sql`SELECT count(*) AS n FROM audit_log WHERE action = ${action}`),
    )[0]!.n,
  );
const mails = async () =>
  rowsOf<{ to_addr: string; subject: string; body: string }>(
    await made.database.db.execute(sql`SELECT to_addr, subject, body FROM mail_queue ORDER BY id`),
  );
async function role(name: string, description = "") {
  return json<Role>(await as("POST", "/api/admin/shifts/roles", { name, description }));
}
async function place(name: string, door: string | null = null) {
  return json<Place>(await as("POST", "/api/admin/shifts/places", { name, door }));
}

describe("the organisers' plan", { timeout: 60_000 }, () => {
  it("makes, renames and deletes roles and places; a name taken (any case) is refused", async () => {
    const made1 = await as("POST", "/api/admin/shifts/roles", { name: "  Door ", description: "Checks tickets in" });
    expect(made1.status).toBe(201);
    const door = await json<Role>(made1);
    expect(door).toEqual({ id: expect.any(Number), name: "Door", description: "Checks tickets in", shifts: 0 });
    expect(await audits("shift-role-made")).toBe(1);

    const twice = await as("POST", "/api/admin/shifts/roles", { name: "door" });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toEqual({ error: "There is already a role called door.", field: "name" });

    const usher = await role("Usher");
    const renamed = await as("PATCH", `/api/admin/shifts/roles/${usher.id}`, { name: "DOOR" });
    expect(renamed.status).toBe(409);
    const ok = await as("PATCH", `/api/admin/shifts/roles/${usher.id}`, { name: "Ushers", description: "Seats" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ name: "Ushers", description: "Seats" });
    // Its own name again, in another case: allowed.
    expect((await as("PATCH", `/api/admin/shifts/roles/${usher.id}`, { name: "USHERS" })).status).toBe(200);

    const hall = await as("POST", "/api/admin/shifts/places", { name: "Door 1", door: "Door 1" });
    expect(hall.status).toBe(201);
    expect(await hall.json()).toMatchObject({ name: "Door 1", door: "Door 1", shifts: 0 });
    expect((await as("POST", "/api/admin/shifts/places", { name: "door 1" })).status).toBe(409);
    const desk = await place("Welcome desk");
    expect(desk.door).toBeNull();

    const gone = await as("DELETE", `/api/admin/shifts/roles/${usher.id}`);
    expect(gone.status).toBe(200);
    expect(await gone.json()).toEqual({ deleted: "USHERS" });
    expect((await as("DELETE", `/api/admin/shifts/places/${desk.id}`)).status).toBe(200);
    expect(await audits("shift-role-deleted")).toBe(1);
    expect(await audits("shift-place-deleted")).toBe(1);
  });

  it("refuses a wrong body naming the field, and unknown ids in words", async () => {
    const empty = await as("POST", "/api/admin/shifts/roles", { name: "   " });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "The role's name is empty: please write it.", field: "name" });
    const notADoor = await as("POST", "/api/admin/shifts/places", { name: "Gate", door: "Door 99" });
    expect(notADoor.status).toBe(400);
    expect(await notADoor.json()).toMatchObject({ field: "door" });
    expect((await as("POST", "/api/admin/shifts/roles", "not json")).status).toBe(400);

    for (const [method, url] of [
      ["PATCH", "/api/admin/shifts/roles/999999"],
      ["DELETE", "/api/admin/shifts/roles/999999"],
      ["PATCH", "/api/admin/shifts/places/999999"],
      ["DELETE", "/api/admin/shifts/places/abc"],
      ["DELETE", "/api/admin/shifts/999999"],
    ] as const) {
      const res = await as(method, url, { name: "Anything" });
      expect(res.status, `${method} ${url}`).toBe(404);
      expect((await json<{ error: string }>(res)).error).toMatch(/^There is no such (role|place|shift)/);
    }
    const { roles, places } = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    const base = {
      placeId: places[0]!.id,
      roleId: roles[0]!.id,
      days: ["2024-10-24"],
      start: "08:00",
      end: "12:00",
      needed: 2,
    };
    const wrong: [Record<string, unknown>, string, string | RegExp][] = [
      [{ ...base, days: [] }, "days", "Please choose at least one day."],
      [{ ...base, days: ["2024-11-01"] }, "days", "Please choose among the event's days."],
      [{ ...base, start: "8 o'clock" }, "start", "Please give the time it starts."],
      [{ ...base, end: "25:00" }, "end", "Please give the time it ends."],
      [{ ...base, needed: 0 }, "needed", "A shift needs at least one person."],
      [{ ...base, placeId: 999999 }, "placeId", /no longer in the list/],
      [{ ...base, roleId: "Door" }, "roleId", "This is not one of the list's."],
      // 08:00 to 07:00 the next day: 23 hours, a slip.
      [{ ...base, end: "07:00" }, "end", /23 hours, longer than a shift of 16 hours/],
    ];
    for (const [body, field, error] of wrong) {
      const res = await as("POST", "/api/admin/shifts", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toEqual({ error: expect.stringMatching(error), field });
    }
    expect((await json<PlanAnswer>(await as("GET", "/api/admin/shifts"))).shifts).toHaveLength(0);
  });

  it("refuses a wrong body with a 400 that names the field, on every Shifts route that takes one", async () => {
    const wrong = wrongBodies(api);
    expect(wrong.map((w) => `${w.method} ${w.path}`).sort()).toEqual([
      "DELETE /shifts/1",
      "PATCH /shifts/1",
      "PATCH /shifts/places/1",
      "PATCH /shifts/roles/1",
      "POST /shifts",
      "POST /shifts/1/people",
      "POST /shifts/places",
      "POST /shifts/roles",
      "POST /volunteer/blockouts",
      "PUT /volunteer/roles",
    ]);
    const before = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    for (const w of wrong) {
      const res = await as(w.method, `/api/admin${w.path}`, w.body);
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toEqual({ error: expect.any(String), field: w.field });
    }
    expect(await json<PlanAnswer>(await as("GET", "/api/admin/shifts"))).toEqual(before);
  });

  it("makes one shift per chosen day in the event's zone, across midnight, and answers them", async () => {
    const { roles, places } = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    const res = await as("POST", "/api/admin/shifts", {
      placeId: places[0]!.id,
      roleId: roles[0]!.id,
      days: ["2024-10-25", "2024-10-24", "2024-10-26"],
      start: "22:00",
      end: "02:00",
      needed: 2,
    });
    expect(res.status).toBe(201);
    const { shifts } = await json<{ shifts: Shift[] }>(res);
    expect(shifts.map((s) => [s.day, s.startsAt, s.endsAt, s.needed, s.filled, s.place, s.role])).toEqual([
      ["2024-10-24", "2024-10-24T22:00:00-05:00", "2024-10-25T02:00:00-05:00", 2, 0, "Door 1", "Door"],
      ["2024-10-25", "2024-10-25T22:00:00-05:00", "2024-10-26T02:00:00-05:00", 2, 0, "Door 1", "Door"],
      ["2024-10-26", "2024-10-26T22:00:00-05:00", "2024-10-27T02:00:00-05:00", 2, 0, "Door 1", "Door"],
    ]);
    // Stored as instants: 22:00 in Chicago (CDT, UTC-5) is 03:00 UTC the next day.
    const [stored] = rowsOf<{ utc: string }>(
      await made.database.db.execute(
        sql`SELECT to_char(starts_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI') AS utc FROM shifts WHERE id = ${shifts[0]!.id}`,
      ),
    );
    expect(stored!.utc).toBe("2024-10-25 03:00");
    expect(await audits("shifts-made")).toBe(1);
    expect(vi.mocked(shiftPlanned).mock.calls.map(([tx, id, moved]) => [tx === made.database.db, id, moved])).toEqual(
      shifts.map((s) => [false, s.id, false]),
    );
    const plan = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    expect(plan.roles.find((r) => r.name === "Door")!.shifts).toBe(3);
  });

  it("refuses to delete a role or place in use, naming its shifts", async () => {
    const { roles, places } = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    const door = roles.find((r) => r.name === "Door")!;
    const res = await as("DELETE", `/api/admin/shifts/roles/${door.id}`);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error:
        "The role Door has 3 shifts: Thu 24 Oct 22:00–02:00 (ends the next day) at Door 1, Fri 25 Oct 22:00–02:00 (ends the next day) at Door 1, Sat 26 Oct 22:00–02:00 (ends the next day) at Door 1. Delete or move those shifts first.",
    });
    const placeRes = await as("DELETE", `/api/admin/shifts/places/${places[0]!.id}`);
    expect(placeRes.status).toBe(409);
    expect((await json<{ error: string }>(placeRes)).error).toMatch(/^Door 1 has 3 shifts: Thu 24 Oct 22:00–02:00/);
    const after = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    expect(after.roles.map((r) => r.name)).toContain("Door");
    expect(after.shifts).toHaveLength(3);
  });

  it("changes a shift: needed not below its people; a new time is planned again (moved)", async () => {
    const plan = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    const shift = plan.shifts[0]!;
    await made.database.db.execute(
      sql`INSERT INTO shift_signups (shift_id, admin_id) VALUES (${shift.id}, ${volunteer.id})`,
    );
    const body = { placeId: shift.placeId, roleId: shift.roleId, days: [shift.day], start: "22:00", end: "02:00" };

    const fewer = await as("PATCH", `/api/admin/shifts/${shift.id}`, { ...body, needed: 0 });
    expect(fewer.status).toBe(400);
    const two = await as("PATCH", `/api/admin/shifts/${shift.id}`, {
      ...body,
      days: [shift.day, "2024-10-25"],
      needed: 1,
    });
    expect(await two.json()).toEqual({ error: "Please choose one day for this shift.", field: "days" });

    vi.mocked(shiftPlanned).mockClear();
    // Same time, one person needed: fine, not moved.
    const same = await as("PATCH", `/api/admin/shifts/${shift.id}`, { ...body, needed: 1 });
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ moved: false, shift: { needed: 1, filled: 1 } });

    const moved = await as("PATCH", `/api/admin/shifts/${shift.id}`, { ...body, start: "21:00", needed: 3 });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({
      moved: true,
      shift: { startsAt: "2024-10-24T21:00:00-05:00", endsAt: "2024-10-25T02:00:00-05:00", needed: 3 },
    });
    expect(await audits("shift-changed")).toBe(2);
    // Only the new time is planned again (the people told once, by the reminders part).
    expect(vi.mocked(shiftPlanned).mock.calls.map(([tx, id, m]) => [tx === made.database.db, id, m])).toEqual([
      [false, shift.id, true],
    ]);

    // Two people on it, then needed 1: refused in words.
    const other = await made.account("sam@tncc.example.org", "door", "Sam Kim");
    await made.database.db.execute(
      sql`INSERT INTO shift_signups (shift_id, admin_id) VALUES (${shift.id}, ${other.id})`,
    );
    const below = await as("PATCH", `/api/admin/shifts/${shift.id}`, { ...body, start: "21:00", needed: 1 });
    expect(below.status).toBe(409);
    expect(await below.json()).toEqual({
      error: expect.stringMatching(/^2 people are on this shift already: it cannot need fewer than 2\./),
      field: "needed",
    });
  });

  it("deletes a shift with people only when they are told, each by mail", async () => {
    const plan = await json<PlanAnswer>(await as("GET", "/api/admin/shifts"));
    const [withPeople, empty] = plan.shifts;
    expect(withPeople!.filled).toBe(2);
    const before = (await mails()).length;

    // The body says whether they are told (the contract: app/api/admin/shifts.ts deleteShift).
    const refused = await as("DELETE", `/api/admin/shifts/${withPeople!.id}`, {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      error: "Ruth Bell, Sam Kim are on this shift. Deleting it tells them by mail that it is cancelled.",
      people: ["Ruth Bell", "Sam Kim"],
    });
    // Anything but true is no consent: refused naming the field, nothing deleted.
    const yes = await as("DELETE", `/api/admin/shifts/${withPeople!.id}`, { tellPeople: "yes" });
    expect(yes.status).toBe(400);
    expect(await yes.json()).toMatchObject({ field: "tellPeople" });

    const told = await as("DELETE", `/api/admin/shifts/${withPeople!.id}`, { tellPeople: true });
    expect(told.status).toBe(200);
    expect(await told.json()).toEqual({ deleted: withPeople!.id, told: 2 });
    const sent = (await mails()).slice(before);
    expect(sent.map((m) => [m.to_addr, m.subject])).toEqual([
      ["ruth@tncc.example.org", "Your shift on Thu 24 Oct is cancelled"],
      ["sam@tncc.example.org", "Your shift on Thu 24 Oct is cancelled"],
    ]);
    expect(sent[0]!.body).toContain("Door at Door 1, Thu 24 Oct 21:00–02:00 (ends the next day).");
    expect(sent[0]!.body).toContain("https://tncc.example.org/volunteer");
    expect(vi.mocked(cancelReminders).mock.calls.map(([, id, adminId]) => [id, adminId])).toEqual([
      [withPeople!.id, volunteer.id],
      [withPeople!.id, expect.any(Number)],
    ]);

    // Nobody on it: deleted at once, nobody mailed.
    expect((await as("DELETE", `/api/admin/shifts/${empty!.id}`, {})).status).toBe(200);
    expect((await mails()).length).toBe(before + 2);
    expect((await json<PlanAnswer>(await as("GET", "/api/admin/shifts"))).shifts).toHaveLength(1);
    expect(await audits("shift-deleted")).toBe(2);
  });

  it("answers 401 without a session and 403 to a volunteer's", async () => {
    const routes = [
      ["POST", "/api/admin/shifts/roles"],
      ["PATCH", "/api/admin/shifts/roles/1"],
      ["DELETE", "/api/admin/shifts/roles/1"],
      ["POST", "/api/admin/shifts/places"],
      ["DELETE", "/api/admin/shifts/places/1"],
      ["POST", "/api/admin/shifts"],
      ["PATCH", "/api/admin/shifts/1"],
      ["DELETE", "/api/admin/shifts/1"],
    ] as const;
    for (const [method, url] of routes) {
      expect((await made.request(method, url, { body: { name: "X" } })).status, `${method} ${url}`).toBe(401);
      expect(
        (await made.request(method, url, { body: { name: "X" }, as: volunteer.cookie })).status,
        `${method} ${url}`,
      ).toBe(403);
    }
    expect((await json<PlanAnswer>(await as("GET", "/api/admin/shifts"))).roles.map((r) => r.name)).toEqual(["Door"]);
  });
});
