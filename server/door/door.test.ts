/**
 * The door (issue 43) through the whole app with the box office, on the embedded PostgreSQL and, with
 * TEST_DATABASE_URL (`npm run test:pg`), on a database of its own on that server: a door volunteer invited as
 * organisers invite, whose session reaches the door's routes and nothing else; the list (nothing a thief could
 * use); sync (each scan once, the earlier of two doors wins, undo); bad input; the rate limit and its report;
 * removal.
 */
import { gunzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AttendeeOrder, DoorOverview } from "../../app/api/admin/attendees";
import {
  DoorListAnswerSchema,
  type DoorListAnswer,
  type DoorScan,
  type DoorSearchAnswer,
  type DoorSyncAnswer,
  type DoorSyncRequest,
} from "../../app/lib/door/protocol";
import { ticketReference } from "../../app/lib/tickets/orders";
import type { TicketsData } from "../../app/lib/build-outputs";
import { boxOfficeApp, registerFree, TEST_PLANS, type BoxOfficeApp } from "../../tests/fixtures/box-office-app";
import { databaseBackends } from "../../tests/fixtures/database-backends";
import { wrongBodies } from "../../tests/fixtures/contract";
import * as api from "../../app/api/admin/door";
import { DOOR_SESSION_MS } from "../admin/accounts/sessions.queries";
import type { Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { verifyTicket } from "../tickets/signing";

const PLANS: TicketsData = {
  ...TEST_PLANS,
  plans: { ...TEST_PLANS.plans, free: { ...TEST_PLANS.plans.free!, capacity: 100, maxPerOrder: 5 } },
};
const PHONE = "+1 555 0199";

describe.each(databaseBackends("door"))("the door on %s", (_name, open) => {
  let database: Database;
  let cleanup: () => void;
  let t: BoxOfficeApp;
  let clock = Date.parse("2026-12-01T06:00:00Z");
  let organiser: string;
  let family: string[];
  let group: string[];
  let cancelled = "";

  const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));
  const codesOf = async (email: string) =>
    (
      await rows<{ code: string }>(sql`
        SELECT t.code FROM tickets t JOIN ticket_orders o ON o.id = t.order_id WHERE o.email = ${email}
        ORDER BY t.position`)
    ).map((r) => r.code);
  const buyFree = async (name: string, email: string, quantity: number) => {
    await registerFree(t.box, { plan: "free", quantity, name, email, phone: PHONE });
    return codesOf(email);
  };
  const PASSWORD = "a door volunteer's password";
  /** A door volunteer's new session (signing in again, on the same phone or another): its cookie. */
  async function signInAs(email: string) {
    const res = await t.request("POST", "/api/admin/session", { body: { email, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email, role: "door" });
    return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
  }
  /** A door volunteer invited by the organiser, signed in: their session cookie and account id. */
  async function volunteer(email: string, name = "Door Dora") {
    const invited = await t.request("POST", "/api/admin/organisers", {
      cookie: organiser,
      body: { email, name, role: "door" },
    });
    expect(invited.status).toBe(201);
    const token = new URL(((await invited.json()) as { link: string }).link).searchParams.get("invite")!;
    expect((await t.request("POST", "/api/admin/invite", { body: { token, password: PASSWORD } })).status).toBe(201);
    const cookie = await signInAs(email);
    const [account] = await rows<{ id: string }>(sql`SELECT id FROM admins WHERE email = ${email}`);
    return { cookie, id: account!.id };
  }
  const scan = (code: string, at: string, id = `scan-${Math.random().toString(36).slice(2, 12)}`): DoorScan => ({
    id,
    code,
    at,
  });
  const sync = (cookie: string, body: Partial<DoorSyncRequest> | unknown) =>
    t.request("POST", "/api/admin/door/sync", { cookie, body });
  const synced = async (cookie: string, body: DoorSyncRequest) => {
    const res = await sync(cookie, body);
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as DoorSyncAnswer;
  };
  const checkIns = () =>
    rows<{ scan_id: string; code: string; kind: string; door: string }>(sql`SELECT * FROM check_ins`);

  beforeAll(async () => {
    ({ database, cleanup } = await open());
    t = await boxOfficeApp("door", database, () => clock, PLANS);
    organiser = await t.signIn();
    family = await buyFree("Grace Hopper", "grace@example.org", 3);
    group = await buyFree("Alan Turing", "alan@example.org", 2);
    await database.db.execute(
      sql`UPDATE tickets SET holder_name = 'Joan Clarke', holder_email = 'joan@example.org' WHERE code = ${group[1]!}`,
    );
    cancelled = (await buyFree("Cancelled Carl", "carl@example.org", 1))[0]!;
    const [order] = await rows<{ order_id: string }>(sql`SELECT order_id FROM tickets WHERE code = ${cancelled}`);
    expect(
      (await t.request("POST", `/api/admin/attendees/orders/${order!.order_id}/cancel`, { cookie: organiser })).status,
    ).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await database?.close();
    cleanup?.();
  });

  describe("a door volunteer", { timeout: 60_000 }, () => {
    let door: { cookie: string; id: string };
    beforeAll(async () => {
      door = await volunteer("dora@example.org");
    });

    it("is told their role, and reaches the door's routes, the session and the password", async () => {
      const who = await t.request("GET", "/api/admin/session", { cookie: door.cookie });
      expect(await who.json()).toEqual({
        email: "dora@example.org",
        name: "Door Dora",
        mustChangePassword: false,
        role: "door",
      });
      expect((await t.request("GET", "/api/admin/door/list", { cookie: door.cookie })).status).toBe(200);
      expect((await t.request("GET", "/api/admin/door/search?q=grace", { cookie: door.cookie })).status).toBe(200);
      expect((await sync(door.cookie, { device: "phone-dora-1", door: "Door 1", scans: [] })).status).toBe(200);
      // Reached: a wrong body is the password route's own 400, not the role's 403.
      expect((await t.request("PUT", "/api/admin/password", { cookie: door.cookie, body: {} })).status).toBe(400);
      // An organiser reaches the door's routes too.
      expect((await t.request("GET", "/api/admin/door/list", { cookie: organiser })).status).toBe(200);
      const mine = await t.request("GET", "/api/admin/session", { cookie: organiser });
      expect(await mine.json()).toMatchObject({ role: "organiser" });
    });

    it.each([
      ["the inbox", "GET", "/api/admin/submissions?kind=contact"],
      ["the inbox's counts", "GET", "/api/admin/counts"],
      ["the home", "GET", "/api/admin/home"],
      ["an export", "GET", "/api/admin/export/contact"],
      ["the editor", "GET", "/api/admin/content/files"],
      ["the editor's save", "PUT", "/api/admin/content/file"],
      ["publishing", "POST", "/api/admin/publish"],
      ["roll back", "POST", "/api/admin/rollback"],
      ["the organisers", "GET", "/api/admin/organisers"],
      ["an invitation", "POST", "/api/admin/organisers"],
      ["a removal", "DELETE", "/api/admin/organisers/1"],
      ["the attendees", "GET", "/api/admin/attendees"],
      ["the door figures of the Attendees tab", "GET", "/api/admin/attendees/door"],
      ["the erasure", "POST", "/api/admin/erasure"],
      ["the organisers, spelled %6F", "GET", "/api/admin/%6Frganisers"],
    ])("gets 403 in words on %s", async (_what, method, url) => {
      const res = await t.request(method, url, { cookie: door.cookie, body: method === "GET" ? undefined : {} });
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(/door volunteer's.*\/checkin/);
      // The same request from an organiser is not refused for its role.
      if (method === "GET" && !url.includes("content"))
        expect((await t.request(method, url, { cookie: organiser })).status).not.toBe(403);
    });

    it("signing in at the door (taking the list) marks them arrived on their shift now, and the list carries it", async () => {
      // Issue 66: Dora is on Door 2 from 11:00 to 15:00 (Kolkata, +05:30) today, and on a later shift.
      await database.db.execute(sql`
        WITH r AS (INSERT INTO volunteer_roles (name) VALUES ('Door') RETURNING id),
             p AS (INSERT INTO volunteer_places (name, door) VALUES ('North entrance', 'Door 2') RETURNING id)
        INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
        SELECT p.id, r.id, t.s, t.e, 2 FROM r, p, (VALUES
          ('2026-12-01T11:00:00+05:30'::timestamptz, '2026-12-01T15:00:00+05:30'::timestamptz),
          ('2026-12-02T11:00:00+05:30'::timestamptz, '2026-12-02T15:00:00+05:30'::timestamptz)) AS t(s, e)`);
      await database.db.execute(sql`INSERT INTO shift_signups (shift_id, admin_id) SELECT id, ${door.id} FROM shifts`);
      const arrived = () =>
        rows<{ starts_at: Date; arrived_at: Date | null }>(sql`
          SELECT s.starts_at, u.arrived_at FROM shift_signups u JOIN shifts s ON s.id = u.shift_id
          WHERE u.admin_id = ${door.id} ORDER BY s.starts_at`);
      const list = async () => {
        const res = await t.request("GET", "/api/admin/door/list", { cookie: door.cookie });
        expect(res.status).toBe(200);
        // Read as the door's page reads it (app/lib/door/api.ts): by the contract's schema.
        return DoorListAnswerSchema.parse(await res.json());
      };
      const start = clock;
      try {
        // Two hours before: no shift yet, nothing marked.
        clock = Date.parse("2026-12-01T09:00:00+05:30");
        expect((await list()).shift).toBeUndefined();
        expect((await arrived()).every((r) => r.arrived_at === null)).toBe(true);
        // At 11:05 the list marks the arrival and says "Door 2 until 15:00"; the later shift is untouched.
        clock = Date.parse("2026-12-01T11:05:00+05:30");
        const answer = await list();
        expect(answer.shift).toEqual({
          place: "North entrance",
          door: "Door 2",
          role: "Door",
          startsAt: "2026-12-01T11:00:00+05:30",
          endsAt: "2026-12-01T15:00:00+05:30",
        });
        expect(answer.attendees.length).toBeGreaterThan(0);
        const [first, later] = await arrived();
        expect(new Date(first!.arrived_at!).getTime()).toBe(clock);
        expect(later!.arrived_at).toBeNull();
        // Taken again later, the first arrival is kept; an organiser's list carries no shift.
        clock = Date.parse("2026-12-01T12:00:00+05:30");
        await list();
        expect(new Date((await arrived())[0]!.arrived_at!).getTime()).toBe(Date.parse("2026-12-01T11:05:00+05:30"));
        const theirs = await t.request("GET", "/api/admin/door/list", { cookie: organiser });
        expect(((await theirs.json()) as DoorListAnswer).shift).toBeUndefined();
      } finally {
        clock = start;
        await database.db.execute(sql`DELETE FROM shifts`);
        await database.db.execute(sql`DELETE FROM volunteer_places`);
        await database.db.execute(sql`DELETE FROM volunteer_roles`);
      }
    });

    it("keeps a session for the event day: idle for hours, yet signed in; ended after 16 hours", async () => {
      const start = clock;
      const fresh = await volunteer("dan@example.org");
      clock = start + 3 * 3_600_000;
      expect((await t.request("GET", "/api/admin/session", { cookie: fresh.cookie })).status).toBe(200);
      // An organiser's session idle as long has ended (2 hours).
      expect((await t.request("GET", "/api/admin/session", { cookie: organiser })).status).toBe(401);
      clock = start + DOOR_SESSION_MS + 1000;
      expect((await t.request("GET", "/api/admin/session", { cookie: fresh.cookie })).status).toBe(401);
      clock = start + DOOR_SESSION_MS + 120_000;
      organiser = await t.signIn();
    });
  });

  describe("the list", { timeout: 60_000 }, () => {
    let door: string;
    beforeAll(async () => {
      door = (await volunteer("lisa@example.org")).cookie;
    });

    it("holds every ticket of the event, names and places, compressed and never stored", async () => {
      // A ticket of another event, in the same database (last year's): not on this event's list.
      await database.db.execute(sql`
        UPDATE tickets SET payload = replace(payload, 'TNCC1.tncc-test.', 'TNCC1.tncc-2025.') WHERE code = ${group[0]!}`);
      const res = await t.app.request("https://tncc.example.org/api/admin/door/list", {
        headers: { cookie: door, "accept-encoding": "gzip" },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe("gzip");
      expect(res.headers.get("cache-control")).toBe("no-store");
      const text = gunzipSync(Buffer.from(await res.arrayBuffer())).toString();
      const list = DoorListAnswerSchema.parse(JSON.parse(text));
      expect(list.event).toBe("tncc-test");
      expect(list.plans.free).toEqual({ title: "Community" });
      const [gOrder] = await rows<{ order_id: string }>(sql`SELECT order_id FROM tickets WHERE code = ${family[0]!}`);
      const [short] = await rows<{ short_code: string }>(
        sql`SELECT short_code FROM tickets WHERE code = ${family[1]!}`,
      );
      expect(short!.short_code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      expect(list.attendees).toContainEqual([
        family[1],
        "Grace Hopper",
        "free",
        ticketReference(Number(gOrder!.order_id)),
        2,
        3,
        "valid",
        short!.short_code,
      ]);
      // The holder's name where the ticket is named; the buyer's otherwise.
      expect(list.attendees.find((a) => a[0] === group[1])?.[1]).toBe("Joan Clarke");
      expect(list.attendees.find((a) => a[0] === cancelled)?.[6]).toBe("cancelled");
      expect(list.attendees.map((a) => a[0])).not.toContain(group[0]);
      // Nothing a thief could use: no address, no phone number.
      expect(text).not.toContain("@");
      expect(text).not.toContain(PHONE);
      expect(text).not.toMatch(/555/);
      // The public key checks a ticket's QR text.
      const [payload] = await rows<{ payload: string }>(sql`SELECT payload FROM tickets WHERE code = ${family[0]!}`);
      expect(verifyTicket(list.publicKey, payload!.payload)?.code).toBe(family[0]);
      expect(list.generatedAt).toBe(new Date(clock).toISOString());
      // The door tells its times in the event's time zone (issue 53).
      expect(list.timeZone).toBe(PLANS.timeZone);
    });

    const search = async (q: string) => {
      const res = await t.request("GET", `/api/admin/door/search?q=${encodeURIComponent(q)}`, { cookie: door });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).not.toContain("@");
      return JSON.parse(text) as DoorSearchAnswer;
    };

    it("finds someone without their phone by e-mail, name or reference, and names no address", async () => {
      expect((await search(" GRACE@Example.org ")).attendees.map((a) => a[0])).toEqual(family);
      expect((await search("joan@example.org")).attendees.map((a) => a[1])).toEqual(["Joan Clarke"]);
      const [gOrder] = await rows<{ order_id: string }>(sql`SELECT order_id FROM tickets WHERE code = ${family[0]!}`);
      expect((await search(ticketReference(Number(gOrder!.order_id)))).attendees).toHaveLength(3);
      expect((await search("hopper")).attendees).toHaveLength(3);
      // LIKE's wildcards are text; SQL is a bound value.
      expect((await search("%_")).attendees).toEqual([]);
      expect((await search("' OR 1=1 --")).attendees).toEqual([]);
      expect((await t.request("GET", "/api/admin/door/search?q=a", { cookie: door })).status).toBe(400);
    });

    it("finds by e-mail only a whole address: a part of one finds nobody, so no address can be guessed letter by letter (issue 50)", async () => {
      for (const part of ["grace@", "grace@example", "race@example.org", "@example.org", "example.org", "joan@ex"])
        expect((await search(part)).attendees, part).toEqual([]);
      // The holder's whole address finds their ticket, the buyer's the whole order.
      expect((await search("Joan@example.org")).attendees.map((a) => a[0])).toEqual([group[1]]);
      expect((await search("alan@example.org")).attendees.map((a) => a[0])).toEqual(group.slice(1));
    });

    it("finds a ticket by the code printed under its QR, the whole code only, in any case (issue 53)", async () => {
      expect((await search(family[1]!)).attendees.map((a) => a[0])).toEqual([family[1]]);
      expect((await search(family[1]!.slice(0, 12))).attendees).toEqual([]);
      expect((await search(family[1]!.slice(1))).attendees).toEqual([]);
      // As a phone's keyboard may type it: in another case, with a space where the printed line broke.
      expect((await search(family[1]!.toLowerCase())).attendees.map((a) => a[0])).toEqual([family[1]]);
      expect((await search(`${family[1]!.slice(0, 11)} ${family[1]!.slice(11)}`)).attendees.map((a) => a[0])).toEqual([
        family[1],
      ]);
    });

    it("finds a ticket by its short code typed in lower case with spaces, and offers the one a character away (issue 61)", async () => {
      const setShort = (code: string, short: string) =>
        database.db.execute(sql`UPDATE tickets SET short_code = ${short} WHERE code = ${code}`);
      await setShort(family[0]!, "7KX4QM2P");
      await setShort(family[2]!, "ZZZZ0000");
      await setShort(group[1]!, "ZZZZ0002");
      expect((await search("7kx4 qm2p")).attendees.map((a) => a[0])).toEqual([family[0]]);
      expect((await search("7KX4-QM2P")).attendees.map((a) => a[0])).toEqual([family[0]]);
      // O for 0, I or L for 1 (Crockford's reading): "zzzz oooo" is ZZZZ0000.
      expect((await search("zzzz oooo")).attendees.map((a) => a[0])).toEqual([family[2]]);
      // One character wrong: nobody found, that ticket offered.
      const near = await search("7kx4 qm3p");
      expect(near.attendees).toEqual([]);
      expect(near.suggestion?.[0]).toBe(family[0]);
      expect(near.suggestion?.[7]).toBe("7KX4QM2P");
      // One character away from two tickets: no guess. Two characters away: nothing.
      expect((await search("zzzz 0001")).suggestion).toBeUndefined();
      expect((await search("7kx4 qmz3")).suggestion).toBeUndefined();
    });

    it("refuses 300 searches a minute from one account (429 after 60, in words); signing in again does not reset it", async () => {
      const email = "searcher@example.org";
      let cookie = (await volunteer(email)).cookie;
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) {
        const res = await t.request("GET", `/api/admin/door/search?q=payer${i}@`, { cookie });
        statuses.push(res.status);
        if (i === 299) {
          expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(((await res.json()) as { error: string }).error).toMatch(/More than 60 searches a minute/);
        }
      }
      expect(statuses).toEqual([...Array(60).fill(200), ...Array(240).fill(429)]);
      cookie = await signInAs(email);
      expect((await t.request("GET", "/api/admin/door/search?q=hopper", { cookie })).status).toBe(429);
      // A minute later the volunteer may search again.
      clock += 61_000;
      expect((await t.request("GET", "/api/admin/door/search?q=hopper", { cookie })).status).toBe(200);
    });

    it("sends the list it read while nothing changed, and a new one after a sale, a rename, a check-in or its undo (issue 50)", async () => {
      const reader = (await volunteer("reader@example.org")).cookie;
      const raw = async () => {
        const res = await t.request("GET", "/api/admin/door/list", { cookie: reader });
        expect(res.status).toBe(200);
        return Buffer.from(await res.arrayBuffer());
      };
      const read = async () => JSON.parse((await raw()).toString()) as DoorListAnswer;
      const first = await raw();
      const readAt = (JSON.parse(first.toString()) as DoorListAnswer).generatedAt;
      clock += 5_000;
      const again = await raw();
      // Nothing changed: the very answer built before, with the time its data was read.
      expect(again.equals(first)).toBe(true);
      expect((JSON.parse(again.toString()) as DoorListAnswer).generatedAt).toBe(readAt);
      expect(readAt).not.toBe(new Date(clock).toISOString());

      const [sold] = await buyFree("Katherine Johnson", "katherine@example.org", 1);
      const afterSale = await read();
      expect(afterSale.generatedAt).toBe(new Date(clock).toISOString());
      expect(afterSale.attendees.find((a) => a[0] === sold)?.[1]).toBe("Katherine Johnson");

      clock += 5_000;
      // A change that leaves no time behind: a ticket named.
      await database.db.execute(sql`UPDATE tickets SET holder_name = 'Mary Jackson' WHERE code = ${sold!}`);
      expect((await read()).attendees.find((a) => a[0] === sold)?.[1]).toBe("Mary Jackson");

      const [scanned] = [scan(sold!, "2026-12-01T08:30:00+05:30", "cache-scan-1")];
      await synced(reader, { device: "phone-reader", door: "Door 1", scans: [scanned] });
      expect((await read()).checkedIn[sold!]).toMatchObject({ door: "Door 1" });
      await synced(reader, { device: "phone-reader", door: "Door 1", scans: [{ ...scanned, undo: true }] });
      expect((await read()).checkedIn[sold!]).toBeUndefined();
    });

    it("refuses the 31st list in a minute from one account (429, in words); signing in again does not reset it", async () => {
      const email = "lister@example.org";
      let cookie = (await volunteer(email)).cookie;
      const list = () => t.request("GET", "/api/admin/door/list", { cookie });
      for (let i = 0; i < 30; i++) expect((await list()).status, `list ${i + 1}`).toBe(200);
      const refused = await list();
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(((await refused.json()) as { error: string }).error).toMatch(/more than 30 times a minute/);
      cookie = await signInAs(email);
      expect((await list()).status).toBe(429);
      clock += 61_000;
      expect((await list()).status).toBe(200);
    });
  });

  describe("sync", { timeout: 120_000 }, () => {
    let dora: string;
    let dan: string;
    beforeAll(async () => {
      dora = (await volunteer("sync-dora@example.org")).cookie;
      dan = (await volunteer("sync-dan@example.org")).cookie;
    });

    it("records a batch once: replayed, it records nothing and answers the same", async () => {
      const batch: DoorSyncRequest = {
        device: "phone-dora-sync",
        door: "Door 1",
        scans: [
          scan(family[0]!, "2026-12-01T09:00:00+05:30", "replay-0001"),
          scan(family[1]!, "2026-12-01T09:00:05+05:30", "replay-0002"),
        ],
      };
      const first = await synced(dora, batch);
      expect(first.results.map((r) => r.verdict)).toEqual(["admitted", "admitted"]);
      const before = await checkIns();
      const again = await synced(dora, batch);
      expect(again.results).toEqual(first.results);
      expect(await checkIns()).toEqual(before);
      expect(before.filter((r) => r.code === family[0])).toHaveLength(1);
      expect(again.figures.plans.find((p) => p.id === "free")).toMatchObject({ checkedIn: 2 });
      const audits = await rows<{ detail: Record<string, unknown> }>(
        sql`SELECT detail FROM audit_log WHERE action = 'door-sync' AND target = 'device:phone-dora-sync'`,
      );
      expect(audits.at(-1)?.detail).toMatchObject({ door: "Door 1", scans: 2, admitted: 2 });
    });

    it("keeps both admissions of one ticket at two doors: the earlier wins, even when it arrives later", async () => {
      const code = family[2]!;
      // Door 2 synced first with the later time; Door 3's earlier scan arrives after.
      const later = await synced(dan, {
        device: "phone-dan-sync",
        door: "Door 2",
        scans: [scan(code, "2026-12-01T09:20:00+05:30")],
      });
      expect(later.results[0]?.verdict).toBe("admitted");
      const earlier = await synced(dora, {
        device: "phone-dora-sync",
        door: "Door 3",
        scans: [scan(code, "2026-12-01T09:10:00+05:30")],
      });
      expect(earlier.results[0]?.verdict).toBe("admitted");
      const kinds = (await checkIns())
        .filter((r) => r.code === code)
        .map((r) => `${r.door} ${r.kind}`)
        .sort();
      expect(kinds).toEqual(["Door 2 conflict", "Door 3 admission"]);
      expect(earlier.figures.conflicts).toEqual([
        {
          code,
          name: "Grace Hopper",
          first: { at: "2026-12-01T03:40:00.000Z", door: "Door 3" },
          later: [{ at: "2026-12-01T03:50:00.000Z", door: "Door 2" }],
        },
      ]);
      // A third door, later still: a conflict naming the admission.
      const third = await synced(dan, {
        device: "phone-dan-other",
        door: "Door 4",
        scans: [scan(code, "2026-12-01T09:30:00+05:30")],
      });
      expect(third.results[0]).toMatchObject({
        verdict: "conflict",
        first: { door: "Door 3", at: "2026-12-01T03:40:00.000Z" },
      });
      // The organisers see it on the Attendees tab.
      const overview = await t.request("GET", "/api/admin/attendees/door", { cookie: organiser });
      const figures = ((await overview.json()) as DoorOverview).figures;
      expect(figures.conflicts[0]?.later).toHaveLength(2);
      expect(figures.arrivals.reduce((n, a) => n + a.count, 0)).toBe(3);
    });

    it("two doors at the same moment: one admission, one conflict", async () => {
      const code = group[1]!;
      const [a, b] = await Promise.all([
        synced(dora, { device: "phone-dora-sync", door: "Door 1", scans: [scan(code, "2026-12-01T09:40:00+05:30")] }),
        synced(dan, { device: "phone-dan-sync", door: "Door 2", scans: [scan(code, "2026-12-01T09:40:01+05:30")] }),
      ]);
      // Whichever batch the database took first, the earlier scan (Door 1) ends as the admission.
      expect(a.results[0]?.verdict).toBe("admitted");
      expect(["admitted", "conflict"]).toContain(b.results[0]?.verdict);
      expect(
        (await checkIns())
          .filter((r) => r.code === code)
          .map((r) => `${r.door} ${r.kind}`)
          .sort(),
      ).toEqual(["Door 1 admission", "Door 2 conflict"]);
    });

    it("undoes this device's check-in; the earliest other scan then counts", async () => {
      const code = family[2]!;
      const [admission] = await rows<{ scan_id: string }>(
        sql`SELECT scan_id FROM check_ins WHERE code = ${code} AND kind = 'admission'`,
      );
      // Not another device's scan.
      const foreign = await synced(dan, {
        device: "phone-dan-sync",
        door: "Door 2",
        scans: [{ ...scan(code, "2026-12-01T09:45:00+05:30", admission!.scan_id), undo: true }],
      });
      expect(foreign.results[0]?.verdict).toBe("unknown");
      const undo = await synced(dora, {
        device: "phone-dora-sync",
        door: "Door 3",
        scans: [{ ...scan(code, "2026-12-01T09:45:00+05:30", admission!.scan_id), undo: true }],
      });
      expect(undo.results[0]?.verdict).toBe("undone");
      const kinds = (await checkIns())
        .filter((r) => r.code === code)
        .map((r) => `${r.door} ${r.kind}`)
        .sort();
      expect(kinds).toEqual(["Door 2 admission", "Door 3 undone", "Door 4 conflict"]);
    });

    it("answers unknown for a code that is no ticket of this event, cancelled for a cancelled one; records neither", async () => {
      const before = await checkIns();
      const made = "A".repeat(22);
      const answer = await synced(dora, {
        device: "phone-dora-sync",
        door: "Door 1",
        scans: [
          scan(made, "2026-12-01T09:50:00+05:30"),
          scan(group[0]!, "2026-12-01T09:50:00+05:30"),
          scan(cancelled, "2026-12-01T09:50:00+05:30"),
        ],
      });
      expect(answer.results.map((r) => r.verdict)).toEqual(["unknown", "unknown", "cancelled"]);
      expect(await checkIns()).toEqual(before);
    });

    // Checked by the route's body schema (app/api/admin/door.ts): a 400 that says what is wrong and names the field.
    it.each([
      ["HTML", { code: "<script>alert(1)</script>" }, /this is not a ticket's code/, "scans.0.code"],
      ["SQL", { code: "x' OR '1'='1'; DROP TABLE--" }, /ticket's code/, "scans.0.code"],
      ["a URL", { code: "https://evil.example/t" }, /ticket's code/, "scans.0.code"],
      ["a whole QR text", { code: "TNCC1.tncc-test.free.AAAAAAAAAAAAAAAAAAAAAA.sig" }, /ticket's code/, "scans.0.code"],
      ["a bad time", { at: "yesterday" }, /must be a date/, "scans.0.at"],
      ["a made-up field", { sql: "DROP" }, /not what the check-in page sends/, "scans.0"],
    ])(
      "refuses a scan with %s (400, in words, naming the field; nothing recorded)",
      async (_what, change, message, field) => {
        const before = await checkIns();
        const res = await sync(dora, {
          device: "phone-dora-sync",
          door: "Door 1",
          scans: [{ ...scan(family[0]!, "2026-12-01T09:55:00+05:30"), ...change }],
        });
        expect(res.status).toBe(400);
        const answer = (await res.json()) as { error: string; field: string };
        expect(answer.error).toMatch(message);
        expect(answer.field).toBe(field);
        expect(await checkIns()).toEqual(before);
      },
    );

    it("refuses a door not on the list and a body that is no JSON object", async () => {
      const res = await sync(dora, { device: "phone-dora-sync", door: "Door <b>9</b>", scans: [] });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/^must be one of Door 1/), field: "door" });
      expect((await sync(dora, [1, 2])).status).toBe(400);
    });

    it("refuses a wrong body with a 400 that names the field, on every Door route that takes one", async () => {
      const wrong = wrongBodies(api);
      expect(wrong.map((w) => `${w.method} ${w.path}`)).toEqual(["POST /door/sync"]);
      const before = await checkIns();
      for (const w of wrong) {
        const res = await t.request(w.method, `/api/admin${w.path}`, { cookie: dora, body: w.body });
        expect(res.status, w.path).toBe(400);
        expect(await res.json(), w.path).toEqual({ error: "must be 8 to 64 letters, digits, - or _.", field: w.field });
      }
      expect(await checkIns()).toEqual(before);
    });

    it("refuses 5,000 scans a minute from one phone (429) and tells the organisers once", async () => {
      const flood = (await volunteer("flood@example.org")).cookie;
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) {
        const scans = Array.from({ length: 500 }, (_, j) =>
          scan(`${String(i).padStart(2, "0")}${String(j).padStart(20, "0")}`, "2026-12-01T10:00:00+05:30"),
        );
        const res = await sync(flood, { device: "phone-flood", door: "Door 5", scans });
        statuses.push(res.status);
        if (res.status === 429) {
          expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
          expect(((await res.json()) as { error: string }).error).toMatch(/More than 600 scans a minute/);
        }
      }
      expect(statuses).toEqual([200, ...Array(9).fill(429)]);
      const reports = await rows(
        sql`SELECT 1 FROM audit_log WHERE action = 'door-rate-limited' AND target = 'device:phone-flood'`,
      );
      expect(reports).toHaveLength(1);
      const overview = (await (
        await t.request("GET", "/api/admin/attendees/door", { cookie: organiser })
      ).json()) as DoorOverview;
      expect(overview.reports[0]).toMatchObject({ who: "Door Dora", device: "phone-flood", door: "Door 5" });
      // A minute later the phone may send again.
      clock += 61_000;
      expect((await sync(flood, { device: "phone-flood", door: "Door 5", scans: [] })).status).toBe(200);
    });

    it("counts scans in the database: three servers on it take 600 a minute in all, restarted still refuse, one report (issue 54)", async () => {
      const { cookie } = await volunteer("spread@example.org");
      const started: BoxOfficeApp[] = [];
      const server = async () => {
        const s = await boxOfficeApp("door-more", database, () => clock, PLANS);
        started.push(s);
        return s;
      };
      const batch = (on: BoxOfficeApp, from: number, n: number) =>
        on.request("POST", "/api/admin/door/sync", {
          cookie,
          body: {
            device: "phone-spread",
            door: "Door 6",
            scans: Array.from({ length: n }, (_, j) =>
              scan(`77${String(from + j).padStart(20, "0")}`, "2026-12-01T10:00:00+05:30"),
            ),
          },
        });
      try {
        const servers = [t, await server(), await server()];
        // 300 scans to each at once: each server alone would take its 300.
        const statuses = (await Promise.all(servers.map((on, i) => batch(on, i * 300, 300)))).map((r) => r.status);
        expect(statuses.sort()).toEqual([200, 200, 429]);
        // All three restarted (nothing in memory): the minute's 600 are still counted.
        for (const [i, on] of [await server(), await server(), await server()].entries())
          expect((await batch(on, 900 + i, 1)).status).toBe(429);
        const reports = await rows(
          sql`SELECT 1 FROM audit_log WHERE action = 'door-rate-limited' AND target = 'device:phone-spread'`,
        );
        expect(reports).toHaveLength(1);
        clock += 61_000;
        expect((await batch(await server(), 1000, 1)).status).toBe(200);
      } finally {
        for (const s of started) await s.close();
        // Each new server writes the organiser's account again, which ends their sessions.
        organiser = await t.signIn();
      }
    });

    it("keeps a phone's scan limit when its volunteer signs in again (issue 50)", async () => {
      const email = "again@example.org";
      let cookie = (await volunteer(email)).cookie;
      const scans = (from: number, n: number) =>
        Array.from({ length: n }, (_, j) =>
          scan(`again${String(from + j).padStart(17, "0")}`, "2026-12-01T10:00:00+05:30"),
        );
      const send = (list: DoorScan[]) => sync(cookie, { device: "phone-again", door: "Door 5", scans: list });
      expect((await send(scans(0, 500))).status).toBe(200);
      expect((await send(scans(500, 100))).status).toBe(200);
      expect((await send(scans(600, 1))).status).toBe(429);
      cookie = await signInAs(email);
      const res = await send(scans(601, 1));
      expect(res.status).toBe(429);
      expect(((await res.json()) as { error: string }).error).toMatch(/More than 600 scans a minute/);
      clock += 61_000;
      expect((await send(scans(602, 1))).status).toBe(200);
    });

    it("refuses a removed volunteer at once (401) and records nothing of their sync", async () => {
      const gone = await volunteer("gone@example.org");
      const removed = await t.request("DELETE", `/api/admin/organisers/${gone.id}`, { cookie: organiser });
      expect(removed.status).toBe(200);
      const before = await checkIns();
      const res = await sync(gone.cookie, {
        device: "phone-gone",
        door: "Door 6",
        scans: [scan(group[1]!, "2026-12-01T08:00:00+05:30"), scan(family[0]!, "2026-12-01T08:00:00+05:30")],
      });
      expect(res.status).toBe(401);
      expect(await checkIns()).toEqual(before);
      expect((await t.request("GET", "/api/admin/door/list", { cookie: gone.cookie })).status).toBe(401);
      expect(await rows(sql`SELECT 1 FROM admin_sessions WHERE admin_id = ${gone.id}`)).toEqual([]);
      // Door volunteers are no organisers: the last organiser still cannot be removed.
      const [me] = await rows<{ id: string }>(sql`SELECT id FROM admins WHERE role = 'organiser'`);
      const last = await t.request("DELETE", `/api/admin/organisers/${me!.id}`, { cookie: organiser });
      expect(last.status).toBe(409);
    });
  });

  describe("any ticket found, and its admission told (issue 53)", { timeout: 60_000 }, () => {
    let vera: string;
    let ada: string[];
    let adaOrder = 0;
    beforeAll(async () => {
      organiser = await t.signIn();
      vera = (await volunteer("vera@example.org", "Vera Rubin")).cookie;
      ada = await buyFree("Ada Lovelace", "ada@example.org", 2);
      const [o] = await rows<{ order_id: string }>(sql`SELECT order_id FROM tickets WHERE code = ${ada[0]!}`);
      adaOrder = Number(o!.order_id);
    });
    const find = async (q: string) => {
      const res = await t.request("GET", `/api/admin/door/search?q=${encodeURIComponent(q)}`, { cookie: vera });
      expect(res.status, q).toBe(200);
      return (await res.json()) as DoorSearchAnswer;
    };

    it("finds the ticket by the code printed under its QR, its order reference (long or short) and the whole e-mail", async () => {
      expect((await find(ada[1]!)).attendees.map((a) => a[0])).toEqual([ada[1]]);
      expect((await find(ticketReference(adaOrder))).attendees.map((a) => a[0])).toEqual(ada);
      expect((await find(`T${adaOrder}`)).attendees.map((a) => a[0])).toEqual(ada);
      expect((await find("Ada@Example.org")).attendees.map((a) => a[0])).toEqual(ada);
      // Still only a whole address (issue 50).
      expect((await find("ada@example")).attendees).toEqual([]);
    });

    it("tells when, at which door and by whom a ticket was admitted: at the door, in the order's details and in the CSV", async () => {
      const at = "2026-12-01T09:54:00+05:30";
      await synced(vera, { device: "phone-vera", door: "Door 3", scans: [scan(ada[0]!, at, "vera-scan-0001")] });
      const admitted = { at: new Date(at).toISOString(), door: "Door 3", by: "Vera Rubin" };

      // At the door: the search answers the admission with the people found.
      expect((await find(ada[0]!)).checkedIn).toEqual({ [ada[0]!]: admitted });

      // The Attendees tab's order: the admitted ticket with its time, door and volunteer; the other not yet in.
      const res = await t.request("GET", `/api/admin/attendees/orders/${adaOrder}`, { cookie: organiser });
      expect(res.status).toBe(200);
      const order = (await res.json()) as AttendeeOrder;
      expect(order.list.map((x) => x.checkedIn)).toEqual([admitted, null]);
      expect(order.timeZone).toBe(PLANS.timeZone);

      // The CSV: "checked in" rather than "valid", the time in the event's zone, the door and the volunteer.
      const csv = await (await t.request("GET", "/api/admin/attendees/export", { cookie: organiser })).text();
      const lines = csv.trim().split(/\r?\n/);
      expect(lines[0]).toBe(
        `reference,ticket,plan,holder name,buyer name,buyer e-mail,status,checked in (${PLANS.timeZone}),door,admitted by`,
      );
      const reference = ticketReference(adaOrder);
      expect(lines).toContain(
        `${reference},1,Community,Ada Lovelace,Ada Lovelace,ada@example.org,checked in,2026-12-01T09:54:00+05:30,Door 3,Vera Rubin`,
      );
      expect(lines).toContain(`${reference},2,Community,,Ada Lovelace,ada@example.org,valid,,,`);
    });
  });
});
