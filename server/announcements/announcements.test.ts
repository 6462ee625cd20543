/**
 * Announcements (issue 44, part 3) through the whole app, on the embedded database and with TEST_DATABASE_URL on
 * a PostgreSQL of its own: the audiences and their counts (ticket holders of orders not cancelled, confirmed
 * newsletter addresses), the test mail to the organiser, the sending (each address listed once, queued once
 * however often and however concurrently the pacer runs, an address unsubscribed since left out, the
 * newsletter's unsubscribe link on each of its mails), the banner's JSON (nothing personal; gone when withdrawn
 * or expired), Withdraw stopping the mails not queued yet, the audit, the purge, and 401 and 403 on every route.
 * Issue 51: an announcement shown on the site only mails nobody and needs no audience; the banner's JSON carries
 * an ETag, and asked again with it, an unchanged answer is a bodiless 304.
 */
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AnswerOf } from "../../app/lib/admin/route";
import * as api from "../../app/api/admin/announcements";
import type { announcementAudiences, listAnnouncements } from "../../app/api/admin/announcements";
import { wrongBodies } from "../../tests/fixtures/contract";
import type { CurrentAnnouncement } from "../../app/lib/announcements";
type AnnouncementList = AnswerOf<typeof listAnnouncements>;
type AudienceAnswer = AnswerOf<typeof announcementAudiences>;
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { createApp } from "../app";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { upsertAdmin } from "../admin/accounts/queries";
import { endOfEventDay } from "./admin-routes";
import { audienceById } from "./audiences";
import { purgeAnnouncementRecipients, queuePiece } from "./queries";

const SITE = "https://tncc.example.org";
const ORGANISER = { email: "ada@tncc.example.org", password: "correct horse battery" };
const HOUR = 3_600_000;

describe.each(databaseBackends("announcements"))("announcements on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let dir: string;
  let app: Hono;
  let cookie: string;
  const start = Date.parse("2026-11-02T10:00:00Z");
  let clock = start;

  const request = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`${SITE}${url}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { "content-type": "application/json", origin: SITE, "x-forwarded-for": "10.9.0.1", cookie, ...headers },
    });
  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const count = async (query: ReturnType<typeof sql>) => Number((await rows<{ n: number }>(query))[0]!.n);
  const announceJobs = () =>
    count(sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'announce'`);
  const piece = (limit: number) => queuePiece(database.db, limit, (db, id) => audienceById(db, id));
  const draft = (title: string, audience?: string) => ({
    title,
    body: "Doors open 30 minutes late.",
    showsUntil: new Date(clock + 24 * HOUR).toISOString(),
    ...(audience ? { audience } : {}),
  });

  async function order(email: string, status = "paid") {
    const [hold] = await rows<{ id: number }>(sql`
      INSERT INTO ticket_holds (plan_id, quantity, seats, email, name, amount_minor, currency, status, expires_at)
      VALUES ('day', 1, 1, ${email}, 'Buyer', 0, 'usd', 'ordered', now()) RETURNING id`);
    await database.db.execute(sql`
      INSERT INTO ticket_orders (hold_id, plan_id, email, name, amount_minor, currency, status)
      VALUES (${hold!.id}, 'day', ${email}, 'Buyer', 0, 'usd', ${status})`);
  }
  async function subscriber(email: string, status: string) {
    await database.db.execute(sql`
      INSERT INTO newsletter_subscribers (email, token, status, kind, consent_version, ip_hash)
      VALUES (${email}, ${`nl-${email}`}, ${status}, 'newsletter', 'v1', 'h')`);
  }

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    ({ dir } = smallestBuild("tncc-announcements-"));
    // The event's time zone, from the build's tickets data (the end of the event's day: issue 62).
    writeFileSync(
      path.join(dir, "build", BUILD_OUTPUTS.tickets.file),
      JSON.stringify({
        event: "tncc-2026",
        currency: "usd",
        timeZone: "America/Chicago",
        plans: {},
        calendar: {
          title: "TNCC",
          startsAt: "2026-11-05T09:00:00-06:00",
          endsAt: "2026-11-07T17:00:00-06:00",
          location: "Hall",
        },
        contact: { email: "info@tncc.example.org", phone: "" },
      }),
    );
    app = createApp({
      root: `${dir}/build/client`,
      log: () => {},
      logError: () => {},
      trustProxy: true,
      siteUrl: SITE,
      now: () => clock,
      admin: { signInLimit: { limit: 100, windowMs: 60_000 }, canMail: true },
      database,
      forms: {
        organiserEmail: async () => "info@tncc.example.org",
        siteUrl: SITE,
        rateLimit: { limit: 1000, windowMs: 60_000 },
      },
    });
    await upsertAdmin(database.db, ORGANISER.email, ORGANISER.password, false);
    cookie = "";
    const res = await request("POST", "/api/admin/session", ORGANISER);
    expect(res.status).toBe(200);
    cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
    await order("grace@example.org");
    await order("Grace@Example.org ");
    await order("alan@example.org");
    await order("gone@example.org", "cancelled");
    await subscriber("one@example.org", "confirmed");
    await subscriber("two@example.org", "confirmed");
    await subscriber("left@example.org", "unsubscribed");
    await subscriber("maybe@example.org", "unconfirmed");
    for (let i = 0; i < 45; i++) await subscriber(`many${i}@example.org`, "confirmed");
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    cleanup?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("refuses a wrong body with a 400 that names the field, on every Announcements route that takes one", async () => {
    const wrong = wrongBodies(api);
    expect(wrong.map((w) => w.path).sort()).toEqual(["/announcements", "/announcements/test"]);
    for (const w of wrong) {
      const res = await request(w.method, `/api/admin${w.path}`, w.body);
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toEqual({ error: "Please write a title.", field: w.field });
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM announcements WHERE title = '42'`)).toBe(0);
  });

  it("offers ticket holders (orders not cancelled) and confirmed newsletter addresses, each counted once", async () => {
    const res = await request("GET", "/api/admin/announcements/audiences");
    expect(res.status).toBe(200);
    const { audiences, defaultUntil, defaultUntilText } = (await res.json()) as AudienceAnswer;
    expect(audiences.map((a) => [a.id, a.count, a.unsubscribe])).toEqual([
      ["tickets", 2, false],
      ["newsletter", 47, true],
    ]);
    // Each kind says who it is in a line (issue 62).
    expect(audiences.map((a) => a.about)).toEqual([
      "People who bought or were given a ticket that is not cancelled or refunded.",
      "People who signed up for the newsletter on this site and confirmed their address.",
    ]);
    // A new announcement shows at first until the end of the event's day, in the event's zone (issue 62):
    // 10:00 UTC is 04:00 in Chicago, so until 23:59 there, 05:59 UTC the next morning.
    expect(defaultUntil).toBe("2026-11-03T05:59:00.000Z");
    expect(defaultUntilText).toBe("Mon 2 Nov 2026, 23:59 CST");
  });

  it("ends the event's day at 23:59 in its zone, or the next day's once that minute has passed", () => {
    const zone = "America/Chicago";
    expect(endOfEventDay(Date.parse("2026-11-03T05:58:00Z"), zone).toISOString()).toBe("2026-11-03T05:59:00.000Z");
    expect(endOfEventDay(Date.parse("2026-11-03T05:59:30Z"), zone).toISOString()).toBe("2026-11-04T05:59:00.000Z");
    // The day the clocks go back has 25 hours: still 23:59 on that day.
    expect(endOfEventDay(Date.parse("2026-11-01T12:00:00Z"), zone).toISOString()).toBe("2026-11-02T05:59:00.000Z");
  });

  it("refuses a missing title, an end already past or past 30 days, and an unknown audience", async () => {
    const cases = [
      [{ ...draft("x", "tickets"), title: " " }, /title/],
      [{ ...draft("x", "tickets"), showsUntil: new Date(clock - 1000).toISOString() }, /still to come/],
      [{ ...draft("x", "tickets"), showsUntil: new Date(clock + 31 * 24 * HOUR).toISOString() }, /30 days/],
      [{ ...draft("x", "tickets"), showsUntil: "tomorrow 9am" }, /ISO/],
      [draft("x", "agenda"), /Choose who/],
      [draft("x"), /Choose who/],
      [{ ...draft("x", "tickets"), siteOnly: true }, /not both/],
      [{ ...draft("x"), siteOnly: "yes" }, /site only/],
    ] as const;
    for (const [body, error] of cases) {
      const res = await request("POST", "/api/admin/announcements", body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(error);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM announcements`)).toBe(0);
  });

  it("mails a test to the signed-in organiser only, marked as a test, and audits it", async () => {
    const res = await request("POST", "/api/admin/announcements/test", draft("Doors at 9:30"));
    expect(res.status).toBe(200);
    const mails = await rows<{ to_addr: string; subject: string; body: string }>(
      sql`SELECT to_addr, subject, body FROM mail_queue`,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_addr).toBe(ORGANISER.email);
    expect(mails[0]!.subject).toBe("[Test] TNCC: Doors at 9:30");
    expect(mails[0]!.body).toContain("Doors open 30 minutes late.");
    expect(await count(sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'announcement-test'`)).toBe(1);
    // A test shows nothing on the site.
    const current = (await (await app.request(`${SITE}/api/announcements/current`)).json()) as CurrentAnnouncement;
    expect(current.announcement).toBeNull();
    await database.db.execute(sql`DELETE FROM mail_queue`);
  });

  it("shows a site-only announcement on the site, mails nobody, and answers 304 while the banner is unchanged", async () => {
    const current = (etag?: string) =>
      app.request(`${SITE}/api/announcements/current`, { headers: etag ? { "if-none-match": etag } : {} });
    const none = await current();
    const noneTag = none.headers.get("etag")!;
    expect(noneTag).toMatch(/^"[\w-]{22}"$/);
    expect(none.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=5");
    const unchanged = await current(noneTag);
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(noneTag);
    expect((await current(`W/${noneTag}`)).status).toBe(304);

    const res = await request("POST", "/api/admin/announcements", { ...draft("Lunch in Hall B"), siteOnly: true });
    expect(res.status).toBe(201);
    const { id, recipients } = (await res.json()) as { id: number; recipients: number };
    expect(recipients).toBe(0);
    // Nobody listed, nothing for the pacer, no mail; no pacing job was even added.
    expect(await announceJobs()).toBe(0);
    expect(await count(sql`SELECT count(*)::int AS n FROM announcement_recipients WHERE announcement_id = ${id}`)).toBe(
      0,
    );
    expect(await piece(50)).toEqual({ queued: 0, skipped: 0 });
    expect(await count(sql`SELECT count(*)::int AS n FROM mail_queue`)).toBe(0);

    // The banner changed: the old ETag gets the new answer, with a new ETag.
    const shown = await current(noneTag);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("etag")).not.toBe(noneTag);
    expect(((await shown.json()) as CurrentAnnouncement).announcement).toMatchObject({ id, title: "Lunch in Hall B" });
    expect((await current(shown.headers.get("etag")!)).status).toBe(304);

    const list = (await (await request("GET", "/api/admin/announcements")).json()) as AnnouncementList;
    expect(list.announcements[0]).toMatchObject({ id, audience: null, audienceLabel: null, recipients: 0, queued: 0 });
    const [audited] = await rows<{ detail: { audience: string; recipients: number } }>(
      sql`SELECT detail FROM audit_log WHERE action = 'announcement-send' AND target = ${`announcement:${id}`}`,
    );
    expect(audited!.detail).toMatchObject({ audience: "site only", recipients: 0 });
    // Withdrawn like any other (the banner goes back to none).
    expect((await request("POST", `/api/admin/announcements/${id}/withdraw`)).status).toBe(200);
    expect((await current(noneTag)).status).toBe(304);
  });

  it("sends to the newsletter: each address once, in pieces, an address unsubscribed since left out", async () => {
    const res = await request("POST", "/api/admin/announcements", draft("Doors at 9:30", "newsletter"));
    expect(res.status).toBe(201);
    const { id, recipients } = (await res.json()) as { id: number; recipients: number };
    expect(recipients).toBe(47);
    // Listing the recipients added the pacing job, in the same transaction (migration 019).
    expect(await announceJobs()).toBe(1);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM announcement_recipients WHERE email IN ('left@example.org', 'maybe@example.org')`,
      ),
    ).toBe(0);
    // The banner shows from now: title, text and end only.
    const banner = await app.request(`${SITE}/api/announcements/current`);
    expect(banner.headers.get("cache-control")).toMatch(/max-age=0/);
    const body = (await banner.json()) as CurrentAnnouncement;
    expect(body.announcement).toEqual({
      id,
      title: "Doors at 9:30",
      body: "Doors open 30 minutes late.",
      until: new Date(clock + 24 * HOUR).toISOString(),
    });
    expect(JSON.stringify(body)).not.toMatch(/@/);

    expect(await piece(20)).toEqual({ queued: 20, skipped: 0 });
    // Someone unsubscribes before their turn: no mail for them.
    await database.db.execute(
      sql`UPDATE newsletter_subscribers SET status = 'unsubscribed', unsubscribed_at = now() WHERE email = 'two@example.org'`,
    );
    const alreadyQueued = await count(
      sql`SELECT count(*)::int AS n FROM announcement_recipients WHERE email = 'two@example.org' AND queued_at IS NOT NULL`,
    );
    // Two pacers at once (two servers, or a restart racing the old one) take different rows.
    const [a, b] = await Promise.all([piece(10), piece(10)]);
    expect(a.queued + a.skipped + b.queued + b.skipped).toBe(20);
    for (let more = await piece(20); more.queued + more.skipped > 0; more = await piece(20));
    expect(await piece(20)).toEqual({ queued: 0, skipped: 0 });

    const mails = await rows<{ to_addr: string; n: number; unsubscribe_url: string }>(sql`
      SELECT to_addr, count(*)::int AS n, min(unsubscribe_url) AS unsubscribe_url FROM mail_queue GROUP BY to_addr`);
    expect(mails.every((m) => m.n === 1)).toBe(true);
    expect(mails).toHaveLength(alreadyQueued ? 47 : 46);
    expect(mails.some((m) => m.to_addr === "left@example.org" || m.to_addr === "maybe@example.org")).toBe(false);
    expect(mails.find((m) => m.to_addr === "one@example.org")?.unsubscribe_url).toBe(
      `${SITE}/api/newsletter/unsubscribe?token=nl-one@example.org`,
    );
    const [mail] = await rows<{ subject: string; body: string }>(
      sql`SELECT subject, body FROM mail_queue WHERE to_addr = 'one@example.org'`,
    );
    expect(mail!.subject).toBe("TNCC: Doors at 9:30");
    expect(mail!.body).toContain(
      "Unsubscribe: https://tncc.example.org/api/newsletter/unsubscribe?token=nl-one@example.org",
    );

    const list = (await (await request("GET", "/api/admin/announcements")).json()) as AnnouncementList;
    expect(list.announcements[0]).toMatchObject({
      id,
      recipients: 47,
      queued: alreadyQueued ? 47 : 46,
      skipped: alreadyQueued ? 0 : 1,
      sent: 0,
    });
    await database.db.execute(sql`UPDATE mail_queue SET sent_at = now()`);
    const after = (await (await request("GET", "/api/admin/announcements")).json()) as AnnouncementList;
    expect(after.announcements[0]!.sent).toBe(alreadyQueued ? 47 : 46);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'announcement-send' AND target = ${`announcement:${id}`}`,
      ),
    ).toBe(1);
  });

  it("sends to ticket holders once per address; Withdraw takes the banner down and stops the mails not queued", async () => {
    await database.db.execute(sql`DELETE FROM mail_queue`);
    const res = await request("POST", "/api/admin/announcements", draft("Room change", "tickets"));
    const { id } = (await res.json()) as { id: number };
    const banner = async () =>
      ((await (await app.request(`${SITE}/api/announcements/current`)).json()) as CurrentAnnouncement).announcement;
    expect((await banner())?.id).toBe(id);
    // Posting one never hides another (issue 62): both show, each until its own end, the newest first.
    const both = ((await (await app.request(`${SITE}/api/announcements/current`)).json()) as CurrentAnnouncement)
      .announcements;
    expect(both.map((a) => a.title)).toEqual(["Room change", "Doors at 9:30"]);
    expect(await piece(1)).toEqual({ queued: 1, skipped: 0 });
    expect((await request("POST", `/api/admin/announcements/${id}/withdraw`)).status).toBe(200);
    // The one before shows again (still within its time), until it is withdrawn too.
    expect((await banner())?.title).toBe("Doors at 9:30");
    expect(await piece(10)).toEqual({ queued: 0, skipped: 0 });
    expect(await count(sql`SELECT count(*)::int AS n FROM mail_queue`)).toBe(1);
    expect((await request("POST", "/api/admin/announcements/999999/withdraw")).status).toBe(404);
    expect(
      await count(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'announcement-withdraw' AND target = ${`announcement:${id}`}`,
      ),
    ).toBe(1);
    // A day later the first has expired as well.
    clock += 25 * HOUR;
    expect(await banner()).toBeNull();
  });

  it("purges recipient lists 90 days after the sending, keeping the announcements", async () => {
    expect(await purgeAnnouncementRecipients(database.db, start + 89 * 24 * HOUR)).toBe(0);
    expect(await purgeAnnouncementRecipients(database.db, start + 91 * 24 * HOUR)).toBe(49);
    expect(await count(sql`SELECT count(*)::int AS n FROM announcements`)).toBe(3);
  });

  it("answers 401 without a session and 403 from another origin on every Announcements route", async () => {
    const routes = app.routes.filter((r) => r.path.startsWith("/api/admin/announcements") && r.method !== "ALL");
    expect(routes.length).toBeGreaterThanOrEqual(5);
    for (const { method, path: p } of routes) {
      const url = p.replace(":id", "1");
      const body = method === "GET" ? undefined : draft("Nope", "tickets");
      expect((await request(method, url, body, { cookie: "" })).status, `${method} ${url}`).toBe(401);
      if (method === "GET") continue;
      for (const origin of ["https://evil.test", "null"])
        expect((await request(method, url, body, { origin })).status, `${method} ${url} from ${origin}`).toBe(403);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM announcements WHERE title = 'Nope'`)).toBe(0);
  });
});
