/**
 * The organisers' Attendees tab's API (issue 42, item 5) through the whole app with the box office and the
 * fake card provider, on an embedded database, or with TEST_DATABASE_URL on a fresh database of that server:
 * the counts per plan, the search, an order's details, resending the ticket mail, cancelling (refund asked of
 * the provider, the seats offered to the waiting list), the CSV's escaping, the audit, 401 and 403.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parse } from "csv-parse/sync";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as api from "../../app/api/admin/attendees";
import type { AttendeeOrder, AttendeesSearch, AttendeesSummary } from "../../app/api/admin/attendees";
import { wrongBodies } from "../../tests/fixtures/contract";
import { boxOfficeApp, buy, registerFree, SITE, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { freshPostgres } from "../../tests/fixtures/fresh-postgres";
import { openDatabase, type Database } from "../db/client";
import { rowsOf } from "../db/rows";

let database: Database;
let t: BoxOfficeApp;
let cookie: string;
const clock = Date.parse("2026-11-02T10:00:00Z");

beforeAll(async () => {
  const dataDir = path.join((await import("node:os")).tmpdir(), `tncc-attendees-${process.pid}-${Date.now()}`);
  database = await openDatabase({ dataDir, databaseUrl: await freshPostgres("attendees") });
  t = await boxOfficeApp("attendees", database, () => clock);
  (t as { dataDir?: string }).dataDir = dataDir;
  cookie = await t.signIn();
}, 120_000);
afterAll(async () => {
  await t?.fake.close();
  await database?.close();
  if (t) {
    rmSync(t.dir, { recursive: true, force: true });
    rmSync((t as { dataDir?: string }).dataDir!, { recursive: true, force: true });
  }
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
const get = async <T>(url: string) => {
  const res = await t.request("GET", `/api/admin${url}`, { cookie });
  expect(res.status, url).toBe(200);
  return (await res.json()) as T;
};

async function buyPaid(plan: string, name: string, email: string) {
  expect((await buy(t.box.context, { plan, quantity: 1, name, email })).kind).toBe("checkout");
  const session = t.fake.created.at(-1)!;
  t.fake.pay(session.id);
  expect((await t.complete(session.id)).status).toBe(200);
  return (await rows<{ id: string }>(sql`SELECT id FROM ticket_orders ORDER BY id DESC LIMIT 1`))[0]!;
}

describe("the Attendees tab", { timeout: 60_000 }, () => {
  let family: { id: string };
  let free: { id: string; token: string };

  it("refuses a wrong body with a 400 that names the field, on every Attendees route that takes one", () => {
    // None takes one: the Attendees routes only read (an order's moves are the Box office's, tested there).
    expect(wrongBodies(api)).toEqual([]);
    expect(Object.values(api).map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /attendees/summary",
      "GET /attendees/door",
      "GET /attendees",
      "GET /attendees/orders/:id",
      "GET /attendees/export",
    ]);
  });

  it("counts per plan what is sold, held, left and waiting", async () => {
    family = await buyPaid("family", "Grace Hopper", "grace@example.org");
    // Someone's checkout of the one Solo seat is open: held, not sold.
    expect(
      (await buy(t.box.context, { plan: "solo", quantity: 1, name: "Open", email: "open@example.org" })).kind,
    ).toBe("checkout");
    const registered = await registerFree(t.box, {
      plan: "free",
      quantity: 2,
      name: "=cmd|' /C calc'!A0",
      email: "alan@example.org",
    });
    const [order] = await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = 'alan@example.org'`);
    free = { id: order!.id, token: registered.token };
    // One person waits for a Family ticket (joined and confirmed).
    const join = await t.request("POST", "/api/tickets/waitlist", {
      body: { plan: "family", quantity: 1, email: "wait@example.org" },
    });
    expect(join.status).toBe(201);
    const [mail] = await rows<{ body: string }>(sql`SELECT body FROM mail_queue WHERE to_addr = 'wait@example.org'`);
    const token = /token=([\w-]+)/.exec(mail!.body)![1]!;
    await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token }, form: true });

    const { plans } = await get<AttendeesSummary>("/attendees/summary");
    expect(plans).toEqual([
      { id: "solo", title: "Solo", capacity: 1, sold: 0, held: 1, left: 0, waiting: 0, waitingSeats: 0 },
      { id: "family", title: "Family", capacity: 2, sold: 2, held: 0, left: 0, waiting: 1, waitingSeats: 2 },
      { id: "free", title: "Community", capacity: 3, sold: 2, held: 0, left: 1, waiting: 0, waitingSeats: 0 },
    ]);
  });

  it("finds orders by name, e-mail, reference, ticket code and holder; shows one whole", async () => {
    const search = async (q: string) =>
      (await get<AttendeesSearch>(`/attendees?q=${encodeURIComponent(q)}`)).orders.map((o) => o.email);
    expect(await search("hopper")).toEqual(["grace@example.org"]);
    expect(await search("ALAN@")).toEqual(["alan@example.org"]);
    expect(await search(`TNCC-T${family.id.padStart(6, "0")}`)).toEqual(["grace@example.org"]);
    const [code] = await rows<{ code: string }>(
      sql`SELECT code FROM tickets WHERE order_id = ${free.id} AND position = 2`,
    );
    expect(await search(code!.code)).toEqual(["alan@example.org"]);
    expect(await search(code!.code.slice(0, 8))).toEqual(["alan@example.org"]);
    // The buyer names their second ticket on their page: the holder is found too.
    const named = await t.request("POST", `/api/tickets/orders/${free.token}/tickets/2`, {
      body: { name: '=HYPERLINK("http://evil.test","Ada")' },
    });
    expect(named.status).toBe(200);
    expect(await search("HYPERLINK")).toEqual(["alan@example.org"]);
    expect(await search("%")).toEqual([]);
    expect(await search("nobody at all")).toEqual([]);
    expect((await get<AttendeesSearch>("/attendees")).orders.map((o) => o.email)).toEqual([
      "alan@example.org",
      "grace@example.org",
    ]);

    const one = await get<AttendeeOrder>(`/attendees/orders/${family.id}`);
    expect(one).toMatchObject({
      reference: `TNCC-T${family.id.padStart(6, "0")}`,
      plan: "Family",
      name: "Grace Hopper",
      status: "paid",
      tickets: 2,
      amountMinor: 5900,
    });
    expect(one.list.map((x) => [x.position, x.status, x.holderName])).toEqual([
      [1, "valid", "Grace Hopper"],
      [2, "valid", null],
    ]);
    expect((await t.request("GET", "/api/admin/attendees/orders/999999", { cookie })).status).toBe(404);
  });

  it("resends the ticket mail, audited", async () => {
    const before = (await rows(sql`SELECT 1 FROM mail_queue WHERE to_addr = 'grace@example.org'`)).length;
    const res = await t.request("POST", `/api/admin/attendees/orders/${family.id}/resend`, { body: {}, cookie });
    expect(res.status).toBe(200);
    const mails = await rows<{ subject: string; attachments: unknown[] }>(
      sql`SELECT subject, attachments FROM mail_queue WHERE to_addr = 'grace@example.org' ORDER BY id`,
    );
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Your tickets: TNCC-T${family.id.padStart(6, "0")} (Family, 2 tickets)`);
    expect(mails.at(-1)!.attachments).toHaveLength(3);
    const audit = await rows<{ actor: string; target: string }>(
      sql`SELECT actor, target FROM audit_log WHERE action = 'ticket-resend'`,
    );
    expect(audit).toEqual([{ actor: "ada@tncc.example.org", target: `TNCC-T${family.id.padStart(6, "0")}` }]);
  });

  it("cancels an order: refund asked of the provider once, seats back, offered to the waiting list, audited", async () => {
    const url = `/api/admin/attendees/orders/${family.id}/cancel`;
    const res = await t.request("POST", url, { body: {}, cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ refund: "requested", seats: 2, offered: 1, already: false });
    const paid = [...t.fake.sessions.values()].find((s) => s.customer_email === "grace@example.org")!;
    expect(t.fake.refunds).toEqual([
      expect.objectContaining({
        payment_intent: paid.payment_intent,
        key: expect.stringMatching(new RegExp(`^[\\w-]{12}-cancel-order-${family.id}$`)),
      }),
    ]);
    expect(await rows(sql`SELECT status FROM tickets WHERE order_id = ${family.id} AND status <> 'cancelled'`)).toEqual(
      [],
    );
    const offer = await rows<{ subject: string }>(
      sql`SELECT subject FROM mail_queue WHERE to_addr = 'wait@example.org' ORDER BY id DESC LIMIT 1`,
    );
    expect(offer[0]!.subject).toBe("Seats are free for you: 1 × Family");
    const told = await rows<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM mail_queue WHERE to_addr = 'grace@example.org' ORDER BY id DESC LIMIT 1`,
    );
    expect(told[0]!.subject).toMatch(/was cancelled$/);
    expect(told[0]!.body).toContain("refunded in full");
    const summary = await get<AttendeesSummary>("/attendees/summary");
    expect(summary.plans.find((p) => p.id === "family")).toMatchObject({ sold: 0, held: 2, left: 0, waiting: 1 });

    // Again (a double click): nothing more changes, and the provider makes no second refund.
    const again = await t.request("POST", url, { body: {}, cookie });
    expect(await again.json()).toMatchObject({ already: true, seats: 0, offered: 0 });
    expect(t.fake.refunds).toHaveLength(1);
    expect((await get<AttendeesSummary>("/attendees/summary")).plans.find((p) => p.id === "family")).toMatchObject({
      sold: 0,
      held: 2,
    });
    // A cancelled order's tickets are not resent.
    expect(
      (await t.request("POST", `/api/admin/attendees/orders/${family.id}/resend`, { body: {}, cookie })).status,
    ).toBe(409);
    const actions = await rows<{ action: string }>(
      sql`SELECT action FROM audit_log WHERE target = ${`TNCC-T${family.id.padStart(6, "0")}`} ORDER BY id`,
    );
    // One refund, recorded once, however often it was asked for (issue 54: the route and the refund job both may).
    expect(actions.map((a) => a.action)).toEqual(["ticket-resend", "ticket-cancel", "ticket-refund"]);
  });

  it("puts the seats sold and who waits on the organisers' home", async () => {
    // Family: 2 held for the offer; Community: 2 sold; Solo: 1 held.
    expect((await get<{ tickets: unknown }>("/home")).tickets).toEqual({ sold: 2, capacity: 6, waiting: 1 });
  });

  it("exports one CSV row per ticket, cells a spreadsheet would run as formulas escaped", async () => {
    const res = await t.request("GET", "/api/admin/attendees/export", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="tncc-attendees-2026-11-02\.csv"/);
    const table = parse((await res.text()).replace(/^\uFEFF/, "")) as string[][];
    expect(table[0]).toEqual([
      "reference",
      "ticket",
      "plan",
      "holder name",
      "buyer name",
      "buyer e-mail",
      "status",
      "checked in (Asia/Kolkata)",
      "door",
      "admitted by",
    ]);
    const alan = table.filter((r) => r[5] === "alan@example.org");
    expect(alan).toEqual([
      [
        `TNCC-T${free.id.padStart(6, "0")}`,
        "1",
        "Community",
        "'=cmd|' /C calc'!A0",
        "'=cmd|' /C calc'!A0",
        "alan@example.org",
        "valid",
        "",
        "",
        "",
      ],
      [
        `TNCC-T${free.id.padStart(6, "0")}`,
        "2",
        "Community",
        `'=HYPERLINK("http://evil.test","Ada")`,
        "'=cmd|' /C calc'!A0",
        "alan@example.org",
        "valid",
        "",
        "",
        "",
      ],
    ]);
    expect(table.filter((r) => r[5] === "grace@example.org").map((r) => r[6])).toEqual(["cancelled", "cancelled"]);
  });

  it("answers 401 without a session and 403 from another origin on every Attendees route", async () => {
    const routes = t.app.routes.filter((r) => r.path.startsWith("/api/admin/attendees") && r.method !== "ALL");
    expect(routes.length).toBeGreaterThanOrEqual(6);
    for (const { method, path: p } of routes) {
      const url = p.replace(":id", family.id);
      const body = method === "GET" ? undefined : "{}";
      const anonymous = await t.app.request(`${SITE}${url}`, {
        method,
        body,
        headers: { "content-type": "application/json", origin: SITE },
      });
      expect(anonymous.status, `${method} ${url}`).toBe(401);
      if (method === "GET") continue;
      for (const origin of ["https://evil.test", "null"]) {
        const foreign = await t.app.request(`${SITE}${url}`, {
          method,
          body,
          headers: { "content-type": "application/json", origin, cookie },
        });
        expect(foreign.status, `${method} ${url} from ${origin}`).toBe(403);
      }
    }
  });
});
