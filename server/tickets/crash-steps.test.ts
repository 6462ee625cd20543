/**
 * Steps that a crash must not leave half done (issue 54), on both databases: a process that dies in the middle
 * of a step is shown by the state it leaves (the parts before the kill committed, nothing after), and the step
 * run again (the job comes back to a living worker: server/jobs/jobs.test.ts) completes it once.
 *
 * - A waiting-list offer is its claim, its hold and its mail in one transaction: when the mail cannot be
 *   queued, the entry is still in line and no seat is kept for it.
 * - The sweep released holds and died before offering them: the next sweep offers the free seats, once.
 * - An order cancelled, and the server died before asking the provider for the refund: the refund job the cancel
 *   added does it, once, audited once, however often it runs.
 * - A free registration is its hold and its confirmation mail in one transaction (issue 61): when the mail cannot
 *   be queued, no seat is held; asked again, the seats are held and the link mailed once.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boxOfficeApp, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { cancelOrder } from "./order-life/moves.queries";
import { refundJob } from "./order-life/refund";
import { stock } from "./queries";
import { releaseExpired } from "./holds.queries";
import { sweep } from "./box-office";
import { buy } from "./purchase";

const MINUTE = 60_000;

describe.each(databaseBackends("crashsteps"))("a step cut short on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let clock = Date.parse("2026-11-02T10:00:00Z");
  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("crashsteps", database, () => clock);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const entry = async (email: string) =>
    (await rows<{ status: string }>(sql`SELECT status FROM ticket_waitlist WHERE email = ${email}`))[0]?.status;
  const offers = (email: string) =>
    rows(sql`SELECT id FROM mail_queue WHERE to_addr = ${email} AND subject LIKE 'Seats are free for you%'`);

  /** The one "solo" seat held by a checkout that is never paid, and `email` confirmed in line for it. */
  async function heldAndWaiting(email: string) {
    expect((await buy(t.box.context, { plan: "solo", quantity: 1, name: "Slow", email: `slow.${email}` })).kind).toBe(
      "checkout",
    );
    expect((await stock(database.db)).solo).toMatchObject({ held: 1, left: 0 });
    expect(
      (await t.request("POST", "/api/tickets/waitlist", { body: { plan: "solo", quantity: 1, email } })).status,
    ).toBe(201);
    const [mail] = await rows<{ body: string }>(sql`SELECT body FROM mail_queue WHERE to_addr = ${email}`);
    const token = /\/api\/tickets\/waitlist\/confirm\?token=([\w-]+)/.exec(mail!.body)![1]!;
    const confirmed = await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token }, form: true });
    expect(confirmed.status).toBe(200);
    expect(await entry(email)).toBe("waiting");
    // The checkout's time runs out.
    clock += 31 * MINUTE;
  }

  it("an offer whose mail cannot be queued leaves the entry in line and no seat kept; the next sweep offers it once", async () => {
    await heldAndWaiting("first@example.org");
    // Queueing the offer's mail fails (as a process that died there would have written nothing after it).
    await database.db.execute(sql`
      CREATE FUNCTION refuse_offer_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.subject LIKE 'Seats are free for you%' THEN RAISE EXCEPTION 'cut short'; END IF; RETURN NEW; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER refuse_offer_mail BEFORE INSERT ON mail_queue FOR EACH ROW EXECUTE FUNCTION refuse_offer_mail()`,
    );
    try {
      await expect(sweep(t.box.context)).rejects.toThrow();
      expect(await entry("first@example.org")).toBe("waiting");
      expect((await stock(database.db)).solo).toMatchObject({ held: 0, left: 1 });
      expect(await rows(sql`SELECT id FROM ticket_holds WHERE waitlist_id IS NOT NULL`)).toEqual([]);
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_offer_mail ON mail_queue`);
      await database.db.execute(sql`DROP FUNCTION refuse_offer_mail()`);
    }
    await sweep(t.box.context);
    await sweep(t.box.context);
    expect(await entry("first@example.org")).toBe("offered");
    expect(await offers("first@example.org")).toHaveLength(1);
    expect((await stock(database.db)).solo).toMatchObject({ held: 1, left: 0 });
  });

  it("a sweep that released holds and died before offering them: the next sweep offers the seats, once", async () => {
    // Clear the first test's offer: its hours run out, and it lapses.
    clock += 25 * 60 * MINUTE;
    await sweep(t.box.context);
    await heldAndWaiting("second@example.org");
    // The dead sweep's first part: the expired holds released, nothing offered.
    const released = await releaseExpired(database.db, new Date(clock));
    expect(released.map((h) => h.planId)).toEqual(["solo"]);
    expect((await stock(database.db)).solo).toMatchObject({ held: 0, left: 1 });
    expect(await entry("second@example.org")).toBe("waiting");

    // The sweep run again (the job rescued, or the next one) has nothing left to release, and offers the seat.
    expect(await sweep(t.box.context)).toEqual([]);
    await sweep(t.box.context);
    expect(await entry("second@example.org")).toBe("offered");
    expect(await offers("second@example.org")).toHaveLength(1);
    expect((await stock(database.db)).solo).toMatchObject({ held: 1, left: 0 });
  });

  it("an order cancelled by a server that died before the refund: the job refunds it once, audited once", async () => {
    expect(
      (await buy(t.box.context, { plan: "family", quantity: 1, name: "Fam", email: "fam@example.org" })).kind,
    ).toBe("checkout");
    const session = t.fake.created.at(-1)!;
    t.fake.pay(session.id);
    expect((await t.complete(session.id)).status).toBe(200);
    const [order] = await rows<{ id: number }>(
      sql`SELECT id::int AS id FROM ticket_orders WHERE email = 'fam@example.org'`,
    );
    const before = t.fake.refunds.length;
    // The route's first part, committed; then the process is gone.
    const cancelled = await cancelOrder(
      database.db,
      order!.id,
      new Date(clock),
      { adminId: null, actor: "organiser@example.org" },
      (o) => ({ to: o.email, subject: "Cancelled", body: "Your order was cancelled." }),
    );
    expect(cancelled.kind).toBe("cancelled");
    const jobs = () =>
      rows<{ payload: { orderId: number } }>(
        sql`SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
            WHERE t.identifier = 'refund' AND j.key = ${`refund-order-${order!.id}`}`,
      );
    const [job] = await jobs();
    expect(job?.payload.orderId).toBe(order!.id);
    expect(t.fake.refunds).toHaveLength(before);

    // The job, on a living server; then once more (the route and the job both ran): one refund, one entry.
    const run = refundJob({ db: database.db, box: t.box });
    await run(job!.payload);
    await run(job!.payload);
    expect(t.fake.refunds.slice(before).map((r) => r.payment_intent)).toEqual([
      t.fake.sessions.get(session.id)!.payment_intent,
    ]);
    const audited = await rows<{ detail: { result: string } }>(
      sql`SELECT detail FROM audit_log WHERE action = 'ticket-refund' AND detail->>'paymentIntent' = ${t.fake.sessions.get(session.id)!.payment_intent}`,
    );
    expect(audited.map((a) => a.detail.result)).toEqual(["requested"]);
    expect(await jobs()).toEqual([]);
  });

  it("a free registration whose mail cannot be queued holds no seat; asked again, it is mailed once (issue 61)", async () => {
    const email = "free.crash@example.org";
    const request = { plan: "free", quantity: 2, name: "Free Crash", email };
    const before = (await stock(database.db)).free!;
    const confirmations = () =>
      rows(sql`SELECT id FROM mail_queue WHERE to_addr = ${email} AND subject LIKE 'Confirm your registration%'`);
    // Queueing the confirmation fails (as a process killed between the hold and the mail would write nothing).
    await database.db.execute(sql`
      CREATE FUNCTION refuse_confirm_mail() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.subject LIKE 'Confirm your registration%' THEN RAISE EXCEPTION 'cut short'; END IF; RETURN NEW; END $$`);
    await database.db.execute(
      sql`CREATE TRIGGER refuse_confirm_mail BEFORE INSERT ON mail_queue FOR EACH ROW EXECUTE FUNCTION refuse_confirm_mail()`,
    );
    try {
      await expect(buy(t.box.context, request)).rejects.toThrow();
      // Mailed once or seats back: here, no mail, so no seat held.
      expect((await stock(database.db)).free).toEqual(before);
      expect(await rows(sql`SELECT id FROM ticket_holds WHERE email = ${email}`)).toEqual([]);
      expect(await confirmations()).toEqual([]);
    } finally {
      await database.db.execute(sql`DROP TRIGGER refuse_confirm_mail ON mail_queue`);
      await database.db.execute(sql`DROP FUNCTION refuse_confirm_mail()`);
    }
    expect((await buy(t.box.context, request)).kind).toBe("confirm");
    expect((await stock(database.db)).free).toMatchObject({ held: before.held + 2 });
    expect(await confirmations()).toHaveLength(1);
  });
});
