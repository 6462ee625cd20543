// @vitest-environment node
/**
 * Issue 42, "never oversold, on both databases": 300 concurrent buyers of mixed quantities for 50 seats, through
 * the whole app and the fake card provider, five times, on the embedded PostgreSQL and (with TEST_DATABASE_URL,
 * as `npm run test:pg` sets it) a shared PostgreSQL. Exactly 50 seats are held, every checkout started is for
 * seats held (nobody is charged without a seat), and everyone else is told "sold out" and offered the list.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketsData } from "../../app/lib/build-outputs";
import { boxOfficeApp, SITE, TEST_PLANS, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import type { Database } from "../db/client";
import { stock } from "./queries";

const ROUNDS = 5;
const plans: TicketsData["plans"] = Object.fromEntries(
  Array.from({ length: ROUNDS }, (_, i) => [
    `rush-${i + 1}`,
    { title: `Rush ${i + 1}`, priceMinor: 1900, people: 1, capacity: 50, maxPerOrder: 5 },
  ]),
);

const backends = databaseBackends("rush");

describe.each(backends)("a ticket rush on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("rush", database, Date.now, { ...TEST_PLANS, plans });
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  it("holds exactly the 50 seats, charges only those held, and tells the rest it is sold out, five times", async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const plan = `rush-${round}`;
      const sessionsBefore = t.fake.created.length;
      const sizes = Array.from({ length: 300 }, (_, i) => 1 + ((i * 7 + round) % 5));
      const answers = await Promise.all(
        sizes.map(async (quantity, i) => {
          const res = await t.app.request(`${SITE}/api/tickets/buy`, {
            method: "POST",
            body: JSON.stringify({
              name: `Buyer ${i}`,
              email: `buyer-${round}-${i}@example.org`,
              phone: "+1 214 555 0199",
              quantity: String(quantity),
              plan,
              terms: "on",
            }),
            headers: {
              "content-type": "application/json",
              origin: SITE,
              "idempotency-key": `rush-${round}-${i}`,
              // 300 people, 300 addresses: the per-client limit is not what is measured here.
              "x-forwarded-for": `10.${round}.${i >> 8}.${i & 255}`,
            },
          });
          return { quantity, status: res.status, body: (await res.json()) as { url?: string; waitlist?: boolean } };
        }),
      );
      const sold = answers.filter((a) => a.status === 200);
      const refused = answers.filter((a) => a.status === 409);
      expect(
        sold.length + refused.length,
        JSON.stringify(answers.find((a) => a.status !== 200 && a.status !== 409)),
      ).toBe(300);
      expect(sold.reduce((n, a) => n + a.quantity, 0)).toBe(50);
      expect(refused.every((a) => a.body.waitlist === true)).toBe(true);
      // Every checkout started is for seats held, at the content's price.
      const sessions = t.fake.created.slice(sessionsBefore);
      expect(sessions).toHaveLength(sold.length);
      expect(sessions.reduce((n, s) => n + s.quantity, 0)).toBe(50);
      expect(sessions.every((s) => s.amount_total === s.quantity * 1900)).toBe(true);
      expect((await stock(database.db))[plan]).toMatchObject({ held: 50, sold: 0, left: 0 });
    }
  }, 180_000);
});
