/** POST /api/forms/:kind through the whole app, on an embedded database in a temporary folder. */
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { rowsOf } from "../db/rows";

let dir: string;
let database: Database;
let app: Hono;

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-forms-"));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  app = createApp({
    root,
    log: () => {},
    trustProxy: true,
    database,
    forms: {
      organiserEmail: async () => "info@tncc.example.org",
      siteUrl: "https://tncc.example.org",
      rateLimit: { limit: 3, windowMs: 60_000 },
      // Half a minute into a window: the limit's test cannot cross into the next one, however slow the machine.
      now: () => Date.UTC(2024, 9, 24, 9, 0, 30),
    },
  });
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const count = async (query: string) =>
  Number(rowsOf<{ n: string }>(await database.db.execute(sql.raw(`SELECT count(*) AS n FROM ${query}`)))[0]?.n);

let ip = 0;
const post = (kind: string, body: string, headers: Record<string, string> = {}) =>
  app.request(`http://site.test/api/forms/${kind}`, {
    method: "POST",
    body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-forwarded-for": `10.0.0.${++ip}`,
      ...headers,
    },
  });
const contact = (email: string) =>
  new URLSearchParams({ name: "Ada", phone: "+1 555 0100", email, subject: "Hi", message: "Hello" }).toString();

describe("/api/forms/:kind", () => {
  it("stores a plain form post, then sends the visitor back to the page's success message", async () => {
    const res = await post("contact", contact("plain@example.org"), { referer: "http://site.test/contact?x=1" });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?x=1#sent-contact");
    expect(await count("submissions WHERE email = 'plain@example.org'")).toBe(1);
    expect(await count("mail_queue WHERE reply_to = 'plain@example.org' AND to_addr = 'info@tncc.example.org'")).toBe(
      1,
    );
    // Queueing the mail added the sender's job in the same transaction (migration 019).
    expect(await count("graphile_worker.jobs WHERE task_identifier = 'mail'")).toBe(1);
  });

  it("sends an invalid plain post to the anchor of the wrong field, storing nothing", async () => {
    const res = await post("contact", contact("not-an-address"), { referer: "http://site.test/contact" });
    expect(res.headers.get("location")).toBe("/contact#invalid-contact-email");
    expect(await count("submissions WHERE email = 'not-an-address'")).toBe(0);
  });

  it("never redirects to another site", async () => {
    for (const referer of ["http://evil.test/x", "//evil.test/x", "javascript:alert(1)", "not a url"]) {
      const res = await post("contact", contact("r@example.org"), { referer });
      expect(res.headers.get("location"), referer).toBe("/#sent-contact");
    }
  });

  it("answers JSON with 201 once stored, 200 for the same Idempotency-Key, 422 naming the field", async () => {
    const send = (email: string, key: string) =>
      post("faq", JSON.stringify({ name: "Ada", email, subject: "S", question: "Q" }), {
        "content-type": "application/json",
        "idempotency-key": key,
      });
    expect((await send("json@example.org", "key-12345678")).status).toBe(201);
    expect((await send("json@example.org", "key-12345678")).status).toBe(200);
    expect(await count("submissions WHERE email = 'json@example.org'")).toBe(1);
    const bad = await send("nope", "key-87654321");
    expect(bad.status).toBe(422);
    expect(await bad.json()).toMatchObject({ field: "email", errors: { email: expect.stringContaining("valid") } });
  });

  it("refuses an Idempotency-Key used before with other values or another form (422), storing nothing", async () => {
    const json = { "content-type": "application/json", "idempotency-key": "key-reused-1" };
    const faq = (question: string) =>
      JSON.stringify({ name: "Ada", email: "reuse@example.org", subject: "S", question });
    expect((await post("faq", faq("First"), json)).status).toBe(201);
    // The same values in another order are the same submission (a retry).
    const reordered = JSON.stringify({ question: "First", subject: "S", email: "reuse@example.org", name: "Ada" });
    expect((await post("faq", reordered, json)).status).toBe(200);
    const other = await post("faq", faq("Second"), json);
    expect(other.status).toBe(422);
    expect((await other.json()).error).toMatch(/already used for a different submission/);
    const contactJson = JSON.stringify({
      name: "Ada",
      phone: "+1 555 0100",
      email: "reuse@example.org",
      subject: "S",
      message: "M",
    });
    expect((await post("contact", contactJson, json)).status).toBe(422);
    expect(await count("submissions WHERE email = 'reuse@example.org'")).toBe(1);
  });

  it("takes only a path of this site as the page a JSON submission names", async () => {
    const send = (page: string) =>
      post("faq", JSON.stringify({ name: "Ada", email: "page@example.org", subject: "S", question: "Q", page }), {
        "content-type": "application/json",
      });
    for (const page of [
      "https://evil.test/",
      "//evil.test/x",
      "javascript:alert(1)",
      "/x\nBcc: a@evil.test",
      "/<b>",
      "contact",
      "/" + "a".repeat(300),
    ]) {
      const res = await send(page);
      expect(res.status, page).toBe(422);
      expect(await res.json(), page).toMatchObject({ field: "page" });
    }
    expect(await count("submissions WHERE email = 'page@example.org'")).toBe(0);
    expect((await send("/blog-single/3")).status).toBe(201);
    expect(await count("submissions WHERE email = 'page@example.org' AND page = '/blog-single/3'")).toBe(1);
  });

  it("answers /healthz with the database's state, its migrations and the mails waiting", async () => {
    // Asked from this machine (through the trusted proxy there): a visitor elsewhere gets only ok and the
    // build (server/health/routes.test.ts).
    const loopback = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
    const local = { headers: { "x-forwarded-for": "127.0.0.1" } };
    const res = await app.request("http://site.test/healthz", local, loopback);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const body = await res.json();
    expect(body).toMatchObject({ ok: true, database: { reachable: true, driver: "embedded", migrations: "current" } });
    expect(body.database.mailsWaiting).toBe(await count("mail_queue WHERE sent_at IS NULL AND failed_at IS NULL"));
    // A server started on a database whose migrations are behind says so (503): not ready for traffic.
    await database.db.execute(sql`DELETE FROM schema_migrations WHERE version = '003-admin'`);
    try {
      const behind = await app.request("http://site.test/healthz", local, loopback);
      expect(behind.status).toBe(503);
      expect(await behind.json()).toMatchObject({ ok: false, database: { migrations: "pending: 003-admin" } });
    } finally {
      await database.db.execute(sql`INSERT INTO schema_migrations (version) VALUES ('003-admin')`);
    }
  });

  it("keeps one newsletter row per address, and never stores the login form", async () => {
    for (const email of ["News@Example.org", "news@example.org"])
      expect((await post("newsletter", `email=${encodeURIComponent(email)}`)).status).toBe(303);
    expect(await count("newsletter_subscribers WHERE email = 'news@example.org'")).toBe(1);
    expect(await count("mail_queue WHERE lower(to_addr) = 'news@example.org' AND unsubscribe_url IS NOT NULL")).toBe(1);
    // The links in the mail come from SITE_URL, never from the request's Host (here site.test).
    expect(
      await count(
        "mail_queue WHERE lower(to_addr) = 'news@example.org' AND body LIKE '%https://tncc.example.org/api/newsletter/confirm?token=%'",
      ),
    ).toBe(1);
    expect(await count("mail_queue WHERE body LIKE '%site.test%' OR unsubscribe_url LIKE '%site.test%'")).toBe(0);
    const before = await count("submissions");
    expect((await post("login", "name=a&email=a%40b.co&password=secret")).status).toBe(303);
    expect(await count("submissions")).toBe(before);
  });

  it("stores comments as pending", async () => {
    await post("comment", "name=Ada&email=c%40example.org&comment=Nice");
    const [row] = rowsOf<{ status: string }>(
      await database.db.execute(sql`SELECT status FROM submissions WHERE email = 'c@example.org'`),
    );
    expect(row?.status).toBe("pending");
  });

  it("fakes success for a filled honeypot, refuses cross-origin posts and unknown forms", async () => {
    const bot = await post("contact", `${contact("bot@example.org")}&website=http%3A%2F%2Fspam.test`);
    expect(bot.status).toBe(303);
    expect(await count("submissions WHERE email = 'bot@example.org'")).toBe(0);
    expect((await post("contact", contact("x@example.org"), { origin: "https://evil.test" })).status).toBe(403);
    expect((await post("contact", contact("x@example.org"), { origin: "http://site.test" })).status).toBe(303);
    for (const kind of ["nope", "__proto__", "toString"]) expect((await post(kind, "a=b")).status, kind).toBe(400);
    expect((await post("faq", "x", { "content-type": "text/plain" })).status).toBe(415);
  });

  it("limits each IP per form, with Retry-After and a readable message", async () => {
    const same = { "x-forwarded-for": "10.9.9.9", "content-type": "application/json" };
    const body = JSON.stringify({ email: "limit@example.org" });
    for (let i = 0; i < 3; i++) expect((await post("comingSoon", body, same)).status).toBe(201);
    const limited = await post("comingSoon", body, same);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await limited.json()).message).toMatch(/try again in \d+ minute/);
    expect((await post("faq", JSON.stringify({}), same)).status).toBe(422);
  });

  it("confirms and unsubscribes a newsletter address by its link's token, without signing in", async () => {
    const [row] = rowsOf<{ token: string }>(
      await database.db.execute(sql`SELECT token FROM newsletter_subscribers WHERE email = 'news@example.org'`),
    );
    const token = row!.token;
    // Following the link (as a mail scanner does) only shows a button: the address is not confirmed yet.
    const shown = await app.request(`http://site.test/api/newsletter/confirm?token=${token}`);
    expect(shown.status).toBe(200);
    expect(await shown.text()).toContain('<form method="post">');
    expect(await count("newsletter_subscribers WHERE status = 'confirmed'")).toBe(0);
    const confirmed = await app.request("http://site.test/api/newsletter/confirm", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: `token=${token}`,
    });
    expect(confirmed.status).toBe(200);
    expect(await count("newsletter_subscribers WHERE status = 'confirmed'")).toBe(1);
    expect((await app.request(`http://site.test/api/newsletter/unsubscribe?token=${token}`)).status).toBe(200);
    const res = await app.request(`http://site.test/api/newsletter/unsubscribe?token=${token}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(await count("newsletter_subscribers WHERE status = 'unsubscribed'")).toBe(1);
    expect((await app.request("http://site.test/api/newsletter/confirm?token=nope", { method: "POST" })).status).toBe(
      404,
    );
  });
});
