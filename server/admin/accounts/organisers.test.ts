/**
 * Invitations and the organisers' browsers (issue 39), through the whole app, on an embedded database in a
 * temporary folder, or with TEST_DATABASE_URL (`npm run test:pg`) on a fresh database of that PostgreSQL server.
 */
import { secretHash } from "../../secret";
import { adminApp, SITE } from "../../../tests/fixtures/admin-app";
import { rmSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { upsertAdmin } from "./queries";
import type * as Password from "./password";

/** Every password hash the server makes is counted (the real one still runs). */
const hashes = vi.hoisted(() => ({ count: 0 }));
vi.mock("./password", async (importOriginal) => {
  const actual = await importOriginal<typeof Password>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      hashes.count++;
      return actual.hashPassword(password);
    },
  };
});

const PASSWORD = "correct horse battery";
let dir: string;
let database: Database;
let app: Hono;
let clock = Date.parse("2026-11-23T10:00:00Z");
let ip = 0;

beforeAll(async () => {
  ({ dir, database, app } = await adminApp("organisers", () => clock));
  for (const email of ["ada@tncc.example.org", "bea@tncc.example.org", "cy@tncc.example.org"])
    await upsertAdmin(database.db, email, PASSWORD, false);
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

function request(
  method: string,
  url: string,
  { body, cookie, headers = {} }: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
) {
  return app.request(`http://site.test${url}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": headers["x-forwarded-for"] ?? `10.1.0.${++ip % 250}`,
      origin: SITE,
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
  });
}

async function signIn(email = "ada@tncc.example.org"): Promise<string> {
  const res = await request("POST", "/api/admin/session", { body: { email, password: PASSWORD } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** Invites `email` as the organiser of `cookie`; returns the link's token. */
async function invite(cookie: string, email: string): Promise<string> {
  const res = await request("POST", "/api/admin/organisers", { cookie, body: { email } });
  expect(res.status, await res.clone().text()).toBe(201);
  return new URL(((await res.json()) as { link: string }).link).searchParams.get("invite")!;
}

const accept = (token: string, headers?: Record<string, string>) =>
  request("POST", "/api/admin/invite", { body: { token, password: "a long new password" }, headers });

type Organisers = { organisers: { id: number; email: string }[]; invites: { id: string; email: string }[] };

describe("accepting an invitation", { timeout: 60_000 }, () => {
  it("looks the token up before hashing the password: a made-up token costs no password hash", async () => {
    hashes.count = 0;
    for (let i = 0; i < 3; i++) expect((await accept(`made-up-token-${i}`.padEnd(43, "x"))).status).toBe(404);
    expect(hashes.count).toBe(0);
    // A real link still hashes the password once, and creates the account.
    const token = await invite(await signIn(), "hash@example.org");
    hashes.count = 0;
    expect((await accept(token)).status).toBe(201);
    expect(hashes.count).toBe(1);
  });

  it("signs the new account in at once, for as long as its role's session lasts (issue 53)", async () => {
    const cookie = await signIn();
    const start = clock;
    for (const [role, email, maxAge] of [
      ["door", "volunteer@example.org", String(16 * 3600)],
      ["organiser", "organiser@example.org", null],
    ] as const) {
      const invited = await request("POST", "/api/admin/organisers", { cookie, body: { email, role } });
      expect(invited.status).toBe(201);
      const token = new URL(((await invited.json()) as { link: string }).link).searchParams.get("invite")!;
      const res = await accept(token);
      expect(res.status).toBe(201);
      // The answer is the session's, as signing in answers.
      expect(await res.json()).toEqual({ email, name: email.split("@")[0], mustChangePassword: false, role });
      const setCookie = res.headers.get("set-cookie") ?? "";
      // A door phone's cookie outlives the browser for the door session (16 hours); an organiser's ends with it.
      expect(/Max-Age=(\d+)/.exec(setCookie)?.[1] ?? null).toBe(maxAge);
      const session = setCookie.split(";")[0]!;
      const who = await request("GET", "/api/admin/session", { cookie: session });
      expect(who.status).toBe(200);
      expect(await who.json()).toMatchObject({ email, role });
      const [audited] = await rows<{ target: string }>(
        sql`SELECT target FROM audit_log WHERE action = 'sign-in' AND actor = ${email}`,
      );
      expect(audited?.target).toBe("invite");
    }
    clock = start + 60_000;
  });

  it("a volunteer who accepted (signed in by it) shows that sign-in's time, not 'has not signed in yet' (issue 62)", async () => {
    const cookie = await signIn();
    const token = await invite(cookie, "door-walk@example.org");
    const acceptedAt = clock;
    expect((await accept(token)).status).toBe(201);
    clock += 60_000;
    const res = await request("GET", "/api/admin/organisers", { cookie });
    const { organisers } = (await res.json()) as { organisers: { email: string; lastSignInAt: string | null }[] };
    const volunteer = organisers.find((o) => o.email === "door-walk@example.org");
    expect(volunteer?.lastSignInAt).toBe(new Date(acceptedAt).toISOString());
  });

  it("limits tries per client address as sign-in does (429, said in words)", async () => {
    const same = { "x-forwarded-for": "10.9.9.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await accept(`guess-${i}`.padEnd(43, "x"), same)).status);
    expect(statuses.every((s) => s === 404)).toBe(true);
    const eleventh = await accept("guess-11".padEnd(43, "x"), same);
    expect(eleventh.status).toBe(429);
    expect(((await eleventh.json()) as { error: string }).error).toMatch(/^Too many requests: try again/);
    expect(eleventh.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address has its own budget, and the window passes.
    expect((await accept("guess-12".padEnd(43, "x"))).status).toBe(404);
    clock += 60_000;
    expect((await accept("guess-13".padEnd(43, "x"), same)).status).toBe(404);
  });
});

describe("withdrawing invitations", { timeout: 60_000 }, () => {
  it("withdraws a waiting invitation: its link works no more, audited", async () => {
    const cookie = await signIn();
    const token = await invite(cookie, "Withdrawn@Example.org");
    const kept = await invite(cookie, "kept@example.org");
    const list = (await (await request("GET", "/api/admin/organisers", { cookie })).json()) as Organisers;
    const waiting = list.invites.find((i) => i.email === "Withdrawn@Example.org");
    expect(waiting?.id, JSON.stringify(list.invites)).toMatch(/^[0-9a-f]{64}$/);
    // The id is the stored hash: the token itself is never shown again.
    expect(waiting!.id).toBe(secretHash(token));

    const res = await request("DELETE", `/api/admin/organisers/invites/${waiting!.id}`, { cookie });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toEqual({ withdrawn: "Withdrawn@Example.org" });
    expect((await request("GET", `/api/admin/invite?token=${token}`)).status).toBe(404);
    expect((await accept(token)).status).toBe(404);
    const after = (await (await request("GET", "/api/admin/organisers", { cookie })).json()) as Organisers;
    expect(after.invites.map((i) => i.email)).toEqual(["kept@example.org"]);
    expect((await request("GET", `/api/admin/invite?token=${kept}`)).status).toBe(200);

    // Twice, or an unknown or malformed id: nothing to withdraw.
    for (const id of [waiting!.id, "0".repeat(64), "1", "x' OR 1=1"])
      expect(
        (await request("DELETE", `/api/admin/organisers/invites/${encodeURIComponent(id)}`, { cookie })).status,
      ).toBe(404);
    const audited = await rows<{ actor: string }>(
      sql`SELECT actor FROM audit_log WHERE action = 'organiser-invite-withdrawn' AND target = 'email:withdrawn@example.org'`,
    );
    expect(audited).toEqual([{ actor: "ada@tncc.example.org" }]);
    // Without a session, nothing.
    expect((await request("DELETE", `/api/admin/organisers/invites/${secretHash(kept)}`)).status).toBe(401);
  });

  it("removing an organiser withdraws the invitations they made", async () => {
    const ada = await signIn();
    const bea = await signIn("bea@tncc.example.org");
    const theirs = await invite(bea, "x@example.org");
    const adas = await invite(ada, "y@example.org");
    const list = (await (await request("GET", "/api/admin/organisers", { cookie: ada })).json()) as Organisers;
    const b = list.organisers.find((o) => o.email === "bea@tncc.example.org")!;
    expect((await request("DELETE", `/api/admin/organisers/${b.id}`, { cookie: ada })).status).toBe(200);

    expect((await request("GET", `/api/admin/invite?token=${theirs}`)).status).toBe(404);
    expect((await accept(theirs)).status).toBe(404);
    const [row] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM admins WHERE lower(email) = 'x@example.org'`,
    );
    expect(row?.n).toBe(0);
    // Another organiser's invitation stays.
    expect((await accept(adas)).status).toBe(201);
  });
});

describe("known browsers (the device cookie)", { timeout: 60_000 }, () => {
  const signInWith = (email: string, device?: string) =>
    request("POST", "/api/admin/session", { body: { email, password: PASSWORD }, cookie: device });
  const deviceOf = (res: Response) =>
    (res.headers.getSetCookie().find((c) => c.startsWith("tncc_device=")) ?? "").split(";")[0]!;
  const lastUsed = async (device: string) =>
    (
      await rows<{ admin_id: string; last_used_at: Date | string }>(
        sql`SELECT admin_id, last_used_at FROM admin_devices WHERE token_hash = ${secretHash(device.split("=")[1]!)}`,
      )
    ).map((r) => ({ adminId: Number(r.admin_id), lastUsedAt: new Date(r.last_used_at).toISOString() }));

  it("a known browser keeps its token, and its row is kept alive", async () => {
    const first = await signInWith("cy@tncc.example.org");
    const device = deviceOf(first);
    expect(device).toMatch(/^tncc_device=[\w-]{40,}$/);
    const [cy] = await lastUsed(device);
    expect(cy).toBeDefined();
    // The same browser again, a day later: known, so no new token, and its last use moves on.
    clock += 86_400_000;
    const again = await signInWith("cy@tncc.example.org", device);
    expect(again.status).toBe(200);
    expect(deviceOf(again)).toBe("");
    expect(await lastUsed(device)).toEqual([{ adminId: cy!.adminId, lastUsedAt: new Date(clock).toISOString() }]);
  });

  it("another organiser signing in with that cookie gets a token of their own and refreshes nothing of the first's", async () => {
    const device = deviceOf(await signInWith("cy@tncc.example.org"));
    const [cy] = await lastUsed(device);
    clock += 86_400_000;
    const other = await signInWith("ada@tncc.example.org", device);
    expect(other.status).toBe(200);
    // The browser is new to them: a token of their own, and the first organiser's row is not touched.
    expect(await lastUsed(device)).toEqual([cy]);
    const theirs = deviceOf(other);
    expect(theirs).toMatch(/^tncc_device=[\w-]{40,}$/);
    expect((await lastUsed(theirs))[0]?.adminId).not.toBe(cy!.adminId);
  });
});
