/**
 * Alerts for a kept agenda's starred sessions (issue 44, part 2), on the embedded PostgreSQL and, with
 * TEST_DATABASE_URL (`npm run test:pg`), on a database of their own: an address subscribes and confirms through
 * the mailed link (received by a fake mail server); a publish that moves one starred session and cancels another
 * mails it once, naming the old and the new time; a publish with no change, or the same change again, mails
 * nothing; RFC 8058's one-click POST stops it. Web Push: a fake push service on loopback receives a payload the
 * test decrypts with the subscription's keys, and an endpoint that answers 410 is removed.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgendaSession } from "../../app/lib/agenda/ics";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { decryptPush, pushKeys, startFakePush, type FakePushService } from "../../tests/fixtures/fake-push";
import { mailHeader, mailText, startFakeSmtp, type FakeSmtp } from "../../tests/fixtures/fake-smtp";
import { createAgenda } from "../agenda/queries";
import { secretHash } from "../secret";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { startMailer, type Mailer } from "../mail/mailer";
import { alertAfterPublish } from "./alerts";
import { pushSender, vapidKeys } from "./push";
import { subscribePush } from "./queries";
import { alertRoutes } from "./routes";

const backends = databaseBackends("alerts");
const SITE = "https://tncc.example.org";
const SECRET = "A".repeat(31) + "b";
const OTHER = "C".repeat(31) + "d";

const session = (n: number, startsAt: string, extra: Partial<AgendaSession> = {}): AgendaSession => ({
  number: n,
  dayId: 1,
  id: n,
  title: `Session ${n}`,
  startsAt,
  sequence: 0,
  cancelled: false,
  ...extra,
});
const FIRST = [1, 2, 3, 4].map((n) => session(n, `2024-10-24T${String(8 + n).padStart(2, "0")}:30:00-05:00`));
/** Session 3 moved from 11:30 to 12:15; session 4 cancelled. */
const CHANGED = FIRST.map((s) =>
  s.number === 3
    ? {
        ...s,
        startsAt: "2024-10-24T12:15:00-05:00",
        sequence: 1,
        change: { kind: "moved" as const, date: "2024-10-20", dateText: "20 Oct", fromText: "Thu 24 Oct 11:30" },
      }
    : s.number === 4
      ? {
          ...s,
          sequence: 1,
          cancelled: true,
          change: { kind: "cancelled" as const, date: "2024-10-21", dateText: "21 Oct" },
        }
      : s,
);

describe.each(backends)("alerts on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let tmp: string;
  let smtp: FakeSmtp;
  let mailer: Mailer;
  let app: ReturnType<typeof alertRoutes>;
  const builds: Record<string, string> = {};

  const build = (name: string, sessions: AgendaSession[]) => {
    const dir = path.join(tmp, name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, BUILD_OUTPUTS.agendaSessions.file),
      JSON.stringify({ calendarName: "TNCC", calendarDomain: "tncc.example.org", location: "Hall", sessions }),
    );
    return (builds[name] = dir);
  };

  /** Sends what is queued, and waits until the fake server has `count` mails in all. */
  const delivered = async (count: number) => {
    mailer.kick();
    for (let i = 0; i < 400 && smtp.received.length < count; i++) await new Promise((r) => setTimeout(r, 25));
    // Whatever else was queued went out too: nothing is left unsent.
    for (let i = 0; i < 400; i++) {
      const [row] = rowsOf<{ n: string }>(
        await database.db.execute(sql`SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NULL`),
      );
      if (Number(row!.n) === 0) break;
      mailer.kick();
      await new Promise((r) => setTimeout(r, 25));
    }
    return smtp.received;
  };
  const publish = (before: string, after: string) =>
    alertAfterPublish({ db: database.db, siteUrl: SITE }, builds[before]!, builds[after]!);
  const post = (url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(url, {
      method: "POST",
      headers: { origin: SITE, "content-type": "application/json", ...headers },
      ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }),
    });

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    tmp = mkdtempSync(path.join(tmpdir(), "tncc-alerts-"));
    build("first", FIRST);
    build("changed", CHANGED);
    build("same", CHANGED);
    smtp = await startFakeSmtp();
    mailer = await startMailer({
      db: database.db,
      smtpUrl: smtp.url,
      from: "TNCC <info@tncc.example.org>",
      pollMs: 60_000,
    });
    app = alertRoutes({ database, siteUrl: SITE });
    const at = Date.parse("2024-10-01T10:00:00Z");
    await createAgenda(
      database.db,
      SECRET,
      [3, 4].map((n) => ({ session: n, starred: true, at })),
      at,
    );
    // Another agenda stars session 1 only (never changed): never mailed.
    await createAgenda(database.db, OTHER, [{ session: 1, starred: true, at }], at);
  }, 60_000);
  afterAll(async () => {
    await mailer?.stop();
    await smtp?.close();
    await database?.close();
    cleanup?.();
    rmSync(tmp, { recursive: true, force: true });
  });

  let token = "";

  it("subscribes an address with a mailed confirmation; a publish before it is confirmed mails nothing", async () => {
    expect((await post(`/api/agendas/${SECRET}/alerts`, { email: "not an address" })).status).toBe(422);
    expect((await post(`/api/agendas/${"Z".repeat(32)}/alerts`, { email: "ann@example.org" })).status).toBe(404);
    expect(
      (await post(`/api/agendas/${SECRET}/alerts`, { email: "ann@example.org" }, { origin: "https://evil.example" }))
        .status,
    ).toBe(403);
    const res = await post(`/api/agendas/${SECRET}/alerts`, { email: "Ann@Example.org" });
    expect(res.status).toBe(202);
    expect(await res.json()).toMatchObject({ emails: [{ email: "ann@example.org", confirmed: false }] });
    // Asking again sends no second confirmation.
    expect((await post(`/api/agendas/${SECRET}/alerts`, { email: "ann@example.org" })).status).toBe(202);
    await post(`/api/agendas/${OTHER}/alerts`, { email: "bob@example.org" });

    const mails = await delivered(2);
    expect(mails.map((m) => m.to[0]).sort()).toEqual(["ann@example.org", "bob@example.org"]);
    const confirm = mails.find((m) => m.to[0] === "ann@example.org")!;
    // The link opens the site's page, the token in its fragment (never sent to a server or a referrer).
    const link = /https:\/\/tncc\.example\.org\/alerts#confirm=([\w-]+)/.exec(mailText(confirm.raw))?.[1];
    expect(link).toBeDefined();
    token = link!;
    expect(mailText(confirm.raw)).toContain(`Stop at any time: ${SITE}/alerts#stop=${token}`);
    // Only the link's SHA-256 is stored: a copy of the database opens no link.
    const stored = rowsOf<Record<string, unknown>>(
      await database.db.execute(sql`SELECT * FROM alert_subscriptions WHERE email = 'ann@example.org'`),
    );
    expect(stored.map((r) => r.token_hash)).toEqual([secretHash(token)]);
    expect(JSON.stringify(stored)).not.toContain(token);

    // Unconfirmed: a publish that changes a starred session mails nothing.
    expect((await publish("first", "changed")).mails).toBe(0);
    await database.db.execute(sql`DELETE FROM alerts_sent`);

    // A mail scanner's GET (of the page, or of a link mailed before it, sent on to the page) does not confirm.
    const old = await app.request(`/api/alerts/confirm?t=${token}`);
    expect(old.status).toBe(303);
    expect(old.headers.get("location")).toBe(`/alerts#confirm=${token}`);
    expect((await app.request(`/api/alerts/unsubscribe?t=${token}`)).headers.get("location")).toBe(
      `/alerts#stop=${token}`,
    );
    expect((await publish("first", "changed")).mails).toBe(0);
    await database.db.execute(sql`DELETE FROM alerts_sent`);
    // The page's button posts the token, and learns the address it confirmed.
    const confirmed = await post("/api/alerts/confirm", { t: token });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ email: "ann@example.org" });
    expect(await (await app.request(`/api/agendas/${SECRET}/alerts`)).json()).toMatchObject({
      emails: [{ email: "ann@example.org", confirmed: true }],
    });
    // A link mailed before still confirms by a form's post.
    const bobToken = /\/alerts#confirm=([\w-]+)/.exec(
      mailText(mails.find((m) => m.to[0] === "bob@example.org")!.raw),
    )![1]!;
    const form = { "content-type": "application/x-www-form-urlencoded" };
    expect((await post(`/api/alerts/confirm?t=${bobToken}`, "", form)).status).toBe(200);
    expect((await post("/api/alerts/confirm?t=unknown", "", form)).status).toBe(404);
    const unknown = await post("/api/alerts/confirm", { t: "unknown" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ message: "This confirmation link is not valid (any more)." });
  });

  it("mails exactly one alert for a publish that changes starred sessions, naming the old and new time", async () => {
    const before = smtp.received.length;
    const result = await publish("first", "changed");
    expect(result).toMatchObject({ changed: 2, mails: 1 });
    const mails = (await delivered(before + 1)).slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.to).toEqual(["ann@example.org"]);
    const text = mailText(mail!.raw);
    expect(text).toContain("Moved: Session 3, now Thu 24 Oct 12:15 (was 11:30)");
    expect(text).toContain("Cancelled: Session 4 (was Thu 24 Oct 12:30)");
    expect(text).toContain(`${SITE}/event-detail/1/3`);
    expect(mailHeader(mail!.raw, "Subject")).toBe("2 of your sessions changed: Session 3, Session 4");
    // The unsubscribe link is a new secret of its own, stored as its hash only.
    const unsubscribe = /^<(https:\/\/tncc\.example\.org\/api\/alerts\/unsubscribe\?t=[\w%-]+)>/.exec(
      mailHeader(mail!.raw, "List-Unsubscribe")!,
    )?.[1];
    expect(unsubscribe).toBeDefined();
    const linkToken = new URL(unsubscribe!).searchParams.get("t")!;
    expect(linkToken).not.toBe(token);
    const links = rowsOf<Record<string, unknown>>(await database.db.execute(sql`SELECT * FROM alert_links`));
    expect(links.map((r) => r.token_hash)).toContain(secretHash(linkToken));
    expect(JSON.stringify(links)).not.toContain(linkToken);
    expect(mailHeader(mail!.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    // The mail's own words say how to stop: the site's page, with the same link's token.
    expect(text).toContain(`To stop these mails: ${SITE}/alerts#stop=${linkToken}`);
  });

  it("never mails the same change twice: a publish with no change, or the same change again, mails nothing", async () => {
    const before = smtp.received.length;
    expect((await publish("changed", "same")).mails).toBe(0);
    // Rolled back, then published again: the same changes (session and SEQUENCE) were told already.
    expect((await publish("first", "same")).mails).toBe(0);
    expect(await delivered(before)).toHaveLength(before);
    const [told] = rowsOf<{ n: string }>(await database.db.execute(sql`SELECT count(*) AS n FROM alerts_sent`));
    expect(Number(told!.n)).toBe(2);
  });

  it("stops on RFC 8058's one-click POST, with no other step", async () => {
    const unsubscribe = mailHeader(smtp.received.at(-1)!.raw, "List-Unsubscribe")!.match(/<([^>]+)>/)![1]!;
    const url = new URL(unsubscribe);
    // What a mail program sends: a form post of "List-Unsubscribe=One-Click" to the header's address.
    const res = await app.request(`${url.pathname}${url.search}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(res.status).toBe(200);
    const before = smtp.received.length;
    await database.db.execute(sql`DELETE FROM alerts_sent`);
    expect((await publish("first", "changed")).mails).toBe(0);
    expect(await delivered(before)).toHaveLength(before);
    expect(await (await app.request(`/api/agendas/${SECRET}/alerts`)).json()).toMatchObject({ emails: [] });

    // The link of a confirmation mail stops its alerts too.
    const bob = smtp.received.find((m) => m.to[0] === "bob@example.org")!;
    const stop = /\/alerts#stop=([\w-]+)/.exec(mailText(bob.raw))![1]!;
    const stopped = await post("/api/alerts/unsubscribe", { t: stop });
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toEqual({ email: "bob@example.org" });
    expect(await (await app.request(`/api/agendas/${OTHER}/alerts`)).json()).toMatchObject({ emails: [] });
  });

  it("pushes an encrypted payload the browser's keys open, and removes an endpoint that answers 410", async () => {
    let service: FakePushService | undefined;
    try {
      service = await startFakePush();
      const keys = pushKeys();
      const gone = pushKeys();
      const agenda = async (secret: string) =>
        rowsOf<{ id: string }>(
          await database.db.execute(
            sql`SELECT id FROM agendas WHERE secret_hash = encode(sha256(${secret}::bytea), 'hex')`,
          ),
        );
      const [{ id } = { id: "0" }] = await agenda(SECRET);
      await subscribePush(
        database.db,
        Number(id),
        { endpoint: `${service.origin}/push/live`, p256dh: keys.p256dh, auth: keys.authText },
        "push-live",
      );
      await subscribePush(
        database.db,
        Number(id),
        { endpoint: `${service.origin}/push/gone`, p256dh: gone.p256dh, auth: gone.authText },
        "push-gone",
      );
      service.answer.set("/push/gone", 410);
      const vapid = await vapidKeys(database.db);
      expect(await vapidKeys(database.db)).toEqual(vapid);
      const push = pushSender(database.db, vapid, { subject: SITE });

      // The address stopped its alerts; the browsers subscribed since were not told of these changes yet.
      const result = await alertAfterPublish({ db: database.db, siteUrl: SITE, push }, builds.first!, builds.changed!);
      expect(result.mails).toBe(0);
      expect(await result.pushes).toBe(1);
      expect(service.received.map((m) => m.path).sort()).toEqual(["/push/gone", "/push/live"]);
      const message = service.received.find((m) => m.path === "/push/live")!;
      expect(message.headers["content-encoding"]).toBe("aes128gcm");
      expect(message.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${vapid.publicKey}$`));
      const payload = JSON.parse(decryptPush(message.body, keys)) as { title: string; body: string; url: string };
      expect(payload.title).toBe("2 of your sessions changed");
      expect(payload.body).toContain("Moved: Session 3, now Thu 24 Oct 12:15 (was 11:30)");
      expect(payload.url).toBe("/event-detail/1/3");
      expect(() => decryptPush(message.body, gone)).toThrow();

      const endpoints = rowsOf<{ endpoint: string }>(
        await database.db.execute(sql`SELECT endpoint FROM alert_subscriptions WHERE endpoint IS NOT NULL`),
      ).map((r) => r.endpoint);
      expect(endpoints).toEqual([`${service.origin}/push/live`]);

      // The page learns the key to subscribe with, and hands its subscription over (a push service's https only).
      const withPush = alertRoutes({ database, siteUrl: SITE, publicKey: async () => vapid.publicKey });
      expect(await (await withPush.request(`/api/agendas/${SECRET}/alerts`)).json()).toMatchObject({
        push: true,
        publicKey: vapid.publicKey,
      });
      const browser = pushKeys();
      const subscription = (endpoint: string) =>
        withPush.request(`/api/agendas/${OTHER}/alerts`, {
          method: "POST",
          headers: { origin: SITE, "content-type": "application/json" },
          body: JSON.stringify({ push: { endpoint, keys: { p256dh: browser.p256dh, auth: browser.authText } } }),
        });
      // Only the browsers' push services: the server posts to the endpoint, so anything else (a host inside the
      // network, any site at all) is refused.
      for (const inside of ["http://127.0.0.1:1/inside", "https://127.0.0.1/inside", "https://intranet.example.net/x"])
        expect((await subscription(inside)).status, inside).toBe(422);
      const made = await subscription("https://fcm.googleapis.com/fcm/send/abc");
      expect(made.status).toBe(202);
      expect(await made.json()).toMatchObject({ push: true, publicKey: vapid.publicKey });
    } finally {
      await service?.close();
    }
  });

  it("mails one address at most 3 confirmations a day, whatever agendas ask, on any server; the answer is the same", async () => {
    const at = Date.parse("2024-10-01T10:00:00Z");
    const secrets = [..."EFGHI"].map((c) => c.repeat(31) + "e");
    for (const secret of secrets) await createAgenda(database.db, secret, [{ session: 1, starred: true, at }], at);
    const confirmations = async () =>
      rowsOf<{ n: string }>(
        await database.db.execute(sql`SELECT count(*) AS n FROM mail_queue WHERE to_addr = 'vic@example.org'`),
      )[0]!.n;
    // Someone keeps agendas and subscribes a victim's address from each, through two servers.
    const other = alertRoutes({ database, siteUrl: SITE });
    for (const [i, secret] of secrets.entries()) {
      const res = await (i % 2 ? other : app).request(`/api/agendas/${secret}/alerts`, {
        method: "POST",
        headers: { origin: SITE, "content-type": "application/json" },
        body: JSON.stringify({ email: "Vic@example.org" }),
      });
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual({ emails: [{ email: "vic@example.org", confirmed: false }], push: false });
    }
    expect(Number(await confirmations())).toBe(3);
    // A day later the address may be asked again.
    await database.db.execute(
      sql`UPDATE mail_queue SET created_at = created_at - interval '25 hours' WHERE to_addr = 'vic@example.org'`,
    );
    await createAgenda(database.db, "J".repeat(31) + "e", [], at);
    expect((await post(`/api/agendas/${"J".repeat(31)}e/alerts`, { email: "vic@example.org" })).status).toBe(202);
    expect(Number(await confirmations())).toBe(4);
  });

  it("stops an address from the agenda's own page (its secret), confirmed or still waiting; another site cannot", async () => {
    const at = Date.parse("2024-10-01T10:00:00Z");
    const secret = "K".repeat(31) + "f";
    await createAgenda(database.db, secret, [{ session: 3, starred: true, at }], at);
    await post(`/api/agendas/${secret}/alerts`, { email: "kim@example.org" });
    const stop = (body: unknown, headers: Record<string, string> = {}) =>
      app.request(`/api/agendas/${secret}/alerts`, {
        method: "DELETE",
        headers: { origin: SITE, "content-type": "application/json", ...headers },
        body: JSON.stringify(body),
      });
    expect((await stop({ email: "kim@example.org" }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await stop({})).status).toBe(422);
    const res = await stop({ email: " Kim@Example.org " });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ emails: [] });
    // Asked again, the address gets a new confirmation.
    expect(await (await post(`/api/agendas/${secret}/alerts`, { email: "kim@example.org" })).json()).toMatchObject({
      emails: [{ email: "kim@example.org", confirmed: false }],
    });
  });

  it("answers a real agenda's alerts to an address that named 20 unknown agendas; unknown ones get 429", async () => {
    const shared = alertRoutes({ database, siteUrl: SITE, clientKey: () => "wifi" });
    for (let i = 0; i < 20; i++)
      expect((await shared.request(`/api/agendas/${String(i).padStart(32, "x")}/alerts`)).status).toBe(404);
    expect((await shared.request(`/api/agendas/${"Z".repeat(32)}/alerts`)).status).toBe(429);
    expect((await shared.request(`/api/agendas/${SECRET}/alerts`)).status).toBe(200);
  });
});
