/**
 * Issue 41: an organiser's name. Asked when an invitation is accepted (the inviter may suggest it), kept with
 * the account (migration 007, on PGlite as on PostgreSQL), shown in the organisers' list and written as the
 * author of their content saves; an account made before it has none and is named by its address's local part.
 * Through the whole app, on an embedded database (or TEST_DATABASE_URL) and a git working copy of its own.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubImageManifest } from "../../../app/content/stub-images";
import { IMAGE_MANIFEST } from "../../../app/lib/build-outputs";
import { freshPostgres } from "../../../tests/fixtures/fresh-postgres";
import { smallestBuild } from "../../../tests/fixtures/smallest-build";
import { createApp } from "../../app";
import { openDatabase, type Database } from "../../db/client";
import { migrate, migrationFiles } from "../../db/migrate";
import { rowsOf } from "../../db/rows";
import { schema } from "../../db/schema";
import { upsertAdmin } from "./queries";

const SITE = "https://tncc.example.org";
const PASSWORD = "a long enough password";
const DAY = "schedule/day-01.yaml";
let dir: string;
let repo: string;
let database: Database;
let app: Hono;
let ip = 0;

const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();
const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

function request(method: string, url: string, body?: unknown, cookie = "") {
  return app.request(`http://site.test/api/admin${url}`, {
    method,
    headers: {
      origin: SITE,
      cookie,
      "x-forwarded-for": `10.7.0.${++ip % 250}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function signIn(email: string, password = PASSWORD): Promise<string> {
  const res = await request("POST", "/session", { email, password });
  expect(res.status, await res.clone().text()).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

/** Saves a new title for day 01's first session as the organiser of `cookie`. */
async function saveTitle(cookie: string, title: string) {
  const opened = await request("GET", `/content/file?path=${encodeURIComponent(DAY)}`, undefined, cookie);
  expect(opened.status).toBe(200);
  const { text, blob } = (await opened.json()) as { text: string; blob: string };
  const next = text.replace(/^(\s*title: ).*$/m, `$1${title}`);
  expect(next).not.toBe(text);
  const res = await request("PUT", "/content/file", { path: DAY, text: next, base: blob }, cookie);
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-names-"));
  repo = path.join(dir, "repo");
  mkdirSync(repo);
  cpSync("content", path.join(repo, "content"), { recursive: true });
  mkdirSync(path.join(repo, "public", "images"), { recursive: true });
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  const first = git("rev-parse", "HEAD");
  const manifest = path.join(dir, path.basename(IMAGE_MANIFEST));
  writeFileSync(manifest, JSON.stringify(stubImageManifest()));
  database = await openDatabase({ dataDir: path.join(dir, "data"), databaseUrl: await freshPostgres("names") });
  app = createApp({
    root,
    log: () => {},
    trustProxy: true,
    siteUrl: SITE,
    database,
    forms: {
      organiserEmail: async () => "info@tncc.example.org",
      siteUrl: SITE,
      rateLimit: { limit: 1000, windowMs: 60_000 },
    },
    admin: {
      signInLimit: { limit: 100, windowMs: 60_000 },
      content: {
        copy: { dir: path.join(repo, "content"), imageManifest: manifest },
        images: { dir: path.join(repo, "public", "images") },
        liveCommit: () => first,
      },
    },
  });
}, 120_000);

afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("migration 007", { timeout: 60_000 }, () => {
  it("gives accounts and invitations a name column, on this database", async () => {
    expect(migrationFiles().map((m) => m.version)).toContain("007-organiser-names");
    const columns = await rows<{ table: string }>(
      sql`SELECT table_name AS table FROM information_schema.columns WHERE column_name = 'display_name' AND table_schema = 'public' ORDER BY table_name`,
    );
    expect(columns.map((c) => c.table)).toEqual(["admin_invites", "admins"]);
  });

  it("runs on PGlite (the earlier embedded database) over an account made before it, which keeps no name", async () => {
    const old = await PGlite.create();
    try {
      const oldDb = drizzle(old, { schema });
      const before = new Set(migrationFiles().map((m) => m.version));
      before.delete("007-organiser-names");
      await migrate(oldDb, undefined, before);
      await oldDb.execute(sql`INSERT INTO admins (email, password_hash) VALUES ('early@example.org', 'x')`);
      expect(await migrate(oldDb)).toEqual(["007-organiser-names"]);
      const [row] = rowsOf<{ display_name: string | null }>(
        await oldDb.execute(sql`SELECT display_name FROM admins WHERE email = 'early@example.org'`),
      );
      expect(row).toEqual({ display_name: null });
      await upsertAdmin(oldDb, "named@example.org", PASSWORD, false, "  Ama Owusu ");
      const [named] = rowsOf<{ display_name: string | null }>(
        await oldDb.execute(sql`SELECT display_name FROM admins WHERE email = 'named@example.org'`),
      );
      expect(named).toEqual({ display_name: "Ama Owusu" });
    } finally {
      await old.close();
    }
  });
});

describe("an organiser's name", { timeout: 60_000 }, () => {
  it("is the author of their content saves; an account without one is named by its address", async () => {
    await upsertAdmin(database.db, "grace@tncc.example.org", PASSWORD, false, "Grace Mensah");
    await saveTitle(await signIn("grace@tncc.example.org"), "Registration and Coffee");
    expect(git("log", "-1", "--format=%an|%ae|%cn|%s")).toBe(
      "Grace Mensah|grace@tncc.example.org|Grace Mensah|Edit content/schedule/day-01.yaml: sessions id 1 (Registration and Coffee)",
    );

    // An account made before names existed (the row as migration 006 left it).
    await upsertAdmin(database.db, "org1@tncc.example.org", PASSWORD, false);
    await database.db.execute(sql`UPDATE admins SET display_name = NULL WHERE email = 'org1@tncc.example.org'`);
    await saveTitle(await signIn("org1@tncc.example.org"), "Registration and Welcome");
    expect(git("log", "-1", "--format=%an|%ae")).toBe("org1|org1@tncc.example.org");
  });

  it("is suggested by the inviter, given by the invitee, and shown in the organisers' list", async () => {
    await upsertAdmin(database.db, "ada@tncc.example.org", PASSWORD, false, "Ada Lovelace");
    const ada = await signIn("ada@tncc.example.org");
    const invite = async (body: Record<string, string>) => {
      const res = await request("POST", "/organisers", body, ada);
      expect(res.status, await res.clone().text()).toBe(201);
      return new URL(((await res.json()) as { link: string }).link).searchParams.get("invite")!;
    };

    // "Their name" is offered to the invitee, who gives their own.
    const kofi = await invite({ email: "kofi@example.org", name: "Kofi" });
    expect(await (await request("GET", `/invite?token=${kofi}`)).json()).toMatchObject({ name: "Kofi" });
    const list = (await (await request("GET", "/organisers", undefined, ada)).json()) as {
      organisers: { email: string; name: string | null }[];
      invites: { email: string; name: string | null }[];
    };
    expect(list.invites.find((i) => i.email === "kofi@example.org")?.name).toBe("Kofi");
    expect((await request("POST", "/invite", { token: kofi, password: PASSWORD, name: "Kofi Boateng" })).status).toBe(
      201,
    );

    // Without a name of their own, the one suggested; with neither, none (their address names them).
    const esi = await invite({ email: "esi@example.org", name: "Esi Mensah" });
    expect((await request("POST", "/invite", { token: esi, password: PASSWORD, name: "" })).status).toBe(201);
    const yaw = await invite({ email: "yaw@example.org" });
    expect((await request("POST", "/invite", { token: yaw, password: PASSWORD })).status).toBe(201);

    const after = (await (await request("GET", "/organisers", undefined, ada)).json()) as typeof list;
    const names = Object.fromEntries(after.organisers.map((o) => [o.email, o.name]));
    expect(names).toMatchObject({
      "ada@tncc.example.org": "Ada Lovelace",
      "kofi@example.org": "Kofi Boateng",
      "esi@example.org": "Esi Mensah",
      "yaw@example.org": null,
    });

    // The new organiser's saves carry the name they gave.
    await saveTitle(await signIn("kofi@example.org"), "Registration, Coffee and Welcome");
    expect(git("log", "-1", "--format=%an")).toBe("Kofi Boateng");
  });

  it("refuses a name git cannot record, in words", async () => {
    const ada = await signIn("ada@tncc.example.org");
    const res = await request("POST", "/organisers", { email: "x@example.org", name: "Eve <eve@evil.test>" }, ada);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe(
      "A name cannot hold the characters < or > or line breaks.",
    );
  });
});
