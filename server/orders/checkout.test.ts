// @vitest-environment node
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeStripe } from "../../tests/fixtures/fake-stripe";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { createApp } from "../app";
import { BUILD_OUTPUTS, type CheckoutData } from "../../app/lib/build-outputs";
import type { CheckoutOptions } from "./checkout";

const data: CheckoutData = {
  tokens: {
    "3": { price: "price_TOKEN_03", cost: 50, currency: "USD" },
    "7": { price: "price_TOKEN_07", cost: 500, currency: "USD", paymentLink: "https://buy.stripe.com/test_7" },
  },
  contact: { email: "info@tncc.example.org", phone: "+1 (555) 010-2024" },
};

let dir: string;
let root: string;
let fake: FakeStripe;
beforeAll(async () => {
  fake = await FakeStripe.start();
  ({ dir, root } = smallestBuild("tncc-checkout-", data));
});
afterAll(async () => {
  await fake.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => {
  fake.mode = "ok";
  fake.requests.length = 0;
  fake.sessions.clear();
});

/** The app aimed at the fake provider (tests/fixtures/fake-stripe.ts); returns what it received and what was logged. */
function setup(checkout: Partial<CheckoutOptions> = {}) {
  const sent = fake.requests;
  const errors: string[] = [];
  const app = createApp({
    root,
    log: () => {},
    checkout: {
      secretKey: "sk_test_123",
      apiUrl: fake.url,
      siteUrl: "http://site.test",
      logError: (l) => errors.push(l),
      ...checkout,
    },
  });
  const buy = (body: string | undefined, headers: Record<string, string> = {}, method = "POST") =>
    app.request("http://site.test/api/checkout", {
      method,
      body,
      headers: { "content-type": "application/x-www-form-urlencoded", referer: "http://site.test/pricing", ...headers },
    });
  return { app, buy, sent, errors };
}

describe("POST /api/checkout", () => {
  it("creates a payment session for the token's price, quantity 1, with both return URLs, and redirects there", async () => {
    const { buy, sent } = setup();
    const res = await buy("token=3&price=price_EVIL&quantity=99&amount=1");
    expect(res.status).toBe(303);
    const session = fake.created[0]!;
    expect(res.headers.get("location")).toBe(`${fake.url}/pay/${session.id}`);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe("POST");
    expect(sent[0]!.path).toBe("/v1/checkout/sessions");
    expect(sent[0]!.auth).toBe("Bearer sk_test_123");
    expect(Object.fromEntries(sent[0]!.body)).toEqual({
      mode: "payment",
      "line_items[0][price]": "price_TOKEN_03",
      "line_items[0][quantity]": "1",
      success_url: "http://site.test/success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://site.test/cancel",
      "metadata[token]": "3",
    });
  });

  it("stops the start when STRIPE_API_URL is not an origin", () => {
    for (const apiUrl of ["not a url", "ftp://127.0.0.1:1", "http://127.0.0.1:1/v1"])
      expect(() => setup({ apiUrl }), apiUrl).toThrow(/STRIPE_API_URL/);
  });

  it("answers JSON to a script, and uses SITE_URL for the return URLs when set", async () => {
    const { buy, sent } = setup({ siteUrl: "https://tncc.example.org/" });
    const res = await buy(JSON.stringify({ token: "3" }), {
      "content-type": "application/json",
      accept: "application/json",
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `${fake.url}/pay/${fake.created[0]!.id}` });
    expect(sent[0]!.body.get("success_url")).toBe("https://tncc.example.org/success?session_id={CHECKOUT_SESSION_ID}");
  });

  it("sends a token with a Payment Link there without calling the API", async () => {
    const { buy, sent } = setup({ secretKey: undefined });
    const res = await buy("token=7");
    expect(res.headers.get("location")).toBe("https://buy.stripe.com/test_7");
    expect(sent).toHaveLength(0);
  });

  it("refuses unknown tokens and malformed or missing bodies with 400 and a clear message", async () => {
    const { buy, sent } = setup();
    const cases: [string | undefined, Record<string, string>][] = [
      ["token=99", {}],
      ["token=__proto__", {}],
      ["token=1.5", {}],
      ["", {}],
      [undefined, {}],
      ["{not json", { "content-type": "application/json" }],
      ["[]", { "content-type": "application/json" }],
    ];
    for (const [body, headers] of cases) {
      const res = await buy(body, { accept: "application/json", ...headers });
      expect(res.status, String(body)).toBe(400);
      expect((await res.json()).error, String(body)).toMatch(/token|JSON/i);
    }
    expect((await (await buy("token=99")).json()).error).toBe("Unknown sponsor token 99.");
    expect(sent).toHaveLength(0);
  });

  it("does not answer other methods", async () => {
    const { buy } = setup();
    expect((await buy(undefined, {}, "GET")).status).toBe(404);
    expect((await buy(undefined, {}, "PUT")).status).toBe(404);
  });

  it("without a secret key: 503, the unavailable message with whom to contact, and a log line", async () => {
    const { buy, errors } = setup({ secretKey: undefined });
    const res = await buy("token=3", { accept: "application/json" });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toBe(
      "Online payment is unavailable right now. Please contact us at info@tncc.example.org or +1 (555) 010-2024.",
    );
    expect(errors.join("\n")).toContain("STRIPE_SECRET_KEY is not set");
    // Without JavaScript: back to the page, at the message.
    const plain = await buy("token=3");
    expect(plain.status).toBe(303);
    expect(plain.headers.get("location")).toBe("/pricing#checkout-unavailable");
  });

  it("when the provider is down or fails: 502 with the message, logged, never the key", async () => {
    // A closed port: nothing listens there.
    const down = setup({ apiUrl: "http://127.0.0.1:9" });
    const res = await down.buy("token=3", { accept: "application/json" });
    expect(res.status).toBe(502);
    const { error } = await res.json();
    expect(error).toContain("cannot be reached");
    expect(error).toContain("info@tncc.example.org");
    expect(error).not.toContain("sk_test");
    expect(down.errors.join("\n")).toContain("ECONNREFUSED");

    fake.mode = "fail";
    const failing = setup();
    const bad = await failing.buy("token=3", { accept: "application/json" });
    expect(bad.status).toBe(502);
    expect((await bad.json()).error).toContain("could not start the payment");
    expect(failing.errors.join("\n")).toContain("fake provider failure");

    fake.mode = "no-url";
    const noUrl = setup();
    expect((await noUrl.buy("token=3", { accept: "application/json" })).status).toBe(502);
  });

  it("takes the return URLs from configuration, never from the Host header", async () => {
    const { app, sent } = setup({ siteUrl: "https://tncc.example.org" });
    const res = await app.request("http://evil.example/api/checkout", {
      method: "POST",
      body: "token=3",
      headers: {
        host: "evil.example",
        "content-type": "application/x-www-form-urlencoded",
        "x-forwarded-host": "evil.example",
      },
    });
    expect(res.status).toBe(303);
    expect(sent[0]!.body.get("success_url")).toBe("https://tncc.example.org/success?session_id={CHECKOUT_SESSION_ID}");
    expect(sent[0]!.body.get("cancel_url")).toBe("https://tncc.example.org/cancel");
  });

  it("without SITE_URL creates no session: the visitor is told payment is unavailable, and it is logged", async () => {
    const { buy, sent, errors } = setup({ siteUrl: undefined });
    const res = await buy("token=3", { accept: "application/json" });
    expect(res.status).toBe(503);
    expect((await res.json()).error).toContain("Online payment is unavailable right now. Please contact us");
    expect(sent).toHaveLength(0);
    expect(errors.join("\n")).toContain("SITE_URL is not set");
    expect((await buy("token=3")).headers.get("location")).toBe("/pricing#checkout-unavailable");
  });

  it("when the provider does not answer in time: 502 with the message, and logged", async () => {
    fake.mode = "hang";
    const slow = setup({ timeoutMs: 50 });
    const started = Date.now();
    const res = await slow.buy("token=3", { accept: "application/json" });
    expect(res.status).toBe(502);
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await res.json()).error).toContain("cannot be reached");
    expect(slow.errors.join("\n")).toMatch(/unreachable.*(timeout|aborted)/i);
    const plain = await slow.buy("token=3");
    expect(plain.headers.get("location")).toBe("/pricing#checkout-unavailable");
  });

  it("gives its answers and 303s Cache-Control: no-store", async () => {
    const { buy } = setup();
    expect((await buy("token=3")).headers.get("cache-control")).toBe("no-store");
    expect((await buy("token=99", { accept: "application/json" })).headers.get("cache-control")).toBe("no-store");
  });

  it("limits each client to a few checkouts a minute", async () => {
    const { buy, sent } = setup({ perMinute: 3 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await buy("token=3")).status);
    expect(statuses).toEqual([303, 303, 303, 429, 429]);
    expect(sent).toHaveLength(3);
  });

  it("without build/checkout.json: 503 and a log line", async () => {
    const { buy, errors } = setup({ buildDir: path.join(dir, "missing") });
    expect((await buy("token=3", { accept: "application/json" })).status).toBe(503);
    expect(errors.join("\n")).toContain(path.join(dir, "missing", BUILD_OUTPUTS.checkout.file));
  });
});
