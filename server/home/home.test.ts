/**
 * `GET /api/admin/home` (issue 41): what needs the organisers' attention, through the whole app on an
 * embedded database in a temporary folder (or a fresh one on TEST_DATABASE_URL); the count of saved changes
 * not yet published on a git working copy of its own.
 */
import { adminApp, SITE } from "../../tests/fixtures/admin-app";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HomeSummary } from "../../app/api/admin/home";
import type { Database } from "../db/client";
import { upsertAdmin } from "../admin/accounts/queries";
import { unpublishedCount } from "./routes";
import { sql } from "drizzle-orm";
import { BUILD_OUTPUTS } from "../../app/lib/build-outputs";
import { EVENT } from "../../tests/fixtures/shifts-app";

const PASSWORD = "correct horse battery";
let dir: string;
let database: Database;
let app: Hono;
let ip = 0;

beforeAll(async () => {
  ({ dir, database, app } = await adminApp("home", () => Date.parse("2026-11-23T10:00:00Z")));
  await upsertAdmin(database.db, "ada@tncc.example.org", PASSWORD, false);
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const request = (method: string, url: string, { cookie, body }: { cookie?: string; body?: unknown } = {}) =>
  app.request(`http://site.test${url}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": `10.7.0.${++ip % 250}`,
      origin: SITE,
      ...(cookie ? { cookie } : {}),
    },
  });

async function send(kind: string, body: Record<string, string>) {
  const res = await request("POST", `/api/forms/${kind}`, { body });
  expect(res.status, await res.clone().text()).toBe(201);
}

const home = async (cookie: string) => {
  const res = await request("GET", "/api/admin/home", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as HomeSummary;
};

describe("GET /api/admin/home", { timeout: 60_000 }, () => {
  it("answers 401 without a session, and with a forged one", async () => {
    const res = await request("GET", "/api/admin/home");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "Please sign in." });
    expect((await request("GET", "/api/admin/home", { cookie: "tncc_admin=forged" })).status).toBe(401);
  });

  it("counts new messages per form and comments waiting; a handled one no longer counts", async () => {
    const signIn = await request("POST", "/api/admin/session", {
      body: { email: "ada@tncc.example.org", password: PASSWORD },
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;

    // Nothing waits yet; this server has no editor, so whether anything is unpublished cannot be told.
    expect(await home(cookie)).toEqual({ messages: [], comments: 0, unpublished: null });

    for (const n of [1, 2])
      await send("contact", {
        name: "Ada",
        phone: "+1 555 0100",
        email: `home${n}@example.org`,
        subject: `Parking ${n}`,
        message: `Hello ${n}`,
      });
    await send("comment", { name: "Bo", email: "bo@example.org", comment: "Lovely", page: "/blog-single/1" });
    expect(await home(cookie)).toEqual({
      messages: [{ kind: "contact", label: "Contact", count: 2 }],
      comments: 1,
      unpublished: null,
    });

    const list = (await (await request("GET", "/api/admin/submissions?kind=contact", { cookie })).json()) as {
      items: { id: number }[];
    };
    const marked = await request("PATCH", `/api/admin/submissions/${list.items[0]!.id}`, {
      cookie,
      body: { status: "handled" },
    });
    expect(marked.status).toBe(200);
    expect((await home(cookie)).messages).toEqual([{ kind: "contact", label: "Contact", count: 1 }]);
  });
});

describe("the next shift short of people (issue 66)", { timeout: 60_000 }, () => {
  it("names the soonest shift not yet over with fewer people than it needs, and counts the short ones", async () => {
    writeFileSync(
      path.join(dir, "build", BUILD_OUTPUTS.shifts.file),
      JSON.stringify({ ...EVENT, timeZone: "America/Chicago", days: ["2026-11-23", "2026-11-24"] }),
    );
    const signIn = await request("POST", "/api/admin/session", {
      body: { email: "ada@tncc.example.org", password: PASSWORD },
    });
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const ruth = await upsertAdmin(database.db, "ruth@tncc.example.org", PASSWORD, false, "Ruth Bell");
    const { db } = database;
    await db.execute(sql`INSERT INTO volunteer_roles (name) VALUES ('Door'), ('Welcome')`);
    await db.execute(sql`INSERT INTO volunteer_places (name) VALUES ('Door 1'), ('Desk')`);
    const add = (place: string, role: string, from: string, until: string, needed: number) =>
      db.execute(sql`
        INSERT INTO shifts (place_id, role_id, starts_at, ends_at, needed)
        SELECT p.id, r.id, ${from}::timestamptz, ${until}::timestamptz, ${needed}
        FROM volunteer_places p, volunteer_roles r WHERE p.name = ${place} AND r.name = ${role}`);
    // Now is 04:00 in Chicago. Over already, short: not a gap any more. Full: not a gap.
    await add("Door 1", "Door", "2026-11-22T08:00:00-06:00", "2026-11-22T12:00:00-06:00", 2);
    await add("Desk", "Welcome", "2026-11-23T08:00:00-06:00", "2026-11-23T12:00:00-06:00", 1);
    await db.execute(sql`
      INSERT INTO shift_signups (shift_id, admin_id)
      SELECT s.id, ${ruth.id} FROM shifts s WHERE s.starts_at = '2026-11-23T08:00:00-06:00'`);
    expect((await home(cookie)).nextGap).toBeUndefined();

    await add("Door 1", "Door", "2026-11-24T13:00:00-06:00", "2026-11-24T17:00:00-06:00", 1);
    // The soonest short one: under way since 03:00, one person of two.
    await add("Door 1", "Door", "2026-11-23T03:00:00-06:00", "2026-11-23T07:00:00-06:00", 2);
    await db.execute(sql`
      INSERT INTO shift_signups (shift_id, admin_id)
      SELECT s.id, ${ruth.id} FROM shifts s WHERE s.starts_at = '2026-11-23T03:00:00-06:00'`);
    expect((await home(cookie)).nextGap).toEqual({
      what: "Door at Door 1",
      when: "Monday 23 November 2026, 03:00 to 07:00 (CST)",
      filled: 1,
      needed: 2,
      gaps: 2,
    });
  });
});

describe("unpublishedCount", () => {
  let repo: string;
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@example.org", ...args], {
      encoding: "utf8",
    }).trim();
  const commit = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(repo, file)), { recursive: true });
    writeFileSync(path.join(repo, file), text);
    git("add", "--", file);
    git("commit", "--quiet", "-m", `Change ${file}`);
    return git("rev-parse", "HEAD");
  };
  beforeAll(() => {
    repo = mkdtempSync(path.join(tmpdir(), "tncc-home-git-"));
    git("init", "--quiet");
  });
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it("counts the content commits since the live build's, and says null when it cannot tell", async () => {
    const live = commit("content/site.yaml", "title: A\n");
    const copy = { dir: path.join(repo, "content"), imageManifest: "" };
    const options = (liveCommit: string | null) => ({ copy, liveCommit: () => liveCommit });
    expect(await unpublishedCount(options(live))).toBe(0);
    commit("content/site.yaml", "title: B\n");
    commit("content/faqs.yaml", "- q: Why?\n");
    // A commit outside the content (code) is not the organisers' change.
    commit("README.md", "readme\n");
    expect(await unpublishedCount(options(live))).toBe(2);
    expect(await unpublishedCount(options(null))).toBeNull();
    expect(await unpublishedCount(options("0".repeat(40)))).toBeNull();
    expect(await unpublishedCount(options("--all"))).toBeNull();
    expect(await unpublishedCount(undefined)).toBeNull();
  });
});
