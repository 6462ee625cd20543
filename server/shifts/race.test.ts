/**
 * Issue 66: twenty volunteers tap the last place of a shift at once, on two servers of the site over one
 * database: exactly one gets it, the nineteen others are told plainly, and the shift holds no one too many.
 * Run on the embedded database, and on PostgreSQL too when TEST_DATABASE_URL is set (`npm test`).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shiftsApp } from "../../tests/fixtures/shifts-app";
import { rowsOf } from "../db/rows";
import { FULL } from "./volunteer-routes";

const clock = Date.parse("2024-10-22T09:00:00-05:00");
const backends = process.env.TEST_DATABASE_URL ? ["embedded", "PostgreSQL"] : ["embedded"];

describe.each(backends)("the last place of a shift on %s", { timeout: 120_000 }, (backend) => {
  let made: Awaited<ReturnType<typeof shiftsApp>>;
  beforeAll(async () => {
    made = await shiftsApp("shifts_race", () => clock, undefined, backend === "embedded");
  }, 120_000);
  afterAll(() => made.close());

  it("goes to exactly one of twenty volunteers tapping at once on two servers", async () => {
    const { db } = made.database;
    await db.execute(sql`INSERT INTO volunteer_roles (name) VALUES ('Door')`);
    await db.execute(sql`INSERT INTO volunteer_places (name) VALUES ('Door 1')`);
    const [shift] = rowsOf<{ id: string }>(
      await db.execute(sql`
        INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
        SELECT p.id, r.id, '2024-10-24T08:00:00-05:00', '2024-10-24T12:00:00-05:00', 2
        FROM volunteer_places p, volunteer_roles r RETURNING id`),
    );
    const id = Number(shift!.id);
    const first = await made.account("first@tncc.example.org", "volunteer", "First One");
    expect((await made.request("POST", `/api/admin/volunteer/shifts/${id}`, { as: first.cookie })).status).toBe(200);

    const people = [];
    for (let i = 0; i < 20; i++)
      people.push(await made.account(`v${i}@tncc.example.org`, "volunteer", `Volunteer ${i}`));
    const servers = [made.app, made.server()];
    const answers = await Promise.all(
      people.map(async (p, i) => {
        const res = await made.requestTo(servers[i % 2]!, "POST", `/api/admin/volunteer/shifts/${id}`, {
          as: p.cookie,
        });
        return { status: res.status, body: (await res.json()) as { error?: string } };
      }),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    for (const a of refused) expect(a.body.error).toBe(FULL);
    const [count] = rowsOf<{ n: string | number }>(
      await db.execute(sql`SELECT count(*) AS n FROM shift_signups WHERE shift_id = ${id}`),
    );
    expect(Number(count!.n)).toBe(2);
  });
});
