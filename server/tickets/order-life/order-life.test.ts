// @vitest-environment node
/**
 * Issue 61: the organisers' moves of an order (./life.ts), through the whole app with no card provider
 * (paid plans are paid later), on the embedded database and (with TEST_DATABASE_URL, `npm run test:pg`) on
 * PostgreSQL:
 *
 * - the one Orders list: an unpaid order shows its seats ("2 seats, waiting for payment") and its deadline with
 *   the event's time zone; filters by state and by method;
 * - release a pending order (seats back, the buyer mailed, audited); release twice: one outcome, said plainly;
 * - mark paid on a released order: its seats taken again while free (one outcome, said);
 * - cancel a pending order (it used to answer `{"seats":0,"already":true}` and stay pending); cancel twice;
 * - a paid-by-hand order cancelled: "refund owed" until the refund is recorded (amount, method); twice: said;
 * - the home's money waiting; the daily mail of new pending orders with an injected clock.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BoxOfficeList, BoxOfficeOrder, OrderMoveAnswer } from "../../../app/api/admin/box-office";
import type { HomeSummary } from "../../../app/api/admin/home";
import type { TicketsData } from "../../../app/lib/build-outputs";
import { boxOfficeApp, type BoxOfficeApp } from "../../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../../tests/fixtures/database-backends";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { isPlaceholderInstructions, DEFAULT_INSTRUCTIONS } from "../../payments";
import { pendingDigestJob, sendPendingDigest } from "../pending-digest";
import { stock } from "../queries";

const HOUR = 3_600_000;
const PLANS: TicketsData = {
  event: "tncc-test",
  currency: "USD",
  timeZone: "America/Chicago",
  plans: {
    seat: { title: "Seat", priceMinor: 1900, people: 1, capacity: 10, maxPerOrder: 4 },
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

describe.each(databaseBackends("orderlife"))("an order's life, moved by the organisers (%s)", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let organiser: string;
  const clock = Date.parse("2026-12-01T10:00:00Z");

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const mailsTo = (to: string) =>
    rows<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM mail_queue WHERE to_addr = ${to} ORDER BY id`,
    );
  const buy = async (email: string, quantity = "2") => {
    const res = await t.request("POST", "/api/tickets/buy", {
      body: { plan: "seat", quantity, name: "Ada Buyer", email, phone: "+1 214 555 0199", terms: "on" },
    });
    expect(res.status, await res.clone().text()).toBe(202);
    // The address confirmed by the mailed link (issue 61): only then is the order pending.
    const mail = (await mailsTo(email)).filter((m) => m.subject.startsWith("Confirm your")).at(-1)!;
    const token = decodeURIComponent(/confirm\?t=(\S+)/.exec(mail.body)![1]!);
    expect((await t.request("POST", "/api/tickets/confirm", { body: { t: token }, form: true })).status).toBe(303);
    const [row] = await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = ${email}`);
    return Number(row!.id);
  };
  const get = async <T>(url: string) => {
    const res = await t.request("GET", `/api/admin${url}`, { cookie: organiser });
    expect(res.status, url).toBe(200);
    return (await res.json()) as T;
  };
  const post = async (id: number, move: string, body: Record<string, unknown> = {}) => {
    const res = await t.request("POST", `/api/admin/box-office/orders/${id}/${move}`, { cookie: organiser, body });
    return { status: res.status, answer: (await res.json()) as OrderMoveAnswer & { error?: string } };
  };
  const audits = (action: string) =>
    rows<{ target: string }>(sql`SELECT target FROM audit_log WHERE action = ${action} ORDER BY id`);

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("orderlife", database, () => clock, PLANS, { card: false });
    organiser = await t.signIn();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  it("lists an unpaid order with its seats and its deadline in the event's time zone; filters", async () => {
    const id = await buy("pat@example.org");
    const list = await get<BoxOfficeList>("/box-office/orders?show=pending&method=later");
    expect(list.orders.map((o) => o.id)).toEqual([id]);
    // 7 days after 10:00 UTC on 1 Dec: 04:00 in Chicago (CST) on 8 Dec.
    expect(list.orders[0]).toMatchObject({
      state: "awaiting-payment",
      seats: 2,
      seatsText: "2 seats, waiting for payment",
      due: "Tue 8 Dec 2026, 04:00 CST",
    });
    expect((await get<BoxOfficeList>("/box-office/orders?method=card")).orders).toEqual([]);
    expect((await get<BoxOfficeList>("/box-office/orders?show=paid")).orders).toEqual([]);
    const one = await get<BoxOfficeOrder>(`/box-office/orders/${id}`);
    expect(one).toMatchObject({ seatsText: "2 seats, waiting for payment", due: "Tue 8 Dec 2026, 04:00 CST" });
    expect(one.actions).toEqual(["mark-paid", "release", "cancel"]);
  });

  it("releases a pending order once: seats back, the buyer mailed, audited; twice: said, nothing more", async () => {
    const id = await buy("rel@example.org");
    const before = (await stock(database.db)).seat!.held;
    const first = await post(id, "release");
    expect(first.status).toBe(200);
    expect(first.answer.state).toBe("released");
    expect(first.answer.message).toMatch(/is released: its 2 seats are free again/);
    expect((await stock(database.db)).seat!.held).toBe(before - 2);
    const mails = await mailsTo("rel@example.org");
    expect(mails.at(-1)!.subject).toMatch(/was released$/);
    expect(mails.at(-1)!.body).toContain("nothing to pay");
    const again = await post(id, "release");
    expect(again.status).toBe(409);
    expect(again.answer.message).toMatch(/was already released: nothing was changed/);
    expect(await mailsTo("rel@example.org")).toHaveLength(mails.length);
    expect((await stock(database.db)).seat!.held).toBe(before - 2);
    expect((await audits("ticket-release")).map((a) => a.target)).toEqual([first.answer.reference]);
    // A released order cannot be cancelled: it holds nothing.
    expect((await post(id, "cancel")).answer.message).toMatch(/released unpaid before/);

    // Marked paid after all: one outcome, its seats taken again while free.
    const paid = await t.request("POST", `/api/admin/box-office/orders/${id}/paid`, {
      cookie: organiser,
      body: { amount: "38.00", paidBy: "cash" },
    });
    expect(paid.status).toBe(200);
    expect(((await paid.json()) as { message: string }).message).toMatch(/had been released unpaid/);
    expect((await get<BoxOfficeOrder>(`/box-office/orders/${id}`)).state).toBe("paid");
  });

  it("cancels a pending order (seats back, the buyer told not to pay); twice: said, nothing more", async () => {
    const id = await buy("can@example.org");
    const before = (await stock(database.db)).seat!.held;
    const first = await post(id, "cancel");
    expect(first.status).toBe(200);
    expect(first.answer).toMatchObject({ state: "cancelled", seats: 2, already: false });
    expect(first.answer.message).toMatch(/is cancelled and the buyer is told by e-mail\. Nothing had been paid\./);
    expect((await stock(database.db)).seat!.held).toBe(before - 2);
    const [status] = await rows<{ status: string }>(sql`SELECT status FROM ticket_orders WHERE id = ${id}`);
    expect(status!.status).toBe("cancelled");
    const mails = await mailsTo("can@example.org");
    expect(mails.at(-1)!.body).toContain("please do not pay it");
    const again = await post(id, "cancel");
    expect(again.status).toBe(409);
    expect(again.answer.message).toMatch(/was already cancelled: nothing was changed and nobody was mailed/);
    expect(await mailsTo("can@example.org")).toHaveLength(mails.length);
    expect((await stock(database.db)).seat!.held).toBe(before - 2);
    // Releasing it now: said plainly.
    expect((await post(id, "release")).answer.message).toMatch(/only an unpaid order can be released/);
  });

  it("a paid-by-hand order cancelled owes its refund until it is recorded", async () => {
    const id = await buy("owed@example.org");
    const paid = await t.request("POST", `/api/admin/box-office/orders/${id}/paid`, {
      cookie: organiser,
      body: { amount: "38.00", paidBy: "bank-transfer" },
    });
    expect(paid.status).toBe(200);
    const sold = (await stock(database.db)).seat!.sold;
    const cancel = await post(id, "cancel");
    expect(cancel.status).toBe(200);
    expect(cancel.answer.state).toBe("refund-owed");
    expect(cancel.answer.message).toContain("Refund owed: 38.00 USD");
    expect((await stock(database.db)).seat!.sold).toBe(sold - 2);
    expect((await mailsTo("owed@example.org")).at(-1)!.body).toContain("is owed back to you");
    const page = await get<BoxOfficeOrder>(`/box-office/orders/${id}`);
    expect(page).toMatchObject({ state: "refund-owed", refundOwed: "38.00 USD", actions: ["refund"] });
    expect(page.list.map((x) => x.status)).toEqual(["cancelled", "cancelled"]);
    expect((await get<BoxOfficeList>("/box-office/orders?show=refund-owed")).orders.map((o) => o.id)).toEqual([id]);

    expect((await post(id, "refund", { amountMinor: 3800, method: "nope" })).status).toBe(422);
    const refunded = await post(id, "refund", { amountMinor: 3800, method: "bank-transfer" });
    expect(refunded.status).toBe(200);
    expect(refunded.answer).toMatchObject({ state: "refunded" });
    expect(refunded.answer.message).toContain("38.00 USD by bank transfer is recorded");
    const twice = await post(id, "refund", { amountMinor: 3800, method: "cash" });
    expect(twice.status).toBe(409);
    expect(twice.answer.message).toMatch(/recorded before/);
    const timeline = (await get<BoxOfficeOrder>(`/box-office/orders/${id}`)).timeline.map((s) => s.text);
    expect(timeline).toContain("Refund owed: 38.00 USD");
    expect(timeline.some((s) => s.startsWith("Refunded: 38.00 USD by bank transfer"))).toBe(true);
  });

  it("the home shows the money waiting and the oldest deadline with its zone", async () => {
    const home = await get<HomeSummary>("/home");
    // pat@ is the one order still waiting (2 × 19.00).
    expect(home.moneyWaiting).toEqual({ orders: 1, amount: "38.00 USD", oldestDue: "Tue 8 Dec 2026, 04:00 CST" });
    expect(home.payLaterPlaceholder).toBeUndefined();
    expect(isPlaceholderInstructions(DEFAULT_INSTRUCTIONS)).toBe(true);
    expect(isPlaceholderInstructions("Bank transfer to X (account details from the church office).")).toBe(true);
    expect(isPlaceholderInstructions(PLANS.payLater!.instructions!)).toBe(false);
  });

  it("mails the organisers once a day the new pending orders, none when nothing is new", async () => {
    const deps = { db: database.db, plans: t.box.plans, to: "team@tncc.example.org", siteUrl: "https://tncc.test" };
    // Every order above was made at `clock`; the day ending an hour later lists pat@ alone (the others moved on).
    expect(await sendPendingDigest(deps, new Date(clock + HOUR))).toBe(1);
    const [mail] = await mailsTo("team@tncc.example.org");
    expect(mail!.subject).toBe("1 new order waits for payment");
    expect(mail!.body).toMatch(
      /TNCC-T\d{6}: “Ada Buyer” <pat@example\.org>, Seat, 2 seats, 38\.00 USD, pay by Tue 8 Dec 2026, 04:00 CST/,
    );
    expect(mail!.body).toContain("https://tncc.test/admin?tab=box-office");
    // The next day's run (the cron's time in its payload): nothing new, no mail.
    await pendingDigestJob(deps)({ _cron: { ts: new Date(clock + 25 * HOUR).toISOString() } });
    expect(await mailsTo("team@tncc.example.org")).toHaveLength(1);
  });
});
