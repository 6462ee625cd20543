// @vitest-environment node
/**
 * Both payment providers through the same interface tests (issue 53): the card provider against the fake on
 * loopback (tests/fixtures/fake-stripe.ts) and "pay later". Each starts a payment, reads its events, refunds;
 * then, through the box office on the embedded database and (with TEST_DATABASE_URL) on PostgreSQL, a paid plan
 * bought with each ends as one paid order with signed tickets, however often its payment is reported.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketsData } from "../../app/lib/build-outputs";
import type { TicketOrderAnswer } from "../../app/lib/tickets/orders";
import { boxOfficeApp, WEBHOOK_SECRET, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { FakeStripe, signPayload } from "../../tests/fixtures/fake-stripe";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { ticketKeys, verifyTicket } from "../tickets/signing";
import { createPayments, PAYMENT_METHODS, type PaymentMethod, type PaymentProvider, type StartRequest } from ".";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-02T10:00:00Z");
const PLANS: TicketsData = {
  event: "tncc-test",
  currency: "USD",
  timeZone: "America/Chicago",
  plans: { seat: { title: "Seat", priceMinor: 1900, people: 1, capacity: 10, maxPerOrder: 2 } },
  payLater: { pendingOrderDays: 5, graceDays: 1, instructions: "Transfer to TNCC, IBAN XX00 1234." },
  calendar: {
    title: "TNCC Test",
    startsAt: "2026-12-01T09:00:00-06:00",
    endsAt: "2026-12-01T18:00:00-06:00",
    location: "Hall 1",
  },
  contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
};

const REQUEST: StartRequest = {
  currency: "usd",
  lines: [{ name: "Seat", unitAmountMinor: 1900, quantity: 2 }],
  email: "ada@example.org",
  metadata: { hold: "7" },
  reference: "hold-7",
  expiresAt: new Date(NOW + 3_600_000),
  successUrl: "https://tncc.example.org/tickets/?session={CHECKOUT_SESSION_ID}",
  cancelUrl: "https://tncc.example.org/buy-ticket",
  idempotencyKey: "test-hold-7",
};

let fake: FakeStripe;
let providers: Record<PaymentMethod, PaymentProvider>;

beforeAll(async () => {
  fake = await FakeStripe.start();
  providers = createPayments({
    card: {
      secretKey: "sk_test_interface",
      apiUrl: fake.url,
      webhookSecret: WEBHOOK_SECRET,
      siteUrl: "https://tncc.example.org",
      log: () => {},
      logError: () => {},
    },
    payLater: async () => PLANS.payLater,
    now: () => NOW,
  });
});
afterAll(async () => {
  await fake?.close();
});

/** What each provider's own way of being paid looks like, for the same tests. */
const METHODS: PaymentMethod[] = [...PAYMENT_METHODS];

describe.each(METHODS)("the %s provider, through the interface", (method) => {
  const provider = () => providers[method];

  it("is ready, and says which method it is", () => {
    expect(provider().method).toBe(method);
    expect(provider().ready).toBe(true);
  });

  it("starts a payment: the provider's page, or the instructions and the deadline", async () => {
    const started = await provider().start(REQUEST);
    if (method === "card") {
      expect(started).toMatchObject({ kind: "redirect", url: expect.stringMatching(/^http:\/\/127\.0\.0\.1/) });
      const session = fake.created.at(-1)!;
      expect(session).toMatchObject({ amount_total: 3800, currency: "usd", metadata: { hold: "7" } });
      // A retry makes no second payment: the provider is sent the key.
      expect(fake.requests.at(-1)!.key).toBe("test-hold-7");
    } else {
      expect(started).toEqual({
        kind: "pending",
        terms: { deadline: new Date(NOW + 5 * DAY), instructions: "Transfer to TNCC, IBAN XX00 1234." },
      });
    }
  });

  it("reads its events in the site's words, and refuses what it cannot trust", async () => {
    if (method === "card") {
      const started = await provider().start({ ...REQUEST, idempotencyKey: "test-events" });
      expect(started.kind).toBe("redirect");
      const id = (started as { id: string }).id;
      fake.pay(id);
      const body = fake.event("checkout.session.completed", id, "evt_interface_1");
      expect(await provider().events({ kind: "webhook", body, signature: signPayload(body, WEBHOOK_SECRET) })).toEqual([
        expect.objectContaining({ type: "paid", eventId: "evt_interface_1", session: id, metadata: { hold: "7" } }),
      ]);
      expect(await provider().events({ kind: "webhook", body, signature: signPayload(body, "whsec_forged") })).toEqual({
        refused: "Invalid signature",
      });
      expect(await provider().events({ kind: "due", pending: [], now: NOW })).toEqual([]);
    } else {
      const pending = [
        { id: 1, dueAt: new Date(NOW + DAY), remindedAt: null },
        { id: 2, dueAt: new Date(NOW - 60_000), remindedAt: null },
        { id: 3, dueAt: new Date(NOW - 3 * DAY), remindedAt: new Date(NOW - DAY - 60_000) },
        { id: 4, dueAt: new Date(NOW - 3 * DAY), remindedAt: new Date(NOW - 60_000) },
      ];
      expect(await provider().events({ kind: "due", pending, now: NOW })).toEqual([
        { type: "remind", order: 2, releaseAt: new Date(NOW + DAY) },
        { type: "lapsed", order: 3 },
      ]);
      expect(await provider().events({ kind: "webhook", body: "{}", signature: "t=1,v1=0" })).toEqual([]);
    }
  });

  it("refunds once per key: through the provider, or by the organisers' hand", async () => {
    if (method === "card") {
      const started = (await provider().start({ ...REQUEST, idempotencyKey: "test-refund" })) as { id: string };
      fake.pay(started.id);
      const payment = fake.sessions.get(started.id)!.payment_intent!;
      expect(await provider().refund({ payment, key: "refund-once" })).toBe("requested");
      expect(await provider().refund({ payment, key: "refund-once" })).toBe("requested");
      expect(fake.refunds.filter((r) => r.payment_intent === payment)).toHaveLength(1);
    } else {
      expect(await provider().refund({ payment: null, key: "refund-later" })).toBe("by-hand");
    }
  });
});

describe.each(databaseBackends("payments"))("each provider sells a plan through the box office (%s)", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let organiser: string;
  const clock = NOW;
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("payments", database, () => clock, PLANS);
    organiser = await t.signIn();
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  /** Each provider's own way to be paid, reported twice: the one the buyer and the organiser see. */
  const payTwice: Record<PaymentMethod, (answer: { url: string }, email: string) => Promise<string>> = {
    async card({ url }) {
      const session = t.fake.created.find((s) => url.endsWith(`/pay/${s.id}`))!;
      t.fake.pay(session.id);
      expect((await t.complete(session.id)).status).toBe(200);
      expect((await t.complete(session.id)).status).toBe(200);
      const back = await t.request("GET", `/api/tickets/sessions/${session.id}`);
      return ((await back.json()) as { url: string }).url;
    },
    async later(_, email) {
      // Issue 61: the address confirmed by the mailed link first; only then is the order pending.
      const [mail] = await rows<{ body: string }>(
        sql`SELECT body FROM mail_queue WHERE to_addr = ${email} AND subject LIKE 'Confirm your%'`,
      );
      const token = decodeURIComponent(/confirm\?t=(\S+)/.exec(mail!.body)![1]!);
      const confirmed = await t.request("POST", "/api/tickets/confirm", { body: { t: token }, form: true });
      expect(confirmed.status).toBe(303);
      const url = confirmed.headers.get("location")!;
      const [order] = await rows<{ id: string }>(sql`SELECT id FROM ticket_orders WHERE email = ${email}`);
      for (let i = 0; i < 2; i++) {
        const res = await t.request("POST", `/api/admin/box-office/orders/${order!.id}/paid`, {
          cookie: organiser,
          body: { amount: "38.00", paidBy: "cash" },
        });
        expect(res.status).toBe(200);
      }
      return url;
    },
  };

  it.each(METHODS)("%s: two seats bought, paid, one order of two signed tickets", async (method) => {
    const email = `${method}@example.org`;
    const res = await t.request("POST", "/api/tickets/buy", {
      body: { plan: "seat", quantity: "2", name: "Ada", email, phone: "+1 214 555 0199", terms: "on", payment: method },
    });
    expect(res.status, await res.clone().text()).toBe(method === "card" ? 200 : 202);
    const page = await payTwice[method]((await res.json()) as { url: string }, email);
    const order = (await (
      await t.request("GET", `/api/tickets/orders/${page.split("/").at(-1)}`)
    ).json()) as TicketOrderAnswer;
    expect(order.status).toBe("paid");
    expect(order.tickets).toHaveLength(2);
    const keys = await ticketKeys(database.db);
    for (const ticket of order.tickets) expect(verifyTicket(keys.publicKeyText, ticket.qr)?.code).toBe(ticket.code);
    const [made] = await rows<{ orders: string; paid: string }>(
      sql`SELECT count(*) AS orders, max(payment_method) AS paid FROM ticket_orders WHERE email = ${email}`,
    );
    expect(made).toEqual({ orders: expect.anything(), paid: method });
    expect(Number(made!.orders)).toBe(1);
    const mails = await rows<{ n: string }>(
      sql`SELECT count(*) AS n FROM mail_queue WHERE to_addr = ${email} AND subject LIKE 'Your tickets%'`,
    );
    expect(Number(mails[0]!.n)).toBe(1);
  });
});
