// @vitest-environment node
/**
 * Issue 53, through the whole app with no card provider configured, on the embedded database and (with
 * TEST_DATABASE_URL, `npm run test:pg`) on PostgreSQL:
 *
 * - pay later: a paid plan's seats are held while the buyer confirms the address by a mailed link (issue 61),
 *   and only then is it a pending order (the buyer mailed the reference, the amount, how to pay, the deadline and
 *   the order's page); the organiser marks it paid (audited) and one set of signed tickets goes out, however
 *   often it is marked;
 * - the deadline: the clock moved past it, one reminder (however often the sweep runs), then released to the
 *   waiting list with a mail to the buyer; marked paid after that: re-held while seats are free, else refused
 *   in plain words and nothing issued;
 * - orders by hand: a complimentary one and a paid-at-the-door one, both on the door's list and admitted; over
 *   the capacity refused without a reason, allowed and audited with one;
 * - the Box office tab lists every kind, with its timeline;
 * - issue 61: made-up addresses cannot corner a plan (their seats come back when the confirmation window ends),
 *   an address gets one order mail a day whoever asks, answered alike, and control characters are refused on
 *   every path.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketsData } from "../../app/lib/build-outputs";
import type { BoxOfficeList, BoxOfficeOrder } from "../../app/api/admin/box-office";
import type { DoorListAnswer, DoorSyncAnswer } from "../../app/lib/door/protocol";
import type { AvailabilityAnswer, TicketOrderAnswer } from "../../app/lib/tickets/orders";
import { boxOfficeApp, ORGANISER, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { stock } from "./queries";
import { ticketKeys, verifyTicket } from "./signing";
import { sweep } from "./box-office";
import { sweepPending } from "./pay-later";
import { takeOffer } from "./waitlist/take";
import { confirmInLine, joinLine } from "./waitlist/waitlist";

const DAY = 86_400_000;
const PLANS: TicketsData = {
  event: "tncc-test",
  currency: "USD",
  timeZone: "America/Chicago",
  plans: {
    seat: { title: "Seat", priceMinor: 1900, people: 1, capacity: 2, maxPerOrder: 2 },
    family: { title: "Family", priceMinor: 5900, people: 2, capacity: 4, maxPerOrder: 1 },
    cards: { title: "Cards only", priceMinor: 1000, people: 1, capacity: 5, maxPerOrder: 1, methods: ["card"] },
    group: { title: "Group", priceMinor: 1000, people: 1, capacity: 10, maxPerOrder: 1 },
    crowd: { title: "Crowd", priceMinor: 0, people: 1, capacity: 20, maxPerOrder: 4 },
  },
  payLater: {
    pendingOrderDays: 7,
    graceDays: 2,
    instructions: "Transfer to TNCC, IBAN XX00 1234, or bring cash to the office.",
  },
  calendar: {
    title: "TNCC Test",
    startsAt: "2026-12-01T09:00:00-06:00",
    endsAt: "2026-12-01T18:00:00-06:00",
    location: "Hall 1",
  },
  contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
};

describe.each(databaseBackends("pending"))("orders paid later and by hand (%s)", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let organiser: string;
  let clock = Date.parse("2026-11-02T10:00:00Z");

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const mailsTo = (to: string) =>
    rows<{ subject: string; body: string; attachments: { cid?: string }[] | null }>(
      sql`SELECT subject, body, attachments FROM mail_queue WHERE to_addr = ${to} ORDER BY id`,
    );
  const buy = (email: string, plan = "seat", quantity = "1") =>
    t.request("POST", "/api/tickets/buy", {
      body: { plan, quantity, name: "Ada Buyer", email, phone: "+1 214 555 0199", terms: "on" },
    });
  /** A purchase from one client address (`ip`), as a browser posts it. */
  const buyFrom = (ip: string, email: string, plan = "group", fields: Record<string, string> = {}) =>
    t.app.request("https://tncc.example.org/api/tickets/buy", {
      method: "POST",
      body: JSON.stringify({
        plan,
        quantity: "1",
        name: "Ada Buyer",
        email,
        phone: "+1 214 555 0199",
        terms: "on",
        ...fields,
      }),
      headers: { "content-type": "application/json", origin: "https://tncc.example.org", "x-forwarded-for": ip },
    });
  /** The link of the last confirmation mailed to `email`, its button pressed: the answer (303 to the order's page). */
  const confirmLink = async (email: string) => {
    const mail = (await mailsTo(email)).filter((m) => m.subject.startsWith("Confirm your")).at(-1)!;
    const token = decodeURIComponent(/confirm\?t=(\S+)/.exec(mail.body)![1]!);
    return t.request("POST", "/api/tickets/confirm", { body: { t: token }, form: true });
  };
  /** A purchase paid later, its address confirmed (issue 61): the order's page. */
  const buyConfirmed = async (email: string, plan = "seat", quantity = "1") => {
    const res = await buy(email, plan, quantity);
    expect(res.status, await res.clone().text()).toBe(202);
    const done = await confirmLink(email);
    expect(done.status).toBe(303);
    return done.headers.get("location")!;
  };
  const orderPage = async (url: string) =>
    (await (await t.request("GET", `/api/tickets/orders/${url.split("/").at(-1)}`)).json()) as TicketOrderAnswer;
  const orderIdOf = async (email: string) =>
    Number(
      (await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = ${email} ORDER BY id DESC`))[0]!.id,
    );
  const markPaid = (id: number, body: Record<string, string> = { amount: "19.00", paidBy: "bank-transfer" }) =>
    t.request("POST", `/api/admin/box-office/orders/${id}/paid`, { cookie: organiser, body });
  const audits = (action: string) =>
    rows<{ target: string; detail: Record<string, unknown> }>(
      sql`SELECT target, detail FROM audit_log WHERE action = ${action} ORDER BY id`,
    );
  const ticketCount = async (orderId: number) =>
    Number((await rows<{ n: string }>(sql`SELECT count(*) AS n FROM tickets WHERE order_id = ${orderId}`))[0]!.n);

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("pending", database, () => clock, PLANS, { card: false });
    organiser = await t.signIn();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  it("pay later: a pending order holds the seats and mails how to pay; marked paid twice, one set of tickets", async () => {
    const url = await buyConfirmed("pat@example.org");
    const page = await orderPage(url);
    expect(page).toMatchObject({
      status: "pending",
      tickets: [],
      payment: { amount: "19.00 USD", instructions: expect.stringContaining("IBAN XX00 1234") },
    });
    expect((await stock(database.db)).seat).toMatchObject({ held: 1, sold: 0 });
    const [mail] = (await mailsTo("pat@example.org")).filter((m) => m.subject.startsWith("Your order"));
    expect(mail!.subject).toMatch(/TNCC-T\d{6}.*19\.00 USD/);
    expect(mail!.body).toContain(page.reference);
    expect(mail!.body).toContain("Amount to pay: 19.00 USD");
    expect(mail!.body).toContain("IBAN XX00 1234");
    expect(mail!.body).toContain("Pay by: Mon 9 Nov 2026, 04:00 CST");
    expect(mail!.body).toContain(`https://tncc.example.org${url}`);
    // The page's secret is kept only as its hash.
    const token = url.split("/").at(-1)!;
    expect(await rows(sql`SELECT 1 FROM ticket_order_links WHERE token_hash = ${token}`)).toHaveLength(0);

    const id = await orderIdOf("pat@example.org");
    // The amount and the way are checked at their field.
    expect(await (await markPaid(id, { amount: "lots", paidBy: "cash" })).json()).toMatchObject({ field: "amount" });
    expect(await (await markPaid(id, { amount: "19", paidBy: "gold" })).json()).toMatchObject({ field: "paidBy" });
    const [first, second] = await Promise.all([markPaid(id), markPaid(id)]);
    const answers = [(await first.json()) as { sent: boolean }, (await second.json()) as { sent: boolean }];
    expect(answers.map((a) => a.sent).sort()).toEqual([false, true]);
    expect(await ticketCount(id)).toBe(1);
    expect((await markPaid(id)).status).toBe(200);
    expect(await ticketCount(id)).toBe(1);
    const mails = await mailsTo("pat@example.org");
    expect(mails.filter((m) => m.subject.startsWith("Your tickets"))).toHaveLength(1);
    expect((await stock(database.db)).seat).toMatchObject({ held: 0, sold: 1 });
    expect(await audits("ticket-mark-paid")).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ amountMinor: 1900, paidBy: "bank-transfer" }) }),
    ]);
    // The tickets verify with the public key alone, and the page shows them.
    const keys = await ticketKeys(database.db);
    const paid = await orderPage(url);
    expect(paid.status).toBe("paid");
    expect(verifyTicket(keys.publicKeyText, paid.tickets[0]!.qr)?.code).toBe(paid.tickets[0]!.code);
    // From another site, or without a session: refused before anything is read.
    const foreign = await t.app.request(`https://tncc.example.org/api/admin/box-office/orders/${id}/paid`, {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: "https://evil.test", cookie: organiser },
    });
    expect(foreign.status).toBe(403);
    expect((await t.request("POST", `/api/admin/box-office/orders/${id}/paid`, { body: {} })).status).toBe(401);
  });

  it("a plan that takes only cards, with no card provider, says so plainly: nothing held, no form message (issue 61)", async () => {
    // The availability answer tells the page before anyone types: no way to pay this plan here.
    const available = (await (await t.request("GET", "/api/tickets/availability")).json()) as AvailabilityAnswer;
    expect(available.plans.cards?.methods).toEqual([]);
    expect(available.plans.seat?.methods).toEqual(["later"]);
    expect(available.contact).toMatch(/@/);
    const res = await buy("cora@example.org", "cards");
    expect(res.status).toBe(409);
    expect(res.headers.get("location")).toBeNull();
    expect(await res.json()).toEqual({
      error: "no-payments",
      message: expect.stringMatching(
        /^Card payments are not available yet for this plan, .* contact us at \S+@\S+ or /,
      ),
    });
    expect(await rows(sql`SELECT 1 FROM ticket_holds WHERE email = 'cora@example.org'`)).toEqual([]);
  });

  it("the deadline: one reminder, then released to the waiting list, the buyer told; paid after that: re-held or refused", async () => {
    // The last seat, paid later; then sold out, and someone joins the waiting list.
    await buyConfirmed("late@example.org");
    const late = await orderIdOf("late@example.org");
    expect((await stock(database.db)).seat).toMatchObject({ left: 0 });
    const joined = await joinLine(t.box.context, { plan: "seat", email: "wait@example.org", quantity: 1 });
    expect(joined.kind).toBe("joined");
    const [confirmMail] = await mailsTo("wait@example.org");
    await confirmInLine(t.box.context, /token=([\w-]+)/.exec(confirmMail!.body)![1]!);

    // Before the deadline, nothing (the confirmation link, then how to pay); just after, one reminder, however
    // often the sweep runs.
    clock += 6 * DAY;
    await sweep(t.box.context);
    expect(await mailsTo("late@example.org")).toHaveLength(2);
    clock += 1 * DAY + 60_000;
    await sweep(t.box.context);
    await sweep(t.box.context);
    const reminders = (await mailsTo("late@example.org")).filter((m) => m.subject.startsWith("Reminder"));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.body).toContain("IBAN XX00 1234");
    expect((await stock(database.db)).seat).toMatchObject({ held: 1 });

    // Two days later, still unpaid: released, the buyer told, the seat offered to the waiting list.
    clock += 2 * DAY + 60_000;
    await sweep(t.box.context);
    const mails = await mailsTo("late@example.org");
    expect(mails.filter((m) => m.subject.startsWith("Reminder"))).toHaveLength(1);
    expect(mails.at(-1)!.subject).toMatch(/was released: no payment arrived/);
    expect((await rows<{ status: string }>(sql`SELECT status FROM ticket_orders WHERE id = ${late}`))[0]!.status).toBe(
      "released",
    );
    expect(
      (await rows<{ status: string }>(sql`SELECT status FROM ticket_waitlist WHERE email = 'wait@example.org'`))[0]!
        .status,
    ).toBe("offered");
    const offerMails = await mailsTo("wait@example.org");
    expect(offerMails.length).toBe(2);
    // With no card provider, the offer taken becomes an order paid later, its seat kept until its own deadline.
    const offerToken = /offer\?token=([\w-]+)/.exec(offerMails.at(-1)!.body)![1]!;
    const taken = await takeOffer(t.box.context, offerToken);
    expect(taken.kind).toBe("order");
    const [offered] = await rows<{ status: string; payment_method: string; due_at: string }>(
      sql`SELECT status, payment_method, due_at FROM ticket_orders WHERE email = 'wait@example.org'`,
    );
    expect(offered).toMatchObject({ status: "pending", payment_method: "later" });
    expect(new Date(offered!.due_at).getTime()).toBe(clock + 7 * DAY);
    expect((await mailsTo("wait@example.org")).at(-1)!.body).toContain("IBAN XX00 1234");

    // The money arrives now, but the seat went to the waiting list: told plainly, nothing issued.
    organiser = await t.signIn();
    const refused = await markPaid(late);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /released.*no seat of its plan is free.*No tickets/,
    );
    expect(await ticketCount(late)).toBe(0);

    // Another pending order released while seats stay free: marked paid, its seats are taken again.
    await buyConfirmed("again@example.org", "family");
    const again = await orderIdOf("again@example.org");
    clock += 7 * DAY + 60_000;
    await sweep(t.box.context);
    clock += 2 * DAY + 60_000;
    await sweep(t.box.context);
    expect((await stock(database.db)).family).toMatchObject({ held: 0, sold: 0 });
    organiser = await t.signIn();
    const reheld = await markPaid(again, { amount: "59.00", paidBy: "cheque" });
    expect(reheld.status).toBe(200);
    expect(((await reheld.json()) as { message: string }).message).toMatch(/taken again/);
    expect(await ticketCount(again)).toBe(2);
    expect((await stock(database.db)).family).toMatchObject({ sold: 2 });
    // Its timeline says each step.
    const detail = (await (
      await t.request("GET", `/api/admin/box-office/orders/${again}`, { cookie: organiser })
    ).json()) as BoxOfficeOrder;
    expect(detail.timeline.map((s) => s.kind)).toEqual(["created", "mailed", "reminded", "released", "paid", "mailed"]);
    expect(detail.timeline.find((s) => s.kind === "paid")!.text).toMatch(/59\.00 USD by cheque.*taken again/);
    // Who marked it paid, by name: their display name, never their address (issue 62).
    await database.db.execute(sql`UPDATE admins SET display_name = 'Ada Mensah' WHERE email = ${ORGANISER.email}`);
    const named = (await (
      await t.request("GET", `/api/admin/box-office/orders/${again}`, { cookie: organiser })
    ).json()) as BoxOfficeOrder;
    expect(named.timeline.find((s) => s.kind === "paid")!.text).toMatch(/ \(Ada Mensah\)$/);
    expect(JSON.stringify(named.timeline)).not.toContain(ORGANISER.email);
  });

  it("orders by hand: complimentary and paid at the door, on the door's list and admitted; capacity only with a reason", async () => {
    organiser = await t.signIn();
    const issue = (body: Record<string, string>) =>
      t.request("POST", "/api/admin/box-office/orders", { cookie: organiser, body });
    const comp = await issue({
      plan: "family",
      quantity: "1",
      name: "Pastor Grace",
      email: "grace@example.org",
      names: "Pastor Grace\nJohn Speaker",
      kind: "complimentary",
    });
    expect(comp.status).toBe(201);
    // Family has 4 seats: 2 sold above, 2 now. The next one is over the capacity.
    const over = {
      plan: "family",
      quantity: "1",
      name: "Dora Door",
      email: "dora@example.org",
      kind: "door",
      amount: "59.00",
    };
    const refused = await issue(over);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      field: "reason",
      overCapacity: true,
      error: expect.stringMatching(/no seat/),
    });
    expect((await issue({ ...over, amount: "five" })).status).toBe(422);
    const allowed = await issue({ ...over, reason: "Paid at the door on the first evening" });
    expect(allowed.status).toBe(201);
    expect((await stock(database.db)).family).toMatchObject({ sold: 6, capacity: 4 });
    expect(await audits("ticket-capacity-override")).toEqual([
      expect.objectContaining({ detail: expect.objectContaining({ reason: "Paid at the door on the first evening" }) }),
    ]);
    // The same mail with QR codes.
    const [grace] = (await mailsTo("grace@example.org")).filter((m) => m.subject.startsWith("Your tickets"));
    expect(grace!.attachments!.filter((a) => a.cid)).toHaveLength(2);

    // On the door's list, and admitted.
    const list = (await (
      await t.request("GET", "/api/admin/door/list", { cookie: organiser })
    ).json()) as DoorListAnswer;
    const codes = await rows<{ code: string; email: string }>(
      sql`SELECT t.code, o.email FROM tickets t JOIN ticket_orders o ON o.id = t.order_id WHERE o.manual ORDER BY o.id, t.position`,
    );
    expect(codes.map((c) => c.email)).toEqual([
      "grace@example.org",
      "grace@example.org",
      "dora@example.org",
      "dora@example.org",
    ]);
    for (const { code } of codes) expect(list.attendees.find((a) => a[0] === code)?.[6]).toBe("valid");
    expect(list.attendees.find((a) => a[0] === codes[1]!.code)?.[1]).toBe("John Speaker");
    const sync = await t.request("POST", "/api/admin/door/sync", {
      cookie: organiser,
      body: {
        device: "phone-manual-1",
        door: "Door 1",
        scans: codes
          .slice(1, 3)
          .map((c, i) => ({ id: `scan-manual-${i}`, code: c.code, at: new Date(clock).toISOString() })),
      },
    });
    expect(sync.status, await sync.clone().text()).toBe(200);
    expect(((await sync.json()) as DoorSyncAnswer).results.map((r) => r.verdict)).toEqual(["admitted", "admitted"]);

    // The Box office tab: every kind, filtered; the timeline shows the admission.
    const all = (await (
      await t.request("GET", "/api/admin/box-office/orders", { cookie: organiser })
    ).json()) as BoxOfficeList;
    expect(new Set(all.orders.map((o) => o.status))).toEqual(new Set(["paid", "released"]));
    const manual = (await (
      await t.request("GET", "/api/admin/box-office/orders?show=manual", { cookie: organiser })
    ).json()) as BoxOfficeList;
    expect(manual.orders.map((o) => o.method).sort()).toEqual(["complimentary", "door"]);
    const found = (await (
      await t.request("GET", `/api/admin/box-office/orders?q=${encodeURIComponent(codes[2]!.code)}`, {
        cookie: organiser,
      })
    ).json()) as BoxOfficeList;
    expect(found.orders.map((o) => o.email)).toEqual(["dora@example.org"]);
    const dora = (await (
      await t.request("GET", `/api/admin/box-office/orders/${found.orders[0]!.id}`, { cookie: organiser })
    ).json()) as BoxOfficeOrder;
    expect(dora.timeline.map((s) => s.text)).toEqual([
      expect.stringMatching(/^Created: Paid at the door/),
      expect.stringMatching(/^Paid: 59\.00 USD/),
      "Tickets mailed to dora@example.org",
      "Ticket 1 admitted at Door 1",
    ]);
  });

  it("a hold paid later whose server stopped before opening its order (an offer's): the sweep opens it, and mails the buyer once (issue 54)", async () => {
    const email = "cut.off@example.org";
    // An unconfirmed purchase is not such a hold: the sweep opens no order for it (issue 61).
    expect((await buy(email)).status).toBe(202);
    await sweepPending(t.box.context);
    expect(await rows(sql`SELECT id FROM ticket_orders WHERE email = ${email}`)).toEqual([]);
    expect(await confirmLink(email)).toHaveProperty("status", 303);
    // What a SIGKILL between a waiting-list offer's two writes leaves (holdPaidLater, then the order): the seats
    // held until the deadline and its grace, no confirmation link, no order, no mail.
    const id = await orderIdOf(email);
    await database.db.execute(sql`DELETE FROM ticket_order_events WHERE order_id = ${id}`);
    await database.db.execute(sql`DELETE FROM ticket_order_links WHERE order_id = ${id}`);
    await database.db.execute(sql`DELETE FROM ticket_orders WHERE id = ${id}`);
    await database.db.execute(sql`DELETE FROM mail_queue WHERE to_addr = ${email}`);
    await database.db.execute(sql`UPDATE ticket_holds SET confirm_hash = NULL WHERE email = ${email}`);
    const [hold] = await rows<{ expires_at: string }>(
      sql`SELECT expires_at FROM ticket_holds WHERE email = ${email} AND status = 'held'`,
    );
    expect(hold).toBeDefined();
    await sweepPending(t.box.context);
    await sweepPending(t.box.context);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain("IBAN XX00 1234");
    const [order] = await rows<{ status: string; due_at: string; hold_id: string }>(
      sql`SELECT status, due_at, hold_id FROM ticket_orders WHERE email = ${email}`,
    );
    expect(order!.status).toBe("pending");
    // The deadline as the purchase set it: the hold's end less the grace.
    expect(Date.parse(order!.due_at)).toBe(Date.parse(hold!.expires_at) - 2 * DAY);
  });

  it("issue 61 hoarding: ten clients with made-up addresses empty a plan paid later; the window ends, every seat is back, a real buyer buys", async () => {
    // Ten connections, ten invented addresses, the whole Group plan (10 seats), nothing confirmed.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => buyFrom(`10.61.0.${i + 1}`, `nobody${i + 1}@bogus-domain.invalid`)),
    );
    expect(answers.map((r) => r.status)).toEqual(Array<number>(10).fill(202));
    expect((await stock(database.db)).group).toMatchObject({ held: 10, left: 0 });
    expect((await buyFrom("10.61.1.1", "real@example.org")).status).toBe(409);
    // Nothing reaches a payment deadline unconfirmed: no order, only the confirmation links.
    expect(await rows(sql`SELECT id FROM ticket_orders WHERE plan_id = 'group'`)).toEqual([]);
    const sent = await rows<{ subject: string }>(sql`SELECT subject FROM mail_queue WHERE to_addr LIKE 'nobody%'`);
    expect(sent.map((m) => m.subject)).toEqual(Array<string>(10).fill("Confirm your order: Group (TNCC Test)"));
    // Each hold waits only TICKET_CONFIRM_HOURS (2), and blocks its connection only that long.
    const [kept] = await rows<{ until: string }>(
      sql`SELECT max(expires_at) AS until FROM ticket_holds WHERE plan_id = 'group' AND status = 'held'`,
    );
    expect(Date.parse(kept!.until)).toBe(clock + 2 * 3_600_000);

    // The window ends: every seat back (the sweep), and a link opened too late opens nothing.
    clock += 2 * 3_600_000 + 60_000;
    await sweep(t.box.context);
    expect((await stock(database.db)).group).toMatchObject({ held: 0, left: 10 });
    expect((await confirmLink("nobody1@bogus-domain.invalid")).status).toBe(410);
    expect(await rows(sql`SELECT id FROM ticket_orders WHERE plan_id = 'group'`)).toEqual([]);

    // A real buyer, from a hoarder's connection even: held, confirmed, then pending with its deadline from now
    // and the mail with how to pay.
    expect((await buyFrom("10.61.0.1", "real@example.org")).status).toBe(202);
    const done = await confirmLink("real@example.org");
    expect(done.status).toBe(303);
    const page = await orderPage(done.headers.get("location")!);
    expect(page).toMatchObject({ status: "pending", payment: { amount: "10.00 USD" } });
    const [order] = await rows<{ due_at: string }>(
      sql`SELECT due_at FROM ticket_orders WHERE email = 'real@example.org'`,
    );
    expect(Date.parse(order!.due_at)).toBe(clock + 7 * DAY);
    const pay = (await mailsTo("real@example.org")).filter((m) => m.subject.startsWith("Your order"));
    expect(pay).toHaveLength(1);
    expect(pay[0]!.body).toContain("IBAN XX00 1234");
    expect(pay[0]!.body).toContain(page.reference);
    // Kept until the deadline and its grace now; its connection is not blocked by it (the medium finding).
    const [held] = await rows<{ expires_at: string }>(
      sql`SELECT expires_at FROM ticket_holds WHERE email = 'real@example.org' AND status = 'held'`,
    );
    expect(Date.parse(held!.expires_at)).toBe(clock + 9 * DAY);
    expect((await buyFrom("10.61.0.1", "friend@example.org")).status).toBe(202);
    expect((await stock(database.db)).group).toMatchObject({ held: 2, left: 8 });
  });

  it("issue 61 strangers: eight buys naming one address from eight connections: one mail, eight identical answers", async () => {
    const victim = "victim@example.org";
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        buyFrom(`10.62.0.${i + 1}`, victim, "group", {
          name: "IMPORTANT: our bank changed. Pay only to http://evil.example/pay",
        }),
      ),
    );
    const bodies = await Promise.all(answers.map(async (r) => `${r.status} ${await r.text()}`));
    expect(new Set(bodies).size).toBe(1);
    expect(bodies[0]).toMatch(/^202 .*we sent a link to victim@example.org/);
    expect(await mailsTo(victim)).toHaveLength(1);
    expect(await rows(sql`SELECT id FROM ticket_holds WHERE email = ${victim} AND status = 'held'`)).toHaveLength(1);
    // Its seats back when the window ends; the same day, still no second mail, and nothing held for it.
    clock += 2 * 3_600_000 + 60_000;
    await sweep(t.box.context);
    const again = await buyFrom("10.62.1.1", victim);
    expect(`${again.status} ${await again.text()}`).toBe(bodies[0]);
    expect(await mailsTo(victim)).toHaveLength(1);
    expect(await rows(sql`SELECT id FROM ticket_holds WHERE email = ${victim} AND status = 'held'`)).toEqual([]);
    // The waiting list's confirmation counts too: joined in the same words, nothing stored, nothing mailed.
    const join = await t.request("POST", "/api/tickets/waitlist", {
      body: { plan: "family", quantity: "1", email: victim },
    });
    expect(join.status).toBe(201);
    expect(await rows(sql`SELECT id FROM ticket_waitlist WHERE email = ${victim}`)).toEqual([]);
    expect(await mailsTo(victim)).toHaveLength(1);
    // What is kept for it: a keyed hash, never the address; a day later, one mail again.
    const kept = JSON.stringify(await rows(sql`SELECT * FROM ticket_address_mails`));
    expect(kept).not.toContain("victim");
    clock += DAY;
    expect((await buyFrom("10.62.2.1", victim)).status).toBe(202);
    expect(await mailsTo(victim)).toHaveLength(2);
  });

  it("issue 61 low 1: an address that already has seats held is answered as one that has none", async () => {
    const first = await buyFrom("10.63.0.1", "held@example.org");
    const firstAnswer = `${first.status} ${await first.text()}`;
    // Its mail of the day aside (a day passes for it alone), only its held seats could refuse it.
    await database.db.execute(sql`UPDATE ticket_address_mails SET mailed_at = mailed_at - interval '25 hours'`);
    const second = await buyFrom("10.63.0.2", "held@example.org");
    expect(`${second.status} ${await second.text()}`).toBe(firstAnswer);
    expect(firstAnswer).toMatch(/^202 /);
    expect(
      await rows(sql`SELECT id FROM ticket_holds WHERE email = 'held@example.org' AND status = 'held'`),
    ).toHaveLength(1);
    expect(await mailsTo("held@example.org")).toHaveLength(1);
  });

  describe("issue 61: control characters refused on every path, nothing stored, nothing mailed", () => {
    const BAD = ["Ada\rBuyer", "Ada\nIMPORTANT: pay to evil", "Ada\u2028Buyer", "Ada\u0085Buyer"];

    it("the purchase", async () => {
      for (const [i, name] of BAD.entries()) {
        const email = `cc.buy${i}@example.org`;
        const res = await buyFrom(`10.64.0.${i + 1}`, email, "crowd", { name });
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ field: "name" });
        expect(await rows(sql`SELECT id FROM ticket_holds WHERE email = ${email}`)).toEqual([]);
        expect(await mailsTo(email)).toEqual([]);
      }
    });

    it("the waiting list", async () => {
      for (const [i, name] of BAD.entries()) {
        const email = `cc.wait${i}@example.org`;
        const res = await t.request("POST", "/api/tickets/waitlist", {
          body: { plan: "seat", quantity: "1", email, name },
        });
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ field: "name" });
        expect(await rows(sql`SELECT id FROM ticket_waitlist WHERE email = ${email}`)).toEqual([]);
        expect(await mailsTo(email)).toEqual([]);
      }
    });

    it("a forwarded ticket: its holder's name and the address", async () => {
      expect((await buyFrom("10.64.1.1", "cc.forward@example.org", "crowd", { quantity: "2" })).status).toBe(202);
      const done = await confirmLink("cc.forward@example.org");
      const token = done.headers.get("location")!.split("/").at(-1)!;
      const post = (path: string, body: Record<string, string>) =>
        t.request("POST", `/api/tickets/orders/${token}${path}`, { body });
      const holders = () =>
        rows(sql`SELECT t.holder_name FROM tickets t JOIN ticket_orders o ON o.id = t.order_id
            WHERE o.email = 'cc.forward@example.org' ORDER BY t.position`);
      const before = await holders();
      for (const name of BAD) {
        const res = await post("/tickets/1", { name });
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ field: "name" });
      }
      expect(await holders()).toEqual(before);
      const mailsBefore = await rows(sql`SELECT id FROM mail_queue`);
      for (const bad of [
        "friend@example.org\r\nBcc: x@evil.example",
        "friend@example.org\u0085",
        "a\u2028b@example.org",
      ]) {
        const res = await post("/tickets/1/send", { email: bad });
        expect(res.status).toBe(422);
        expect(await res.json()).toMatchObject({ field: "email" });
      }
      expect(await rows(sql`SELECT id FROM mail_queue`)).toEqual(mailsBefore);
    });

    it("an order by hand", async () => {
      organiser = await t.signIn();
      const before = await rows(sql`SELECT id FROM ticket_orders`);
      for (const [field, value] of [
        ...BAD.map((name) => ["name", name]),
        ["names", "Ada\u2028Buyer"],
        ["names", "Ada\u0085Buyer"],
        ["email", "cc.manual@example.org\u0085"],
        ["reason", "Because\u2028IMPORTANT"],
      ] as const) {
        const res = await t.request("POST", "/api/admin/box-office/orders", {
          cookie: organiser,
          body: {
            plan: "crowd",
            quantity: "1",
            name: "Ada Buyer",
            email: "cc.manual@example.org",
            kind: "complimentary",
            [field]: value,
          },
        });
        expect(res.status, `${field}: ${JSON.stringify(value)}`).toBe(422);
        expect(await res.json()).toMatchObject({ field });
      }
      expect(await rows(sql`SELECT id FROM ticket_orders`)).toEqual(before);
      expect(await mailsTo("cc.manual@example.org")).toEqual([]);
    });
  });
});
