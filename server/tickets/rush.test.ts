// @vitest-environment node
/**
 * Issue 42, "never oversold, on both databases": 300 concurrent buyers of mixed quantities for 50 seats, through
 * the whole app and the fake card provider, five times, on the embedded PostgreSQL and (with TEST_DATABASE_URL,
 * as `npm run test:pg` sets it) a shared PostgreSQL. Exactly 50 seats are held, every checkout started is for
 * seats held (nobody is charged without a seat), and everyone else is told "sold out" and offered the list.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BUILD_OUTPUTS, type TicketsData } from "../../app/lib/build-outputs";
import { FakeStripe } from "../../tests/fixtures/fake-stripe";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { createBoxOffice } from "./box-office";
import { stock } from "./queries";

const SITE = "http://site.test";
const ROUNDS = 5;
const plans: TicketsData["plans"] = Object.fromEntries(
  Array.from({ length: ROUNDS }, (_, i) => [
    `rush-${i + 1}`,
    { title: `Rush ${i + 1}`, priceMinor: 1900, people: 1, capacity: 50, maxPerOrder: 5 },
  ]),
);

const backends: [string, (dir: string) => Promise<Database>][] = [
  ["embedded", (dir) => openDatabase({ dataDir: path.join(dir, "data") })],
];
const url = process.env.TEST_DATABASE_URL;
if (url)
  backends.push([
    "PostgreSQL",
    async () => {
      const reset = await openDatabase({ databaseUrl: url });
      await reset.db.execute(sql`DROP SCHEMA public CASCADE; DROP SCHEMA IF EXISTS site CASCADE; CREATE SCHEMA public`);
      await reset.close();
      return openDatabase({ databaseUrl: url });
    },
  ]);

describe.each(backends)("a ticket rush on %s", (_name, open) => {
  let dir: string;
  let database: Database;
  let fake: FakeStripe;
  let app: Hono;

  beforeAll(async () => {
    let root: string;
    ({ dir, root } = smallestBuild("tncc-rush-", {
      tokens: {},
      contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
    }));
    writeFileSync(
      path.join(dir, "build", BUILD_OUTPUTS.tickets.file),
      JSON.stringify({
        event: "tncc-2024",
        currency: "USD",
        timeZone: "America/Chicago",
        plans,
        calendar: {
          title: "Conference",
          startsAt: "2024-10-24T09:00:00-05:00",
          endsAt: "2024-10-27T18:00:00-05:00",
          location: "Dallas",
        },
        contact: { email: "info@tncc.example.org", phone: "+1 555 0100" },
      } satisfies TicketsData),
    );
    database = await open(dir);
    fake = await FakeStripe.start();
    const boxOffice = createBoxOffice({
      database,
      buildDir: () => path.join(dir, "build"),
      siteUrl: SITE,
      stripe: { secretKey: "sk_test_rush", apiUrl: fake.url },
      log: () => {},
    });
    app = createApp({ root, log: () => {}, database, siteUrl: SITE, trustProxy: true, boxOffice });
  }, 120_000);

  afterAll(async () => {
    await fake?.close();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("holds exactly the 50 seats, charges only those held, and tells the rest it is sold out, five times", async () => {
    for (let round = 1; round <= ROUNDS; round++) {
      const plan = `rush-${round}`;
      const sessionsBefore = fake.created.length;
      const sizes = Array.from({ length: 300 }, (_, i) => 1 + ((i * 7 + round) % 5));
      const answers = await Promise.all(
        sizes.map(async (quantity, i) => {
          const res = await app.request(`${SITE}/api/tickets/buy`, {
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
      const sessions = fake.created.slice(sessionsBefore);
      expect(sessions).toHaveLength(sold.length);
      expect(sessions.reduce((n, s) => n + s.quantity, 0)).toBe(50);
      expect(sessions.every((s) => s.amount_total === s.quantity * 1900)).toBe(true);
      expect((await stock(database.db))[plan]).toMatchObject({ held: 50, sold: 0, left: 0 });
    }
  }, 180_000);
});
