/**
 * Issue 66: `GET /api/admin/shifts` reads the plan with who is on each shift, in the event's zone; a volunteer's
 * session reaches none of the organisers' routes.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanAnswer } from "../../app/api/admin/shifts";
import { shiftsApp } from "../../tests/fixtures/shifts-app";

let clock = Date.parse("2024-10-24T08:15:00-05:00");
let made: Awaited<ReturnType<typeof shiftsApp>>;

beforeAll(async () => {
  made = await shiftsApp("shifts_read", () => clock);
}, 120_000);
afterAll(() => made.close());

describe("the plan as the organisers read it", { timeout: 60_000 }, () => {
  it("lists a shift crossing midnight with its people: one arrived, one late", async () => {
    const organiser = await made.account("ada@tncc.example.org", "organiser", "Ada Lovelace");
    const ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
    const sam = await made.account("sam@tncc.example.org", "door");
    const { db } = made.database;
    await db.execute(sql`INSERT INTO volunteer_roles (name, description) VALUES ('Door', 'Checks tickets in')`);
    await db.execute(sql`INSERT INTO volunteer_places (name, door) VALUES ('Door 1', 'Door 1')`);
    await db.execute(sql`
      INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
      SELECT p.id, r.id, '2024-10-24T08:00:00-05:00', '2024-10-24T12:00:00-05:00', 2 FROM volunteer_places p, volunteer_roles r`);
    await db.execute(sql`
      INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
      SELECT p.id, r.id, '2024-10-24T22:00:00-05:00', '2024-10-25T02:00:00-05:00', 1 FROM volunteer_places p, volunteer_roles r`);
    await db.execute(sql`
      INSERT INTO shift_signups (shift_id, admin_id, arrived_at)
      SELECT min(id), ${ruth.id}, '2024-10-24T07:55:00-05:00'::timestamptz FROM shifts`);
    await db.execute(sql`INSERT INTO shift_signups (shift_id, admin_id) SELECT min(id), ${sam.id} FROM shifts`);

    clock = Date.parse("2024-10-24T08:15:00-05:00");
    const res = await made.request("GET", "/api/admin/shifts", { as: organiser.cookie });
    expect(res.status).toBe(200);
    const plan = (await res.json()) as PlanAnswer;
    expect(plan.days).toEqual(["2024-10-24", "2024-10-25", "2024-10-26", "2024-10-27"]);
    expect(plan.roles).toEqual([{ id: expect.any(Number), name: "Door", description: "Checks tickets in", shifts: 2 }]);
    expect(plan.places.map((p) => [p.name, p.door, p.shifts])).toEqual([["Door 1", "Door 1", 2]]);
    const [morning, night] = plan.shifts;
    expect(morning).toMatchObject({
      day: "2024-10-24",
      startsAt: "2024-10-24T08:00:00-05:00",
      endsAt: "2024-10-24T12:00:00-05:00",
      needed: 2,
      filled: 2,
    });
    expect(morning!.people.map((p) => [p.name, p.arrivedAt !== null, p.late])).toEqual([
      ["Ruth Bell", true, false],
      ["sam", false, true],
    ]);
    expect(night).toMatchObject({ day: "2024-10-24", endsAt: "2024-10-25T02:00:00-05:00", filled: 0 });

    // Before ten minutes past the start nobody is late yet.
    clock = Date.parse("2024-10-24T08:09:00-05:00");
    const early = (await (
      await made.request("GET", "/api/admin/shifts", { as: organiser.cookie })
    ).json()) as PlanAnswer;
    expect(early.shifts[0]!.people.some((p) => p.late)).toBe(false);

    // A volunteer's and a door volunteer's sessions reach none of it.
    for (const who of [ruth, sam]) {
      const refused = await made.request("GET", "/api/admin/shifts", { as: who.cookie });
      expect(refused.status).toBe(403);
    }
  });
});
