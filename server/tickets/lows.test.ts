// @vitest-environment node
/**
 * Issue 61's lows (2) to (7), through the whole app on the embedded database (and PostgreSQL with
 * TEST_DATABASE_URL):
 *
 * - (2) an Idempotency-Key is kept only as its hash, and opens only the purchase it was sent with;
 * - (3) `rate_limits` keeps no client address;
 * - (4) the order page counts misses only: a real link is always answered;
 * - (5) a cancelled order paid by hand owes its money back until the refund is recorded;
 * - (6) an order's details find it by its id, whatever another buyer is called;
 * - (7) over the capacity only with a sentence, marked in the list; more than 10 tickets mail one link.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as boxOffice from "../../app/api/admin/box-office";
import { wrongBodies } from "../../tests/fixtures/contract";
import type { BoxOfficeList, BoxOfficeOrder, OrderMoveAnswer } from "../../app/api/admin/box-office";
import type { TicketsData } from "../../app/lib/build-outputs";
import { ticketReference } from "../../app/lib/tickets/orders";
import { boxOfficeApp, SITE, TEST_PLANS, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";

const PLANS: TicketsData = {
  ...TEST_PLANS,
  plans: {
    ...TEST_PLANS.plans,
    seat: { title: "Seat", priceMinor: 1900, people: 1, capacity: 2, maxPerOrder: 2 },
    crowd: { title: "Crowd", priceMinor: 1000, people: 1, capacity: 40, maxPerOrder: 5 },
  },
};

describe.each(databaseBackends("lows"))("issue 61's lows (%s)", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let cookie: string;
  const clock = Date.parse("2026-11-02T10:00:00Z");

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  /** A request from one client address, with headers of its own. */
  const from = (ip: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.request(`${SITE}${url}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "content-type": "application/json", origin: SITE, "x-forwarded-for": ip, ...headers },
    });
  const admin = (method: string, url: string, body?: unknown) =>
    t.request(method, `/api/admin${url}`, { cookie, ...(body === undefined ? {} : { body }) });
  const issue = (body: Record<string, string>) =>
    admin("POST", "/box-office/orders", { kind: "complimentary", quantity: "1", email: "org@example.org", ...body });

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("lows", database, () => clock, PLANS);
    cookie = await t.signIn();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  it("refuses a wrong body with a 400 that names the field, on every Box office route that takes one", async () => {
    const wrong = wrongBodies({ ...boxOffice, ...boxOffice.boxOfficeMoves });
    expect(wrong.map((w) => `${w.path} ${w.field}`).sort()).toEqual([
      "/box-office/orders plan",
      "/box-office/orders/1/paid amount",
      "/box-office/orders/1/refund amountMinor",
    ]);
    for (const w of wrong) {
      const res = await admin(w.method, w.path, w.body);
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toMatchObject({ field: w.field, error: expect.stringMatching(/^Please /) });
    }
  });

  it("(6) an order's details count its own tickets, though a buyer is named after its reference", async () => {
    const first = await issue({ plan: "crowd", quantity: "3", name: "Ruth First" });
    expect(first.status, await first.clone().text()).toBe(201);
    const { id, reference } = (await first.json()) as { id: number; reference: string };
    expect((await issue({ plan: "crowd", quantity: "1", name: reference })).status).toBe(201);
    const details = (await (await admin("GET", `/box-office/orders/${id}`)).json()) as BoxOfficeOrder;
    expect(details).toMatchObject({ reference, name: "Ruth First", tickets: 3 });
  });

  it("(2) an Idempotency-Key is stored hashed and answers only its own purchase", async () => {
    const key = "idem-key-lows-0001";
    const body = (name: string, email = "naomi@example.org") => ({
      plan: "free",
      quantity: "1",
      name,
      email,
      phone: "+1 214 555 0199",
      terms: "on",
    });
    const first = await from("10.61.2.1", "POST", "/api/tickets/buy", body("Naomi"), { "idempotency-key": key });
    expect(first.status, await first.clone().text()).toBe(202);
    // The same request again: the same hold, nothing new.
    expect(
      (await from("10.61.2.1", "POST", "/api/tickets/buy", body("Naomi"), { "idempotency-key": key })).status,
    ).toBe(202);
    // Another name, another address: refused, whoever sends it.
    for (const other of [body("Mallory"), body("Naomi", "mallory@example.org")]) {
      const replay = await from("10.61.2.2", "POST", "/api/tickets/buy", other, { "idempotency-key": key });
      expect(replay.status).toBe(422);
      expect(await replay.json()).toMatchObject({ error: expect.stringContaining("Idempotency-Key") });
    }
    expect(await rows(sql`SELECT id FROM ticket_holds WHERE idempotency_key = ${key}`)).toHaveLength(0);
    const hashed = createHash("sha256").update(key).digest("hex");
    expect(await rows(sql`SELECT id FROM ticket_holds WHERE idempotency_key = ${hashed}`)).toHaveLength(1);
  });

  it("(3) the request counts keep no client address", async () => {
    await from("127.0.0.10", "GET", "/api/tickets/availability");
    await from("127.0.0.10", "POST", "/api/tickets/buy", { plan: "free", quantity: "1", terms: "on" });
    const keys = (await rows<{ key: string }>(sql`SELECT key FROM rate_limits`)).map((r) => r.key);
    expect(keys).toEqual(expect.arrayContaining([expect.stringMatching(/^tickets-buy:[0-9a-f]{64}$/)]));
    expect(keys.filter((k) => /\d+\.\d+\.\d+\.\d+/.test(k))).toEqual([]);
  });

  it("(4) the order page answers a real link however often one address asks, and refuses many misses", async () => {
    const made = await issue({ plan: "crowd", quantity: "1", name: "Page Reader" });
    const { id } = (await made.json()) as { id: number };
    // The organisers' resend makes a new link: the mail's text carries it.
    expect((await admin("POST", `/attendees/orders/${id}/resend`, {})).status).toBe(200);
    const [mail] = await rows<{ body: string }>(
      sql`SELECT body FROM mail_queue WHERE subject LIKE ${`%${ticketReference(id)}%`} ORDER BY id DESC LIMIT 1`,
    );
    const token = /\/tickets\/([\w-]+)/.exec(mail!.body)![1]!;
    const ip = "10.61.4.1";
    for (let i = 0; i < 70; i++) expect((await from(ip, "GET", `/api/tickets/orders/${token}`)).status).toBe(200);
    // Unknown links from one address: 60 a minute, then refused; a real one is still answered.
    const misses = [];
    for (let i = 0; i < 61; i++)
      misses.push((await from(ip, "GET", `/api/tickets/orders/x${i}${token.slice(5)}`)).status);
    expect(misses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(misses[60]).toBe(429);
    expect((await from(ip, "GET", `/api/tickets/orders/${token}`)).status).toBe(200);
  });

  it("(5) a cancelled order paid by hand owes its money until the refund is recorded", async () => {
    const made = await issue({ plan: "crowd", quantity: "2", name: "Door Payer", kind: "door", amount: "38.00" });
    expect(made.status).toBe(201);
    const { id, reference } = (await made.json()) as { id: number; reference: string };
    const cancel = await admin("POST", `/box-office/orders/${id}/cancel`, {});
    expect(cancel.status).toBe(200);
    const answer = (await cancel.json()) as OrderMoveAnswer;
    expect(answer.state).toBe("refund-owed");
    expect(answer.message).toContain("Refund owed: 38.00 USD");
    const details = (await (await admin("GET", `/box-office/orders/${id}`)).json()) as BoxOfficeOrder;
    expect(details).toMatchObject({ status: "cancelled", refundOwed: "38.00 USD" });
    expect(details.timeline.map((s) => s.text)).toContain("Refund owed: 38.00 USD");
    // The buyer is told the money comes back.
    const [told] = await rows<{ body: string }>(
      sql`SELECT body FROM mail_queue WHERE subject = ${`Your order ${reference} was cancelled`}`,
    );
    expect(told!.body).toContain("38.00 USD is owed back to you");

    // The refund given: checked at its fields, recorded once, audited.
    // Not a number at all: the contract's check names the body's field (issue 64); not an amount: the form's.
    expect(
      await (await admin("POST", `/box-office/orders/${id}/refund`, { amountMinor: "x", method: "cash" })).json(),
    ).toMatchObject({ field: "amountMinor" });
    expect(
      await (await admin("POST", `/box-office/orders/${id}/refund`, { amountMinor: -1, method: "cash" })).json(),
    ).toMatchObject({ field: "amount" });
    expect(
      await (await admin("POST", `/box-office/orders/${id}/refund`, { amountMinor: 3800, method: "gold" })).json(),
    ).toMatchObject({ field: "method" });
    const given = await admin("POST", `/box-office/orders/${id}/refund`, { amountMinor: 3800, method: "cash" });
    expect(given.status).toBe(200);
    expect((await given.json()) as OrderMoveAnswer).toMatchObject({ state: "refunded", reference });
    const again = await admin("POST", `/box-office/orders/${id}/refund`, { amountMinor: 3800, method: "cash" });
    expect(again.status).toBe(409);
    const after = (await (await admin("GET", `/box-office/orders/${id}`)).json()) as BoxOfficeOrder;
    expect(after).toMatchObject({ status: "refunded", refundOwed: null });
    expect(after.timeline.at(-1)!.text).toMatch(/^Refunded: 38\.00 USD by cash/);
    expect(
      await rows(sql`SELECT 1 FROM audit_log WHERE action = 'ticket-refund' AND target = ${reference}`),
    ).toHaveLength(1);

    // A complimentary order owes nothing: said so, nothing recorded.
    const comp = (await (await issue({ plan: "crowd", name: "Guest" })).json()) as { id: number };
    const free = (await (await admin("POST", `/box-office/orders/${comp.id}/cancel`, {})).json()) as OrderMoveAnswer;
    expect(free.state).toBe("cancelled");
    expect(free.message).not.toContain("Refund owed");
    expect(
      (await admin("POST", `/box-office/orders/${comp.id}/refund`, { amountMinor: 100, method: "cash" })).status,
    ).toBe(409);
  });

  it("(7) over the capacity only with a sentence, marked in the list", async () => {
    // Seat has 2; a third is over.
    expect((await issue({ plan: "seat", quantity: "2", name: "Two Seats" })).status).toBe(201);
    const over = { plan: "seat", quantity: "1", name: "One More" };
    expect(await (await issue(over)).json()).toMatchObject({ field: "reason", overCapacity: true });
    const short = await issue({ ...over, reason: "x" });
    expect(short.status).toBe(422);
    expect(await short.json()).toMatchObject({ field: "reason", error: expect.stringContaining("in a sentence") });
    const allowed = await issue({ ...over, reason: "The pastor's guest, agreed at the meeting" });
    expect(allowed.status).toBe(201);
    const { id } = (await allowed.json()) as { id: number };
    const list = (await (await admin("GET", "/box-office/orders")).json()) as BoxOfficeList;
    expect(list.orders.filter((o) => o.overCapacity).map((o) => o.id)).toEqual([id]);
  });

  it("(7) more than 10 tickets mail one link to the order's page; 10 keep their QR codes", async () => {
    const attachmentsOf = async (id: number) =>
      (
        await rows<{ body: string; attachments: { contentType: string }[] }>(
          sql`SELECT body, attachments FROM mail_queue WHERE subject LIKE ${`Your tickets: ${ticketReference(id)}%`}`,
        )
      )[0]!;
    const ten = (await (await issue({ plan: "crowd", quantity: "10", name: "Ten" })).json()) as { id: number };
    expect((await attachmentsOf(ten.id)).attachments.filter((a) => a.contentType === "image/png")).toHaveLength(10);
    const made = await issue({ plan: "crowd", quantity: "11", name: "Eleven" });
    expect(made.status).toBe(201);
    const eleven = await attachmentsOf(((await made.json()) as { id: number }).id);
    expect(eleven.attachments.filter((a) => a.contentType === "image/png")).toHaveLength(0);
    expect(eleven.body).toMatch(/Your 11 tickets.*order's page/);
    expect(eleven.body).toMatch(new RegExp(`${SITE}/tickets/[\\w-]+`));
  });
});
