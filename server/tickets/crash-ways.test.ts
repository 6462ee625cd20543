/**
 * Every way into an order cut short between its steps (issue 61, "one transaction"), on both databases. A step
 * that cannot finish (a trigger refuses one of its writes, as a process killed there would write nothing after
 * it) leaves either everything before it or nothing; after the "restart" (a new box office over the same
 * database, the sweep run with the clock moved past the hold's window) the order's mail is queued exactly once,
 * or its seats are back: never seats held with no mail, never two mails; and no failed job row is left.
 *
 * The free registration's hold and the waiting-list offer are in ./crash-steps.test.ts. Here: a free
 * registration confirmed (order, tickets, mail); pay later (the hold and its confirmation mail; the confirmation
 * opening the pending order with its mail); the card provider's paid event (order, tickets, mail); an order
 * issued by hand (order, tickets with their names, mail, audit lines); an order marked paid (tickets, mail,
 * audit line); a waiting-list offer taken (its entry bought with the sale; to be paid later: its hold kept, then
 * its order); an organiser's cancel of an order paid by hand (seats back, refund owed, mail, audit line).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketsData } from "../../app/lib/build-outputs";
import { boxOfficeApp, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { holdPaidLater } from "./order-life/pending.queries";
import { stock } from "./queries";
import { availability, sweep } from "./box-office";
import { onPaymentEvent } from "./card-checkout";
import { buy, confirmFree } from "./purchase";
import { takeOffer } from "./waitlist/take";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const PLANS: TicketsData = {
  event: "tncc-test",
  currency: "USD",
  timeZone: "America/Chicago",
  plans: {
    seat: { title: "Seat", priceMinor: 1900, people: 1, capacity: 6, maxPerOrder: 2 },
    single: { title: "Single", priceMinor: 1900, people: 1, capacity: 1, maxPerOrder: 1 },
    hall: { title: "Hall", priceMinor: 1500, people: 1, capacity: 4, maxPerOrder: 4 },
    gift: { title: "Gift", priceMinor: 0, people: 1, capacity: 1, maxPerOrder: 1 },
    crowd: { title: "Crowd", priceMinor: 0, people: 1, capacity: 5, maxPerOrder: 2 },
  },
  payLater: { pendingOrderDays: 7, graceDays: 2, instructions: "Transfer to TNCC, IBAN XX00 1234." },
  calendar: {
    title: "TNCC Test",
    startsAt: "2026-12-01T09:00:00-06:00",
    endsAt: "2026-12-01T18:00:00-06:00",
    location: "Hall 1",
  },
  contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
};

describe.each(databaseBackends("crashways"))("every way in cut short on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  const restarts: BoxOfficeApp[] = [];
  let clock = Date.parse("2026-11-02T10:00:00Z");
  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("crashways", database, () => clock, PLANS);
    await availability(t.box.context);
  }, 120_000);
  afterAll(async () => {
    for (const r of restarts) await r.close();
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const mails = (to: string, subject: string) =>
    rows<{ body: string; html: string | null }>(
      sql`SELECT body, html FROM mail_queue WHERE to_addr = ${to} AND subject LIKE ${subject}`,
    );
  const orders = (email: string) =>
    rows<{ id: number; status: string; owed: boolean }>(
      sql`SELECT id::int AS id, status, EXISTS (SELECT 1 FROM ticket_order_events e WHERE e.order_id = o.id AND e.kind = 'refund-owed') AS owed
        FROM ticket_orders o WHERE email = ${email} ORDER BY id`,
    );
  const holds = (email: string) =>
    rows<{ status: string; expires_at: string | Date }>(
      sql`SELECT status, expires_at FROM ticket_holds WHERE email = ${email} ORDER BY id`,
    );
  const audits = (action: string, target: string) =>
    rows(sql`SELECT id FROM audit_log WHERE action = ${action} AND target = ${target}`);
  const reference = (id: number) => `TNCC-T${String(id).padStart(6, "0")}`;

  /** A new box office (and app) over the same database, as the server restarted after the kill. */
  async function restart(): Promise<BoxOfficeApp> {
    const r = await boxOfficeApp(`crashways-r${restarts.length}`, database, () => clock, PLANS);
    restarts.push(r);
    return r;
  }

  let triggers = 0;
  /**
   * Runs `step` while `table` refuses the rows matching `when` (SQL over NEW; inserted, or `on` "UPDATE"): the
   * step cut short there, as a process that died at that write leaves it.
   */
  async function refusing(table: string, when: string, step: () => Promise<unknown>, on = "INSERT") {
    const name = `crash_way_${++triggers}`;
    await database.db.execute(
      sql.raw(`CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF ${when} THEN RAISE EXCEPTION 'cut short'; END IF; RETURN NEW; END $$`),
    );
    await database.db.execute(
      sql.raw(`CREATE TRIGGER ${name} BEFORE ${on} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`),
    );
    try {
      await step();
    } finally {
      await database.db.execute(sql.raw(`DROP TRIGGER ${name} ON ${table}`));
      await database.db.execute(sql.raw(`DROP FUNCTION ${name}()`));
    }
  }
  const failed = async (answer: Promise<Response>) => expect((await answer).status).toBe(500);

  it("pay later: the hold whose confirmation mail cannot be queued holds no seat; asked again, mailed once", async () => {
    const email = "later.hold@example.org";
    const request = { plan: "seat", quantity: 1, name: "Later Hold", email, method: "later" as const };
    const before = (await stock(database.db)).seat!;
    await refusing("mail_queue", `NEW.to_addr = '${email}'`, async () => {
      await expect(buy(t.box.context, request)).rejects.toThrow();
    });
    expect((await stock(database.db)).seat).toEqual(before);
    expect(await holds(email)).toEqual([]);
    expect(await mails(email, "%")).toEqual([]);

    const r = await restart();
    expect((await buy(r.box.context, request)).kind).toBe("confirm");
    expect((await stock(database.db)).seat).toMatchObject({ held: before.held + 1 });
    expect(await mails(email, "Confirm your%")).toHaveLength(1);
  });

  it("pay later confirmed: an order whose mail or timeline cannot be written is not opened; its seats come back after the window, or it opens once", async () => {
    // The please-pay mail refused: no order, the hold still waits only its confirmation window.
    const lost = "later.lost@example.org";
    const held = await buy(t.box.context, {
      plan: "seat",
      quantity: 2,
      name: "Later Lost",
      email: lost,
      method: "later",
    });
    if (held.kind !== "confirm") throw new Error(held.kind);
    const window = (await holds(lost))[0]!.expires_at;
    await refusing("mail_queue", `NEW.to_addr = '${lost}' AND NEW.subject LIKE '%please pay%'`, async () => {
      await expect(confirmFree(t.box.context, held.secret)).rejects.toThrow();
    });
    expect(await orders(lost)).toEqual([]);
    expect(await holds(lost)).toEqual([{ status: "held", expires_at: window }]);
    expect(await mails(lost, "%please pay%")).toEqual([]);

    // The second buyer's order timeline refused (its "mailed" line, after the mail): no order, no mail either.
    const kept = "later.kept@example.org";
    const second = await buy(t.box.context, {
      plan: "seat",
      quantity: 1,
      name: "Later Kept",
      email: kept,
      method: "later",
    });
    if (second.kind !== "confirm") throw new Error(second.kind);
    await refusing("ticket_order_events", `NEW.kind = 'mailed'`, async () => {
      await expect(confirmFree(t.box.context, second.secret)).rejects.toThrow();
    });
    expect(await orders(kept)).toEqual([]);
    expect(await mails(kept, "%please pay%")).toEqual([]);

    // Restarted: the second buyer confirms again: one pending order, mailed once.
    const r = await restart();
    expect((await confirmFree(r.box.context, second.secret))?.kind).toBe("order");
    expect((await confirmFree(r.box.context, second.secret))?.kind).toBe("order");
    expect((await orders(kept)).map((o) => o.status)).toEqual(["pending"]);
    expect(await mails(kept, "%please pay%")).toHaveLength(1);
    // The first never confirms again: past the window the sweep gives its seats back; nothing was mailed.
    const seats = (await stock(database.db)).seat!;
    clock += 2 * HOUR + MINUTE;
    await sweep(r.box.context);
    await sweep(r.box.context);
    // (The first test's hold, never confirmed either, comes back with them.)
    expect((await stock(database.db)).seat).toMatchObject({ held: seats.held - 2 - 1 });
    expect((await holds(lost)).map((h) => h.status)).toEqual(["released"]);
    expect(await orders(lost)).toEqual([]);
    expect(await mails(lost, "%please pay%")).toEqual([]);
    expect(await mails(kept, "%please pay%")).toHaveLength(1);
  });

  it("a free registration confirmed whose tickets' mail cannot be queued is not made; confirmed again after the restart: one order, mailed once", async () => {
    const email = "free.confirm@example.org";
    const held = await buy(t.box.context, { plan: "crowd", quantity: 2, name: "Free Confirm", email });
    if (held.kind !== "confirm") throw new Error(held.kind);
    const before = (await stock(database.db)).crowd!;
    await refusing("mail_queue", `NEW.to_addr = '${email}' AND NEW.subject LIKE 'Your tickets%'`, async () => {
      await expect(confirmFree(t.box.context, held.secret)).rejects.toThrow();
    });
    expect(await orders(email)).toEqual([]);
    expect((await stock(database.db)).crowd).toEqual(before);
    expect((await holds(email)).map((h) => h.status)).toEqual(["held"]);

    const r = await restart();
    expect((await confirmFree(r.box.context, held.secret))?.kind).toBe("order");
    expect((await confirmFree(r.box.context, held.secret))?.kind).toBe("order");
    expect((await orders(email)).map((o) => o.status)).toEqual(["paid"]);
    expect(await mails(email, "Your tickets%")).toHaveLength(1);
    expect((await stock(database.db)).crowd).toMatchObject({ held: before.held - 2, sold: before.sold + 2 });
  });

  it("card settle: a paid event whose tickets' mail cannot be queued sells nothing; the provider's retry, after the restart, sells it once", async () => {
    const email = "card.settle@example.org";
    expect(
      (await buy(t.box.context, { plan: "seat", quantity: 1, name: "Card Settle", email, method: "card" })).kind,
    ).toBe("checkout");
    const session = t.fake.created.at(-1)!;
    t.fake.pay(session.id);
    const before = (await stock(database.db)).seat!;
    await refusing("mail_queue", `NEW.to_addr = '${email}' AND NEW.subject LIKE 'Your tickets%'`, async () => {
      // The provider is answered an error, so it sends the event again.
      expect((await t.complete(session.id)).status).toBe(500);
    });
    expect(await orders(email)).toEqual([]);
    expect(
      await rows(sql`SELECT t.code FROM tickets t JOIN ticket_orders o ON o.id = t.order_id WHERE o.email = ${email}`),
    ).toEqual([]);
    expect((await stock(database.db)).seat).toEqual(before);
    expect((await holds(email)).map((h) => h.status)).toEqual(["held"]);

    // The provider's retry reaches the restarted server (twice: one order, one mail).
    const r = await restart();
    const [hold] = await rows<{ id: number }>(sql`SELECT id::int AS id FROM ticket_holds WHERE email = ${email}`);
    const paid = {
      type: "paid" as const,
      eventId: "evt_crash_retry",
      session: session.id,
      payment: t.fake.sessions.get(session.id)!.payment_intent as string,
      amountMinor: 1900,
      currency: "usd",
      email,
      name: "Card Settle",
      metadata: { hold: String(hold!.id) },
    };
    expect(await onPaymentEvent(r.box.context, paid)).toBe(true);
    expect(await onPaymentEvent(r.box.context, paid)).toBe(true);
    expect((await orders(email)).map((o) => o.status)).toEqual(["paid"]);
    expect(await mails(email, "Your tickets%")).toHaveLength(1);
    expect((await stock(database.db)).seat).toMatchObject({ held: before.held - 1, sold: before.sold + 1 });
  });

  it("an order issued by hand whose audit line cannot be written is not issued, nothing mailed; its seats come back within the hour; issued again: mailed once, audited once, the names on the tickets", async () => {
    const organiser = await t.signIn();
    const email = "by.hand@example.org";
    const body = {
      plan: "hall",
      quantity: "2",
      name: "Pastor Grace",
      email,
      names: "Pastor Grace\nJohn Speaker",
      kind: "door",
      amount: "30.00",
    };
    const before = (await stock(database.db)).hall!;
    await refusing("audit_log", `NEW.action = 'ticket-manual'`, async () => {
      await failed(t.request("POST", "/api/admin/box-office/orders", { cookie: organiser, body }));
    });
    expect(await orders(email)).toEqual([]);
    expect(await mails(email, "%")).toEqual([]);
    // The hold taken before the sale (its own step) keeps the seats an hour at most.
    const r = await restart();
    clock += HOUR + MINUTE;
    await sweep(r.box.context);
    expect((await stock(database.db)).hall).toEqual(before);
    expect((await holds(email)).map((h) => h.status)).toEqual(["released"]);

    const cookie = await r.signIn();
    expect((await r.request("POST", "/api/admin/box-office/orders", { cookie, body })).status).toBe(201);
    const [order] = await orders(email);
    expect(order?.status).toBe("paid");
    const sent = await mails(email, "Your tickets%");
    expect(sent).toHaveLength(1);
    // The holders' names are written with the tickets, before their mail.
    expect(sent[0]!.html).toContain("Ticket 2 of 2: John Speaker");
    expect(await audits("ticket-manual", reference(order!.id))).toHaveLength(1);
    expect((await stock(database.db)).hall).toMatchObject({ held: before.held, sold: before.sold + 2 });
  });

  it("an order marked paid whose audit line cannot be written stays pending, nothing mailed; marked again after the restart: mailed once, audited once", async () => {
    const organiser = await t.signIn();
    const email = "mark.paid@example.org";
    const held = await buy(t.box.context, { plan: "seat", quantity: 1, name: "Mark Paid", email, method: "later" });
    if (held.kind !== "confirm") throw new Error(held.kind);
    expect((await confirmFree(t.box.context, held.secret))?.kind).toBe("order");
    const [pending] = await orders(email);
    const body = { amount: "19.00", paidBy: "cash" };
    await refusing("audit_log", `NEW.action = 'ticket-mark-paid'`, async () => {
      await failed(t.request("POST", `/api/admin/box-office/orders/${pending!.id}/paid`, { cookie: organiser, body }));
    });
    expect((await orders(email)).map((o) => o.status)).toEqual(["pending"]);
    expect(await mails(email, "Your tickets%")).toEqual([]);
    expect(await rows(sql`SELECT code FROM tickets WHERE order_id = ${pending!.id}`)).toEqual([]);

    const r = await restart();
    const cookie = await r.signIn();
    const paid = () => r.request("POST", `/api/admin/box-office/orders/${pending!.id}/paid`, { cookie, body });
    expect((await paid()).status).toBe(200);
    expect((await paid()).status).toBe(200);
    expect((await orders(email)).map((o) => o.status)).toEqual(["paid"]);
    expect(await mails(email, "Your tickets%")).toHaveLength(1);
    expect(await audits("ticket-mark-paid", reference(pending!.id))).toHaveLength(1);
  });

  it("a waiting-list offer taken to be paid later, cut after its hold was kept: the restarted sweep opens its order and mails it once", async () => {
    const email = "wait.later@example.org";
    // The one "single" seat held by a checkout never paid, and `email` confirmed in line for it.
    expect(
      (await buy(t.box.context, { plan: "single", quantity: 1, name: "Slow", email: "slow@example.org" })).kind,
    ).toBe("checkout");
    const joined = await t.request("POST", "/api/tickets/waitlist", { body: { plan: "single", quantity: 1, email } });
    expect(joined.status).toBe(201);
    const [mail] = await mails(email, "%");
    const token = /\/api\/tickets\/waitlist\/confirm\?token=([\w-]+)/.exec(mail!.body)![1]!;
    expect((await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token }, form: true })).status).toBe(
      200,
    );
    clock += 31 * MINUTE;
    await sweep(t.box.context);
    const [offer] = await rows<{ id: number; status: string }>(
      sql`SELECT id::int AS id, status FROM ticket_holds WHERE email = ${email} AND waitlist_id IS NOT NULL`,
    );
    expect(offer?.status).toBe("held");
    // Taken without the card (offerPaidLater): its first step, the hold kept until the deadline and the grace,
    // committed; then the process is gone before the order is opened.
    expect(await holdPaidLater(database.db, offer!.id, new Date(clock + 9 * DAY))).not.toBeNull();
    expect(await orders(email)).toEqual([]);

    const r = await restart();
    await sweep(r.box.context);
    await sweep(r.box.context);
    expect((await orders(email)).map((o) => o.status)).toEqual(["pending"]);
    expect(await mails(email, "%please pay%")).toHaveLength(1);
    expect((await stock(database.db)).single).toMatchObject({ held: 1, left: 0 });
  });

  it("a waiting-list offer taken whose entry cannot be marked bought sells nothing; taken again after the restart: one order, mailed once, the entry bought", async () => {
    const email = "wait.free@example.org";
    // The one "gift" seat held by a registration never confirmed, and `email` confirmed in line for it.
    expect(
      (await buy(t.box.context, { plan: "gift", quantity: 1, name: "Slow", email: "slow.gift@example.org" })).kind,
    ).toBe("confirm");
    const joined = await t.request("POST", "/api/tickets/waitlist", { body: { plan: "gift", quantity: 1, email } });
    expect(joined.status).toBe(201);
    const [mail] = await mails(email, "%");
    const token = /\/api\/tickets\/waitlist\/confirm\?token=([\w-]+)/.exec(mail!.body)![1]!;
    expect((await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token }, form: true })).status).toBe(
      200,
    );
    clock += 2 * HOUR + MINUTE;
    await sweep(t.box.context);
    const [offered] = await mails(email, "Seats are free for you%");
    const offer = /\/api\/tickets\/offer\?token=([\w-]+)/.exec(offered!.body)![1]!;
    const entry = async () =>
      (await rows<{ status: string }>(sql`SELECT status FROM ticket_waitlist WHERE email = ${email}`))[0]?.status;
    expect(await entry()).toBe("offered");

    await refusing(
      "ticket_waitlist",
      `NEW.status = 'bought'`,
      async () => {
        await expect(takeOffer(t.box.context, offer)).rejects.toThrow();
      },
      "UPDATE",
    );
    // Sold with its entry, or not at all: here not at all, the offer still open with its seat.
    expect(await orders(email)).toEqual([]);
    expect(await mails(email, "Your tickets%")).toEqual([]);
    expect(await entry()).toBe("offered");
    expect((await holds(email)).map((h) => h.status)).toEqual(["held"]);

    const r = await restart();
    expect((await takeOffer(r.box.context, offer)).kind).toBe("order");
    expect((await takeOffer(r.box.context, offer)).kind).toBe("bought");
    expect((await orders(email)).map((o) => o.status)).toEqual(["paid"]);
    expect(await mails(email, "Your tickets%")).toHaveLength(1);
    expect(await entry()).toBe("bought");
  });

  it("an order paid by hand cancelled, its mail not queued: still paid, its seats sold, nothing owed; cancelled again: seats back, refund owed, mailed once, audited once", async () => {
    const organiser = await t.signIn();
    const email = "cancel.door@example.org";
    const issued = await t.request("POST", "/api/admin/box-office/orders", {
      cookie: organiser,
      body: { plan: "hall", quantity: "1", name: "Door Buyer", email, kind: "door", amount: "15.00" },
    });
    expect(issued.status).toBe(201);
    const [order] = await orders(email);
    const before = (await stock(database.db)).hall!;
    const cancel = (app: BoxOfficeApp, cookie: string) =>
      app.request("POST", `/api/admin/attendees/orders/${order!.id}/cancel`, { cookie });
    await refusing("mail_queue", `NEW.to_addr = '${email}' AND NEW.subject LIKE '%was cancelled'`, async () => {
      await failed(cancel(t, organiser));
    });
    expect(await orders(email)).toEqual([{ id: order!.id, status: "paid", owed: false }]);
    expect((await stock(database.db)).hall).toEqual(before);
    expect(await audits("ticket-cancel", reference(order!.id))).toEqual([]);

    const r = await restart();
    const cookie = await r.signIn();
    expect((await cancel(r, cookie)).status).toBe(200);
    expect((await cancel(r, cookie)).status).toBe(409); // Asked twice: said it was done before (the order-life module), nothing more.
    expect(await orders(email)).toEqual([{ id: order!.id, status: "cancelled", owed: true }]);
    expect((await stock(database.db)).hall).toMatchObject({ sold: before.sold - 1 });
    expect(await mails(email, "%was cancelled")).toHaveLength(1);
    expect(await audits("ticket-cancel", reference(order!.id))).toHaveLength(1);
  });

  it("no failed job row is left by any of the steps cut short", async () => {
    const failedJobs = await rows(sql`SELECT id FROM graphile_worker._private_jobs WHERE attempts >= max_attempts`);
    expect(failedJobs).toEqual([]);
    // Nothing is held with no mail: every open hold of these buyers has its mail queued.
    const silent = await rows(sql`
      SELECT h.id FROM ticket_holds h
      WHERE h.status = 'held' AND h.email LIKE '%@example.org' AND h.email NOT LIKE 'slow%'
        AND NOT EXISTS (SELECT 1 FROM mail_queue m WHERE m.to_addr = h.email)`);
    expect(silent).toEqual([]);
  });
});
