// @vitest-environment node
/**
 * The payment webhook and `GET /api/orders/:sessionId` through the whole app, on an embedded database in
 * a temporary folder and the fake provider on loopback (tests/fixtures/fake-stripe.ts).
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe, signPayload } from "../../tests/fixtures/fake-stripe";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { countOrders, listOrders, orderBySession } from "./queries";
import { rowsOf } from "../db/rows";

const SECRET = "whsec_test_secret";
let dir: string;
let database: Database;
let fake: FakeStripe;
let app: Hono;
let noSecret: Hono;
/** Another server of the site on the same database (or one restarted), on its own clock: nothing shared in memory. */
let anotherServer: (now: () => number) => Hono;
const errors: string[] = [];

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-orders-", {
    tokens: { "3": { price: "price_TOKEN_03", cost: 50, currency: "USD" } },
    contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
  }));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  fake = await FakeStripe.start({ prices: { price_TOKEN_03: { amount: 5000, currency: "usd" } } });
  const options = (webhookSecret?: string) => ({
    root,
    log: () => {},
    database,
    checkout: {
      secretKey: "sk_test_123",
      apiUrl: fake.url,
      siteUrl: "http://site.test",
      webhookSecret,
      logError: (line: string) => errors.push(line),
    },
  });
  app = createApp(options(SECRET));
  noSecret = createApp(options(undefined));
  anotherServer = (now) => createApp({ ...options(SECRET), now });
}, 60_000);
afterAll(async () => {
  await fake?.close();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

const orderRows = async () =>
  Number(rowsOf<{ n: string }>(await database.db.execute(sql`SELECT count(*) AS n FROM orders`))[0]?.n);

/** A session created through the site's own checkout, as a visitor's BUY does. */
async function checkout(): Promise<string> {
  const res = await app.request("http://site.test/api/checkout", {
    method: "POST",
    body: "token=3",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "10.1.1.1" },
  });
  expect(res.status).toBe(303);
  return fake.created.at(-1)!.id;
}

const deliver = (payload: string, signature: string | null, target = app) =>
  target.request("http://site.test/api/webhooks/stripe", {
    method: "POST",
    body: payload,
    headers: { "content-type": "application/json", ...(signature === null ? {} : { "stripe-signature": signature }) },
  });

describe("POST /api/webhooks/stripe", () => {
  it("records a paid checkout once, with amount, currency, token and payer, and ignores a replay", async () => {
    const sessionId = await checkout();
    fake.pay(sessionId, { email: "ada@example.org", name: "Ada Lovelace" });
    const payload = fake.completedEvent(sessionId, "evt_paid_1");
    const before = await orderRows();

    const first = await deliver(payload, signPayload(payload, SECRET));
    expect(first.status).toBe(200);
    const order = await orderBySession(database.db, sessionId);
    expect(order).toMatchObject({
      stripeEventId: "evt_paid_1",
      stripeSessionId: sessionId,
      tokenId: "3",
      amountMinor: 5000,
      currency: "usd",
      email: "ada@example.org",
      name: "Ada Lovelace",
      status: "paid",
    });

    // The provider sends an event again (a retry, or an attacker replaying a captured request).
    const again = await deliver(payload, signPayload(payload, SECRET));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ duplicate: true });
    expect(await orderRows()).toBe(before + 1);
  });

  it("refuses a bad signature, a missing one, and every event when no secret is configured: 400, nothing stored", async () => {
    const sessionId = await checkout();
    fake.pay(sessionId);
    const payload = fake.completedEvent(sessionId);
    const before = await orderRows();

    const forged = await deliver(payload, signPayload(payload, "whsec_someone_else"));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: "Invalid signature" });

    // Signed, then changed on the way: the amount is not what the provider signed.
    const tampered = await deliver(
      payload.replace('"amount_total":5000', '"amount_total":1'),
      signPayload(payload, SECRET),
    );
    expect(tampered.status).toBe(400);

    const missing = await deliver(payload, null);
    expect(missing.status).toBe(400);
    expect((await missing.json()).error).toMatch(/Stripe-Signature/);

    const garbage = await deliver(payload, "t=1,v1=00");
    expect(garbage.status).toBe(400);

    const unconfigured = await deliver(payload, signPayload(payload, SECRET), noSecret);
    expect(unconfigured.status).toBe(400);
    expect(errors.join("\n")).toContain("STRIPE_WEBHOOK_SECRET is not set");

    expect(await orderRows()).toBe(before);
    expect(await orderBySession(database.db, sessionId)).toBeNull();
  });

  it("answers 200 to other events and to an unpaid session, storing nothing", async () => {
    const sessionId = await checkout();
    const before = await orderRows();
    const unpaid = fake.completedEvent(sessionId);
    expect((await deliver(unpaid, signPayload(unpaid, SECRET))).status).toBe(200);
    const other = JSON.stringify({ id: "evt_other", object: "event", type: "customer.created", data: { object: {} } });
    const res = await deliver(other, signPayload(other, SECRET));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ignored: "customer.created" });
    expect(await orderRows()).toBe(before);
  });

  it("takes an event larger than the 16 KiB form limit, and refuses one over 256 KiB", async () => {
    const sessionId = await checkout();
    fake.pay(sessionId, { email: "big@example.org", name: "B".repeat(30_000) });
    const payload = fake.completedEvent(sessionId, "evt_big");
    expect(payload.length).toBeGreaterThan(16 * 1024);
    expect((await deliver(payload, signPayload(payload, SECRET))).status).toBe(200);
    expect((await orderBySession(database.db, sessionId))?.name).toHaveLength(200);

    const huge = JSON.stringify({ id: "evt_huge", padding: "x".repeat(300 * 1024) });
    expect((await deliver(huge, signPayload(huge, SECRET))).status).toBe(413);
    // Other APIs keep the small limit.
    const form = await app.request("http://site.test/api/checkout", {
      method: "POST",
      body: "token=3&x=" + "y".repeat(20 * 1024),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(form.status).toBe(413);
  });
});

describe("GET /api/orders/:sessionId", () => {
  const get = (id: string) =>
    app.request(`http://site.test/api/orders/${id}`, { headers: { "x-forwarded-for": "10.2.2.2" } });

  it("answers the stored order's phone-readable reference and amount", async () => {
    const sessionId = await checkout();
    fake.pay(sessionId);
    const payload = fake.completedEvent(sessionId);
    await deliver(payload, signPayload(payload, SECRET));
    const order = await orderBySession(database.db, sessionId);
    const res = await get(sessionId);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      reference: `TNCC-${String(order!.id).padStart(6, "0")}`,
      amountMinor: 5000,
      currency: "usd",
      status: "paid",
    });
    expect(JSON.stringify(body)).not.toContain("payer@example.org");
  });

  it("before the webhook: asks the provider, records a paid session once, and the later webhook adds nothing", async () => {
    const sessionId = await checkout();
    const before = await orderRows();
    // Not paid yet: not found.
    expect((await get(sessionId)).status).toBe(404);
    fake.pay(sessionId);
    const res = await get(sessionId);
    expect(res.status).toBe(200);
    const { reference } = await res.json();
    expect(reference).toMatch(/^TNCC-\d{6}$/);
    expect(await orderRows()).toBe(before + 1);
    const payload = fake.completedEvent(sessionId);
    expect((await deliver(payload, signPayload(payload, SECRET))).status).toBe(200);
    expect(await orderRows()).toBe(before + 1);
    expect((await (await get(sessionId)).json()).reference).toBe(reference);
  });

  it("answers 404 for a session nobody paid or that does not exist", async () => {
    const res = await get("cs_test_doesnotexist");
    expect(res.status).toBe(404);
    expect((await res.json()).error).toBeTruthy();
  });

  it("refuses hostile ids before any lookup", async () => {
    const calls = fake.requests.length;
    for (const id of [
      "..%2F..%2Fetc%2Fpasswd",
      "cs_test_1'%20OR%20'1'%3D'1",
      `cs_${"a".repeat(300)}`,
      "pi_123",
      "cs_",
      "cs_test%00",
    ]) {
      const res = await get(id);
      expect([400, 404], id).toContain(res.status);
      expect(res.headers.get("content-type"), id).toMatch(/json/);
    }
    expect(fake.requests.length).toBe(calls);
  });

  it("counts look-ups (30 a minute) in the database: three servers let 30 past in all, restarted still refuse (issue 54)", async () => {
    const sessionId = await checkout();
    fake.pay(sessionId);
    const payload = fake.completedEvent(sessionId);
    await deliver(payload, signPayload(payload, SECRET));
    // The start of a minute, so the 90 look-ups all fall in one window.
    let clock = Math.ceil(Date.now() / 60_000) * 60_000 + 60_000;
    const server = () => anotherServer(() => clock);
    const lookup = (on: Hono) =>
      on.request(`http://site.test/api/orders/${sessionId}`, { headers: { "x-forwarded-for": "198.51.100.54" } });
    const servers = [server(), server(), server()];
    // 90 look-ups spread over the three, at once: each server alone would let 30 through.
    const answers = await Promise.all(Array.from({ length: 90 }, (_, i) => lookup(servers[i % 3]!)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(30);
    expect(answers.filter((r) => r.status === 429)).toHaveLength(60);
    expect(answers.find((r) => r.status === 429)!.headers.get("retry-after")).toMatch(/^\d+$/);
    // All three restarted (nothing in memory): still counted.
    for (const restarted of [server(), server(), server()]) expect((await lookup(restarted)).status).toBe(429);
    clock += 60_000;
    expect((await lookup(server())).status).toBe(200);
  });
});

describe("listOrders and countOrders", () => {
  it("page through orders newest first and search them", async () => {
    const total = await countOrders(database.db);
    expect(total).toBe(await orderRows());
    const all = await listOrders(database.db, { limit: 100, offset: 0 });
    expect(all).toHaveLength(total);
    for (let i = 1; i < all.length; i++)
      expect(all[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(all[i]!.createdAt.getTime());
    expect(await listOrders(database.db, { limit: 1, offset: 1 })).toEqual([all[1]]);
    expect(await countOrders(database.db, { q: "ADA@example" })).toBe(1);
    expect((await listOrders(database.db, { limit: 10, offset: 0, q: "ada@" }))[0]?.name).toBe("Ada Lovelace");
    expect(await countOrders(database.db, { q: "%" })).toBe(0);
  });
});
