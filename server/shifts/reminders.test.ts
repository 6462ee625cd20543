/**
 * Issue 66: reminders, a shift's new time, the gap offer and missing marked, as jobs in the database. With a
 * moved clock (injected), the jobs' rows and times in graphile-worker's tables, then their handlers run twice and
 * from "two servers" at once: each mail goes once. A removed volunteer's shifts are freed and the organisers told.
 * On an embedded database, or a fresh one on TEST_DATABASE_URL (scripts/test-pg.ts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SITE } from "../../tests/fixtures/admin-app";
import { EVENT, shiftsApp } from "../../tests/fixtures/shifts-app";
import { rowsOf } from "../db/rows";
import { shiftHandlers } from "./jobs";
import { gapMail } from "./mail";
import { cancelReminders, scheduleReminders, shiftPlanned } from "./reminders";

let clock = Date.parse("2024-10-20T12:00:00-05:00");
let made: Awaited<ReturnType<typeof shiftsApp>>;
const at = (iso: string) => Date.parse(iso);

beforeAll(async () => {
  made = await shiftsApp("shifts_reminders", () => clock);
}, 120_000);
afterAll(() => made.close());

const db = () => made.database.db;
/** Two servers' handlers on the same database. */
const servers = () =>
  [0, 1].map(() => shiftHandlers(db(), { event: async () => EVENT, siteUrl: SITE, now: () => clock }));

async function one<T>(query: ReturnType<typeof sql>) {
  return rowsOf<T>(await db().execute(query))[0]!;
}
const roleId = async (name: string) =>
  Number(
    (
      await one<{ id: string }>(
        sql`INSERT INTO volunteer_roles (name) VALUES (${name}) ON CONFLICT (lower(name)) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      )
    ).id,
  );
const placeId = async (name: string) =>
  Number(
    (
      await one<{ id: string }>(
        sql`INSERT INTO volunteer_places (name) VALUES (${name}) ON CONFLICT (lower(name)) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      )
    ).id,
  );
/** A shift, made as the plan makes it: its gap check and end as jobs in the same transaction. */
async function shift(place: string, role: string, from: string, until: string, needed: number) {
  const [p, r] = [await placeId(place), await roleId(role)];
  return db().transaction(async (tx) => {
    const [row] = rowsOf<{ id: string }>(
      await tx.execute(sql`
        INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
        VALUES (${p}, ${r}, ${from}::timestamptz, ${until}::timestamptz, ${needed}) RETURNING id`),
    );
    await shiftPlanned(tx, Number(row!.id), false);
    return Number(row!.id);
  });
}
/** A sign-up, as the volunteer's page makes it: the reminders in the same transaction. */
const signUp = (shiftId: number, adminId: number) =>
  db().transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO shift_signups (shift_id, admin_id) VALUES (${shiftId}, ${adminId})`);
    await scheduleReminders(tx, shiftId, adminId);
  });
const chooses = async (adminId: number, role: string) =>
  db().execute(sql`INSERT INTO volunteer_role_choices (admin_id, role_id) VALUES (${adminId}, ${await roleId(role)})`);

interface JobRow {
  key: string;
  run_at: Date | string;
  payload: Record<string, unknown>;
}
const jobs = async (prefix: string) =>
  rowsOf<JobRow>(
    await db().execute(
      sql`SELECT key, run_at, payload FROM graphile_worker._private_jobs WHERE key LIKE ${`${prefix}%`} ORDER BY key`,
    ),
  ).map((j) => ({ key: j.key, runAt: new Date(j.run_at).getTime(), payload: j.payload }));
const job = async (key: string) => (await jobs(key)).find((j) => j.key === key);
const mails = async (to: string, subject = "") =>
  rowsOf<{ subject: string; body: string }>(
    await db().execute(
      sql`SELECT subject, body FROM mail_queue WHERE to_addr = ${to} AND subject LIKE ${`${subject}%`} ORDER BY id`,
    ),
  );

/** A job's handler run by both servers at once, then again (a crash after its commit: the job is run again). */
async function runTwice(task: "shift-reminder" | "shift-gap" | "shift-end", payload: Record<string, unknown>) {
  const [a, b] = servers();
  await Promise.all([a![task](payload), b![task](payload)]);
  await a![task](payload);
}

describe("reminders and notices of a volunteer's shifts", { timeout: 60_000 }, () => {
  it("the evening-before and one-hour reminders are jobs at their times, and each mails once", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
    const id = await shift("Door 1", "Door", "2024-10-26T08:00:00-05:00", "2024-10-26T12:00:00-05:00", 2);
    await signUp(id, ruth.id);

    const mine = await jobs(`shift-reminder:${id}:${ruth.id}:`);
    // 19:00 on the event's clock the day before, and 07:00.
    expect(mine.map((j) => [j.key.split(":").pop(), j.runAt])).toEqual([
      ["evening", at("2024-10-25T19:00:00-05:00")],
      ["hour", at("2024-10-26T07:00:00-05:00")],
    ]);
    expect((await job(`shift-gap:${id}`))?.runAt).toBe(at("2024-10-24T08:00:00-05:00"));
    expect((await job(`shift-end:${id}`))?.runAt).toBe(at("2024-10-26T12:00:00-05:00"));

    // Before their time the volunteer has no mail.
    expect(await mails("ruth@tncc.example.org")).toEqual([]);

    clock = at("2024-10-25T19:00:00-05:00");
    await runTwice("shift-reminder", mine[0]!.payload);
    const evening = await mails("ruth@tncc.example.org");
    expect(evening).toHaveLength(1);
    expect(evening[0]!.subject).toBe("Tomorrow at 08:00: Door at Door 1");
    expect(evening[0]!.body).toContain("Hello Ruth Bell,");
    expect(evening[0]!.body).toContain("Saturday 26 October 2024, 08:00 to 12:00 (CDT)");
    expect(evening[0]!.body).toContain("Grace Fellowship Convention Hall");
    expect(evening[0]!.body).toContain(`${SITE}/volunteer`);

    clock = at("2024-10-26T07:00:00-05:00");
    await runTwice("shift-reminder", mine[1]!.payload);
    const hour = await mails("ruth@tncc.example.org", "In an hour");
    expect(hour.map((m) => m.subject)).toEqual(["In an hour, at 08:00: Door at Door 1"]);
    expect(await mails("ruth@tncc.example.org")).toHaveLength(2);
  });

  it("a sign-up after 19:00 the evening before gets the one-hour reminder only", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const id = await shift("Door 1", "Door", "2024-10-26T13:00:00-05:00", "2024-10-26T17:00:00-05:00", 2);
    const sam = await made.account("sam@tncc.example.org", "door", "Sam Reed");
    clock = at("2024-10-25T20:00:00-05:00");
    await signUp(id, sam.id);
    expect((await jobs(`shift-reminder:${id}:${sam.id}:`)).map((j) => j.key.split(":").pop())).toEqual(["hour"]);
  });

  it("a shift given back mails nothing, even from a job taken before the give-back", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const id = await shift("Desk", "Welcome", "2024-10-25T09:00:00-05:00", "2024-10-25T11:00:00-05:00", 1);
    const ann = await made.account("ann@tncc.example.org", "volunteer", "Ann Lee");
    await signUp(id, ann.id);
    const [evening] = await jobs(`shift-reminder:${id}:${ann.id}:`);
    await db().transaction(async (tx) => {
      await tx.execute(sql`DELETE FROM shift_signups WHERE shift_id = ${id} AND admin_id = ${ann.id}`);
      await cancelReminders(tx, id, ann.id);
    });
    expect(await jobs(`shift-reminder:${id}:${ann.id}:`)).toEqual([]);
    clock = at("2024-10-24T19:00:00-05:00");
    await runTwice("shift-reminder", evening!.payload);
    expect(await mails("ann@tncc.example.org")).toEqual([]);
  });

  it("a shift moved after people signed up: each is told once, and the reminders follow the new time", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const id = await shift("Door 2", "Door", "2024-10-27T08:00:00-05:00", "2024-10-27T12:00:00-05:00", 2);
    const ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
    const ann = await made.account("ann@tncc.example.org", "volunteer", "Ann Lee");
    await signUp(id, ruth.id);
    await signUp(id, ann.id);
    const oldHour = await job(`shift-reminder:${id}:${ruth.id}:hour`);

    clock = at("2024-10-21T09:00:00-05:00");
    await db().transaction(async (tx) => {
      await tx.execute(sql`
        UPDATE shifts SET starts_at = '2024-10-27T14:00:00-05:00', ends_at = '2024-10-27T18:00:00-05:00' WHERE id = ${id}`);
      await shiftPlanned(tx, id, true);
    });
    expect((await job(`shift-reminder:${id}:${ruth.id}:hour`))?.runAt).toBe(at("2024-10-27T13:00:00-05:00"));
    expect((await job(`shift-end:${id}`))?.runAt).toBe(at("2024-10-27T18:00:00-05:00"));
    for (const who of [ruth, ann]) {
      const moved = await job(`shift-reminder:${id}:${who.id}:moved`);
      expect(moved?.runAt).toBeLessThanOrEqual(Date.now() + 1000);
      await runTwice("shift-reminder", moved!.payload);
    }
    for (const address of ["ruth@tncc.example.org", "ann@tncc.example.org"]) {
      const told = await mails(address, "New time");
      expect(told.map((m) => m.subject)).toEqual([
        "New time for your shift: Door at Door 2, Sunday 27 October at 14:00",
      ]);
      expect(told[0]!.body).toContain("Sunday 27 October 2024, 14:00 to 18:00 (CDT)");
    }

    // The job of the old time, had it been taken already, mails nothing; the new one reminds.
    const before = (await mails("ruth@tncc.example.org")).length;
    clock = at("2024-10-27T07:00:00-05:00");
    await runTwice("shift-reminder", oldHour!.payload);
    expect(await mails("ruth@tncc.example.org")).toHaveLength(before);
    clock = at("2024-10-27T13:00:00-05:00");
    await runTwice("shift-reminder", (await job(`shift-reminder:${id}:${ruth.id}:hour`))!.payload);
    expect((await mails("ruth@tncc.example.org", "In an hour, at 14:00")).length).toBe(1);
  });

  it("two days before, a shift short of people is offered to the free volunteers of its role only", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const id = await shift("Car park", "Parking", "2024-10-25T10:00:00-05:00", "2024-10-25T14:00:00-05:00", 3);
    const other = await shift("Car park", "Welcome", "2024-10-25T12:00:00-05:00", "2024-10-25T16:00:00-05:00", 1);
    const full = await shift("Car park", "Parking", "2024-10-26T10:00:00-05:00", "2024-10-26T14:00:00-05:00", 1);
    const fay = await made.account("fay@tncc.example.org", "volunteer", "Fay Moss"); // free
    const bo = await made.account("bo@tncc.example.org", "volunteer", "Bo Tan"); // on a shift at the same time
    const lu = await made.account("lu@tncc.example.org", "volunteer", "Lu Park"); // blocked out then
    const ola = await made.account("ola@tncc.example.org", "volunteer", "Ola Ray"); // another role
    const kim = await made.account("kim@tncc.example.org", "door", "Kim Cho"); // on it already
    for (const who of [fay, bo, lu, kim]) await chooses(who.id, "Parking");
    await chooses(ola.id, "Welcome");
    await signUp(id, kim.id);
    await signUp(other, bo.id);
    await signUp(full, kim.id);
    await db().execute(sql`
      INSERT INTO volunteer_blockouts (admin_id, starts_at, ends_at)
      VALUES (${lu.id}, '2024-10-25T09:00:00-05:00', '2024-10-25T11:00:00-05:00')`);

    const gap = await job(`shift-gap:${id}`);
    expect(gap?.runAt).toBe(at("2024-10-23T10:00:00-05:00"));
    clock = at("2024-10-23T10:00:00-05:00");
    await runTwice("shift-gap", gap!.payload);
    await runTwice("shift-gap", (await job(`shift-gap:${full}`))!.payload);

    const offered = await mails("fay@tncc.example.org");
    expect(offered.map((m) => m.subject)).toEqual(["Can you help? Parking at Car park, Friday 25 October at 10:00"]);
    expect(offered[0]!.body).toContain("This shift still needs 2 more people");
    expect(offered[0]!.body).toContain("first come, first served");
    expect(offered[0]!.body).toContain(`sign up on your page: ${SITE}/volunteer`);
    for (const who of ["bo", "lu", "ola", "kim"])
      expect(await mails(`${who}@tncc.example.org`, "Can you help"), who).toEqual([]);
  });

  it("a gap offer without SITE_URL says where to sign up, with no link", () => {
    const offer = gapMail(
      { to: "fay@tncc.example.org", name: "Fay" },
      {
        place: "Door 1",
        role: "Door",
        startsAt: new Date("2024-10-25T13:00:00Z"),
        endsAt: new Date("2024-10-25T17:00:00Z"),
        missing: 1,
      },
      { zone: EVENT.timeZone, location: "" },
    );
    expect(offer.body).toContain("needs one more person");
    expect(offer.body).toContain("sign up on your volunteer page on the website.");
    expect(offer.body).not.toMatch(/https?:/);
  });

  it("after the shift, those with no arrival are marked missed", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const id = await shift("Door 3", "Door", "2024-10-24T08:00:00-05:00", "2024-10-24T12:00:00-05:00", 2);
    const ruth = await made.account("ruth@tncc.example.org", "volunteer", "Ruth Bell");
    const ann = await made.account("ann@tncc.example.org", "volunteer", "Ann Lee");
    await signUp(id, ruth.id);
    await signUp(id, ann.id);
    await db().execute(
      sql`UPDATE shift_signups SET arrived_at = '2024-10-24T07:58:00-05:00' WHERE shift_id = ${id} AND admin_id = ${ruth.id}`,
    );
    const missed = async () =>
      rowsOf<{ admin_id: string; missed: boolean }>(
        await db().execute(sql`SELECT admin_id, missed FROM shift_signups WHERE shift_id = ${id} ORDER BY admin_id`),
      ).map((r) => [Number(r.admin_id), r.missed]);
    const end = await job(`shift-end:${id}`);

    // Not over yet on this server's clock: nobody marked.
    clock = at("2024-10-24T11:59:00-05:00");
    await runTwice("shift-end", end!.payload);
    expect(await missed()).toEqual([
      [ruth.id, false],
      [ann.id, false],
    ]);
    clock = at("2024-10-24T12:00:00-05:00");
    await runTwice("shift-end", end!.payload);
    expect(await missed()).toEqual([
      [ruth.id, false],
      [ann.id, true],
    ]);
  });

  it("a volunteer removed: their shifts are freed, offered again, and the organisers told", async () => {
    clock = at("2024-10-20T12:00:00-05:00");
    const rex = await made.account("rex@tncc.example.org", "volunteer", "Rex Hall");
    const past = await shift("Door 1", "Door", "2024-10-19T08:00:00-05:00", "2024-10-19T12:00:00-05:00", 1);
    const id = await shift("Door 1", "Door", "2024-10-24T13:00:00-05:00", "2024-10-24T17:00:00-05:00", 2);
    await signUp(past, rex.id);
    await signUp(id, rex.id);
    // Within two days of it: the gap check has run already.
    await db().execute(sql`SELECT graphile_worker.remove_job(${`shift-gap:${id}`})`);

    clock = at("2024-10-23T09:00:00-05:00");
    const organiser = await made.account("ada@tncc.example.org", "organiser", "Ada Lovelace");
    const res = await made.request("DELETE", `/api/admin/organisers/${rex.id}`, { as: organiser.cookie });
    expect(res.status, await res.clone().text()).toBe(200);

    expect(
      (await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM shift_signups WHERE shift_id IN (${id}, ${past})`))
        .n,
    ).toBe(0);
    const told = await mails("info@tncc.example.org", "Rex Hall was removed");
    expect(told.map((m) => m.subject)).toEqual(["Rex Hall was removed: 1 shift needs someone"]);
    expect(told[0]!.body).toContain("- Door at Door 1, Thursday 24 October 2024, 13:00 to 17:00 (CDT): 0 of 2 people");
    expect(told[0]!.body).toContain(`${SITE}/admin?tab=rota`);
    const line = await one<{ detail: Record<string, unknown> }>(
      sql`SELECT detail FROM audit_log WHERE action = 'organiser-removed' ORDER BY id DESC LIMIT 1`,
    );
    expect(line.detail).toEqual({ role: "volunteer", shiftsFreed: [id] });
    // Their reminders went; the shift is offered again, at once.
    expect(await jobs(`shift-reminder:${id}:${rex.id}:`)).toEqual([]);
    expect((await job(`shift-gap:${id}`))?.runAt).toBe(at("2024-10-22T13:00:00-05:00"));
  });
});
