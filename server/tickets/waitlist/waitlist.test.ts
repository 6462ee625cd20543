/**
 * The waiting list moves by itself (issue 42, item 4), through the whole app, on the embedded PostgreSQL and,
 * with TEST_DATABASE_URL (`npm run test:pg`), on a shared one: a plan sells out; two people join and confirm
 * by their links; an organiser cancels the order; the first in line gets an offer (a hold of their own and a
 * mail); nobody else can buy that seat; the offer runs out (the clock moved past WAITLIST_OFFER_HOURS, then
 * the sweep); the second gets it and buys through the fake card provider.
 */
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { databaseBackends } from "../../../tests/fixtures/database-backends";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boxOfficeApp, registerFree, type BoxOfficeApp } from "../../../tests/fixtures/box-office-app";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { stock } from "../queries";
import { sweep } from "../box-office";
import { buy } from "../purchase";

const backends = databaseBackends("waitlist");

const HOUR = 3_600_000;
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

describe.each(backends)("the waiting list on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let clock = Date.parse("2026-11-02T10:00:00Z");
  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("waitlist", database, () => clock);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const mailsTo = (to: string) =>
    rows<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM mail_queue WHERE to_addr = ${to} ORDER BY id`,
    );
  const linkIn = (body: string, path: string) => {
    const match = new RegExp(`https://tncc\\.example\\.org${path}\\?token=([\\w-]+)`).exec(body);
    expect(match, body).not.toBeNull();
    return match![1]!;
  };
  /** A paid purchase through the fake provider: the checkout, the payment, the signed webhook. */
  async function buyPaid(plan: string, email: string, quantity = 1) {
    const bought = await buy(t.box.context, { plan, quantity, name: email.split("@")[0]!, email });
    expect(bought.kind).toBe("checkout");
    const session = t.fake.created.at(-1)!;
    t.fake.pay(session.id);
    expect((await t.complete(session.id)).status).toBe(200);
    return session;
  }
  const stored = async (email: string) =>
    (await rows<{ token_hash: string }>(sql`SELECT token_hash FROM ticket_waitlist WHERE email = ${email}`))[0]
      ?.token_hash;
  const join = (body: Record<string, unknown>) => t.request("POST", "/api/tickets/waitlist", { body });

  it("moves by itself: sold out, two join, a cancel offers the first, the offer runs out, the second buys", async () => {
    // Seats are free: nobody needs the list yet.
    const early = await join({ plan: "solo", quantity: 1, email: "early@example.org" });
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ error: "not-sold-out", left: 1 });

    const first = await buyPaid("solo", "buyer@example.org");
    expect((await stock(database.db)).solo).toMatchObject({ sold: 1, held: 0, left: 0 });

    // Two people join (a form post without JavaScript, and JSON); joining again changes nothing and mails nothing.
    const a = await t.request("POST", "/api/tickets/waitlist", {
      body: { plan: "solo", quantity: "1", email: "First@Example.org", name: "Fay First" },
      form: true,
    });
    // Back to the page, where the form's answer shows through `:target`.
    expect(a.status).toBe(303);
    expect(a.headers.get("location")).toBe("/buy-ticket?plan=solo#sent-waitlist");
    const joined = await join({ plan: "solo", quantity: 1, email: "second@example.org" });
    expect(joined.status).toBe(201);
    const answer: unknown = await joined.json();
    // Joining again is answered the same, status and words: the answer never tells who is on the list.
    const again = await join({ plan: "solo", quantity: 1, email: "second@example.org" });
    expect(again.status).toBe(joined.status);
    expect(await again.json()).toEqual(answer);
    expect((await join({ plan: "solo", quantity: 1, email: "first@example.org" })).status).toBe(201);
    expect(await rows(sql`SELECT 1 FROM ticket_waitlist WHERE plan_id = 'solo'`)).toHaveLength(2);
    expect(await mailsTo("first@example.org")).toHaveLength(1);
    expect(await mailsTo("second@example.org")).toHaveLength(1);
    // A quantity the plan never sells in one order, and a plan that does not exist, are refused.
    expect((await join({ plan: "solo", quantity: 3, email: "x@example.org" })).status).toBe(422);
    expect((await join({ plan: "nope", quantity: 1, email: "x@example.org" })).status).toBe(422);
    // From another site: refused.
    const foreign = await t.app.request("https://tncc.example.org/api/tickets/waitlist", {
      method: "POST",
      body: JSON.stringify({ plan: "solo", quantity: 1, email: "evil@example.org" }),
      headers: { "content-type": "application/json", origin: "https://evil.test" },
    });
    expect(foreign.status).toBe(403);
    // Checked with the form's definition: a plain post with a wrong field goes back to the form, marked.
    const wrong = await t.request("POST", "/api/tickets/waitlist", {
      body: { plan: "solo", quantity: "1", email: "not an address", name: "" },
      form: true,
    });
    expect(wrong.status).toBe(303);
    expect(wrong.headers.get("location")).toBe("/buy-ticket?plan=solo#invalid-waitlist-email");
    // The forms' endpoint does not take it: the waiting list is no inbox submission.
    expect(
      (await t.request("POST", "/api/forms/waitlist", { body: { plan: "solo", quantity: 1, email: "z@example.org" } }))
        .status,
    ).toBe(400);
    expect(await rows(sql`SELECT 1 FROM submissions WHERE kind = 'waitlist'`)).toHaveLength(0);

    // Confirming: the GET only shows a button (mail scanners follow links); the POST puts them in line.
    const firstToken = linkIn((await mailsTo("first@example.org"))[0]!.body, "/api/tickets/waitlist/confirm");
    // Only the link's SHA-256 is stored: a copy of the database opens no link.
    expect(await stored("first@example.org")).toBe(sha256(firstToken));
    expect(JSON.stringify(await rows(sql`SELECT * FROM ticket_waitlist`))).not.toContain(firstToken);
    const shown = await t.request("GET", `/api/tickets/waitlist/confirm?token=${firstToken}`);
    expect(await shown.text()).toContain("Confirm my place");
    expect(
      (await rows<{ status: string }>(sql`SELECT status FROM ticket_waitlist WHERE email = 'first@example.org'`))[0]!
        .status,
    ).toBe("unconfirmed");
    const confirmed = await t.request("POST", "/api/tickets/waitlist/confirm", {
      body: { token: firstToken },
      form: true,
    });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("you have a place in line");
    clock += 60_000;
    const secondToken = linkIn((await mailsTo("second@example.org"))[0]!.body, "/api/tickets/waitlist/confirm");
    expect(
      (await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token: secondToken }, form: true })).status,
    ).toBe(200);
    expect(
      (await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token: "x".repeat(32) }, form: true }))
        .status,
    ).toBe(404);

    // An organiser cancels the order: refunded through the provider, the seat offered to the first in line.
    const cookie = await t.signIn();
    const order = (await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = 'buyer@example.org'`))[0]!;
    const cancel = await t.request("POST", `/api/admin/attendees/orders/${order.id}/cancel`, { body: {}, cookie });
    expect(cancel.status).toBe(200);
    expect(await cancel.json()).toMatchObject({ refund: "requested", seats: 1, offered: 1 });
    expect(t.fake.refunds.map((r) => r.payment_intent)).toEqual([t.fake.sessions.get(first.id)!.payment_intent]);
    const offer = (await mailsTo("first@example.org")).at(-1)!;
    expect(offer.subject).toBe("Seats are free for you: 1 × Solo");
    // The offer's link is a new secret (the confirmation's has done its job), stored as its hash only.
    const offerToken = linkIn(offer.body, "/api/tickets/offer");
    expect(offerToken).not.toBe(firstToken);
    expect(await stored("first@example.org")).toBe(sha256(offerToken));
    expect(await mailsTo("second@example.org")).toHaveLength(1);
    expect((await stock(database.db)).solo).toMatchObject({ sold: 0, held: 1, left: 0 });

    // Nobody else gets the seat the offer holds.
    expect(
      (await buy(t.box.context, { plan: "solo", quantity: 1, name: "Late", email: "late@example.org" })).kind,
    ).toBe("sold-out");
    const page = await t.request("GET", `/api/tickets/offer?token=${offerToken}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Pay for my seats");

    // The first does nothing for WAITLIST_OFFER_HOURS: the sweep releases the offer and it passes on.
    clock += 24 * HOUR + 60_000;
    const released = await sweep(t.box.context);
    expect(released.map((h) => h.email)).toEqual(["first@example.org"]);
    const statuses = await rows<{ email: string; status: string }>(
      sql`SELECT email, status FROM ticket_waitlist WHERE plan_id = 'solo' ORDER BY id`,
    );
    expect(statuses).toEqual([
      { email: "first@example.org", status: "left" },
      { email: "second@example.org", status: "offered" },
    ]);
    expect((await t.request("GET", `/api/tickets/offer?token=${offerToken}`)).status).toBe(410);
    expect((await t.request("POST", "/api/tickets/offer", { body: { token: offerToken }, form: true })).status).toBe(
      410,
    );
    const second = (await mailsTo("second@example.org")).at(-1)!;
    expect(second.subject).toBe("Seats are free for you: 1 × Solo");

    // The second takes it: the checkout of exactly the held seat, paid, and the order is theirs.
    const take = await t.request("POST", "/api/tickets/offer", {
      body: { token: linkIn(second.body, "/api/tickets/offer") },
      form: true,
    });
    expect(take.status).toBe(303);
    const session = t.fake.created.at(-1)!;
    expect(take.headers.get("location")).toBe(session.url);
    expect(session).toMatchObject({ quantity: 1, amount_total: 1900, customer_email: "second@example.org" });
    t.fake.pay(session.id);
    expect((await t.complete(session.id)).status).toBe(200);
    const orders = await rows<{ email: string; status: string }>(
      sql`SELECT email, status FROM ticket_orders WHERE plan_id = 'solo' ORDER BY id`,
    );
    expect(orders).toEqual([
      { email: "buyer@example.org", status: "cancelled" },
      { email: "second@example.org", status: "paid" },
    ]);
    expect(
      (await rows<{ status: string }>(sql`SELECT status FROM ticket_waitlist WHERE email = 'second@example.org'`))[0]!
        .status,
    ).toBe("bought");
    expect((await stock(database.db)).solo).toMatchObject({ sold: 1, held: 0, left: 0 });
    expect((await mailsTo("second@example.org")).at(-1)!.subject).toMatch(
      /^Your tickets: TNCC-T\d{6} \(Solo, 1 ticket\)$/,
    );
    // The offer link now leads to the tickets.
    const after = await t.request("GET", `/api/tickets/offer?token=${linkIn(second.body, "/api/tickets/offer")}`);
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toMatch(/^\/tickets\/[\w-]{32}$/);
  });

  it("offers the seats at once to someone who confirms while they are free, by a link of its own", async () => {
    // Solo is sold out (the second person bought it); a third joins, and the order is cancelled before they confirm.
    expect((await join({ plan: "solo", quantity: 1, email: "third@example.org" })).status).toBe(201);
    const cookie = await t.signIn();
    const [order] = await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = 'second@example.org'`);
    const cancel = await t.request("POST", `/api/admin/attendees/orders/${order!.id}/cancel`, { body: {}, cookie });
    expect(await cancel.json()).toMatchObject({ seats: 1, offered: 0 });
    const token = linkIn((await mailsTo("third@example.org"))[0]!.body, "/api/tickets/waitlist/confirm");
    const confirmed = await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token }, form: true });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Seats are free right now");
    const offer = (await mailsTo("third@example.org")).at(-1)!;
    expect(offer.subject).toBe("Seats are free for you: 1 × Solo");
    const page = await t.request("GET", `/api/tickets/offer?token=${linkIn(offer.body, "/api/tickets/offer")}`);
    expect(await page.text()).toContain("Pay for my seats");
  });

  it("offers a free plan's freed seats to the first whose quantity fits, and takes the order at once", async () => {
    for (const email of ["a@example.org", "b@example.org", "c@example.org"])
      expect((await registerFree(t.box, { plan: "free", quantity: 1, name: "A", email })).kind).toBe("order");
    // Two want 2 seats and 1 seat: when one seat comes free, the one who fits gets it, the other keeps their place.
    for (const [email, quantity] of [
      ["two@example.org", 2],
      ["one@example.org", 1],
    ] as const) {
      expect((await join({ plan: "free", quantity, email })).status).toBe(201);
      const token = linkIn((await mailsTo(email))[0]!.body, "/api/tickets/waitlist/confirm");
      expect((await t.request("POST", "/api/tickets/waitlist/confirm", { body: { token }, form: true })).status).toBe(
        200,
      );
      clock += 1000;
    }
    const cookie = await t.signIn();
    const [one] = await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = 'a@example.org'`);
    const cancel = await t.request("POST", `/api/admin/attendees/orders/${one!.id}/cancel`, { body: {}, cookie });
    expect(await cancel.json()).toMatchObject({ refund: "none", offered: 1 });
    const statuses = await rows<{ email: string; status: string }>(
      sql`SELECT email, status FROM ticket_waitlist WHERE plan_id = 'free' ORDER BY id`,
    );
    expect(statuses).toEqual([
      { email: "two@example.org", status: "waiting" },
      { email: "one@example.org", status: "offered" },
    ]);
    const token = linkIn((await mailsTo("one@example.org")).at(-1)!.body, "/api/tickets/offer");
    const take = await t.request("POST", "/api/tickets/offer", { body: { token }, form: true });
    expect(take.status).toBe(303);
    expect(take.headers.get("location")).toMatch(/^\/tickets\/[\w-]{32}$/);
    expect((await stock(database.db)).free).toMatchObject({ sold: 3, held: 0, left: 0 });
  });
});
