/**
 * Issue 41: the editor's page preview endpoints (server/content/routes.ts over app/content/preview.server.ts):
 * behind the organisers' session; a page path is checked; a page's data is drawn from the working copy as saved.
 */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { IMAGE_MANIFEST } from "../../app/lib/build-outputs";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AnswerOf } from "../../app/lib/admin/route";
import type { PreviewDraftAnswer, PreviewPageAnswer, previewPages } from "../../app/api/admin/content";
type PreviewPagesAnswer = AnswerOf<typeof previewPages>;
import type * as Load from "../../app/content/load";
import { stubImageManifest } from "../../app/content/stub-images";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { upsertAdmin } from "../admin/accounts/queries";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";

// The build's content layer reads the image manifest the build writes; these tests run before any build.
vi.mock("../../app/content/load", async (original) => ({
  ...(await original<typeof Load>()),
  readImageManifest: () => stubImageManifest(),
}));

const SITE = "https://tncc.example.org";
let dir: string;
let contentDir: string;
let database: Database;
let app: Hono;
let cookie = "";

function get(url: string, headers: Record<string, string> = {}) {
  return app.request(`http://site.test/api/admin${url}`, {
    headers: { origin: SITE, cookie, "x-forwarded-for": "10.9.0.2", ...headers },
  });
}

function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(`http://site.test/api/admin${url}`, {
    method: "POST",
    headers: { origin: SITE, cookie, "x-forwarded-for": "10.9.0.2", "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-page-preview-"));
  const repo = path.join(dir, "repo");
  contentDir = path.join(repo, "content");
  mkdirSync(repo);
  cpSync("content", contentDir, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content");
  // The server runs with CONTENT_DIR at the working copy the editor saves to (server/config.ts).
  vi.stubEnv("CONTENT_DIR", contentDir);
  const manifest = path.join(dir, path.basename(IMAGE_MANIFEST));
  writeFileSync(manifest, JSON.stringify(stubImageManifest()));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  app = createApp({
    root,
    log: () => {},
    trustProxy: true,
    siteUrl: SITE,
    database,
    forms: {
      organiserEmail: async () => "info@tncc.example.org",
      siteUrl: SITE,
      rateLimit: { limit: 100, windowMs: 1000 },
    },
    admin: { content: { copy: { dir: contentDir, imageManifest: manifest }, liveCommit: () => null } },
  });
  await upsertAdmin(database.db, "preview@tncc.example.org", "preview password long", false);
  const res = await app.request("http://site.test/api/admin/session", {
    method: "POST",
    headers: { origin: SITE, "content-type": "application/json", "x-forwarded-for": "10.9.0.2" },
    body: JSON.stringify({ email: "preview@tncc.example.org", password: "preview password long" }),
  });
  expect(res.status).toBe(200);
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the page preview's endpoints", { timeout: 60_000 }, () => {
  it("need a session", async () => {
    for (const url of ["/content/preview-pages?path=schedule/day-01.yaml", "/content/page?page=/event-detail/1/1"]) {
      const res = await get(url, { cookie: "" });
      expect(res.status, url).toBe(401);
      expect(JSON.stringify(await res.json()), url).not.toContain("Registration");
    }
  });

  it("name the pages a file shows on", async () => {
    const res = await get("/content/preview-pages?path=schedule/day-01.yaml");
    expect(res.status).toBe(200);
    const { pages } = (await res.json()) as PreviewPagesAnswer;
    expect(pages).toContainEqual({ page: "/event-detail/1/1", label: "Registration & Welcome" });
  });

  it("draw a page from the content as saved, refuse a path that is not one, say in words when there is no page", async () => {
    const file = path.join(contentDir, "schedule", "day-01.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("title: Registration & Welcome", "title: Doors Open & Welcome"),
    );
    const res = await get("/content/page?page=/event-detail/1/1");
    expect(res.status).toBe(200);
    const answer = (await res.json()) as PreviewPageAnswer;
    expect(answer.route).toBe("event-detail");
    expect((answer.data as { session: { title: string } }).session.title).toBe("Doors Open & Welcome");

    for (const page of ["event-detail/1/1", "/Event-Detail/1/1", "/a?b", `/${"a".repeat(200)}`, "/../x"]) {
      const bad = await get(`/content/page?page=${encodeURIComponent(page)}`);
      expect(bad.status, page).toBe(400);
    }
    const missing = await get("/content/page?page=/event-detail/1/999");
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: string }).error).toMatch(/cannot show \/event-detail\/1\/999/);
  });

  it("draw a page from the text as typed, saved or not, and write nothing (issue 51)", async () => {
    const rel = "schedule/day-01.yaml";
    const file = path.join(contentDir, ...rel.split("/"));
    const saved = readFileSync(file, "utf8");
    const typed = saved.replace(/title: .*Welcome/, "title: Typed Not Saved");
    const res = await post("/content/preview", { path: rel, text: typed, page: "/event-detail/1/1" });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = (await res.json()) as PreviewDraftAnswer;
    expect(answer).toMatchObject({ route: "event-detail", page: "/event-detail/1/1" });
    expect((answer.data as { session: { title: string } }).session.title).toBe("Typed Not Saved");
    expect(answer.pages).toContainEqual({ page: "/event-detail/1/1", label: "Typed Not Saved" });
    expect(readFileSync(file, "utf8")).toBe(saved);
    // The saved content is what the saved preview, and every later request, still reads.
    const after = (await (await get("/content/page?page=/event-detail/1/1")).json()) as PreviewPageAnswer;
    expect((after.data as { session: { title: string } }).session.title).not.toBe("Typed Not Saved");

    // Without a page: the file's first (the schedule); a new session typed without id or number is drawn too.
    const added = `${typed.trimEnd()}\n  - title: Prayer walk\n    start: "17:00"\n    image: sessions/1.jpg\n    text: We walk and pray.\n`;
    const sent = await post("/content/preview", { path: rel, text: added });
    expect(sent.status, await sent.clone().text()).toBe(200);
    const first = (await sent.json()) as PreviewDraftAnswer;
    expect(first.page).toBe("/schedule");
    expect(first.pages.map((p) => p.label)).toContain("Prayer walk");

    // A new speaker's file, not yet saved, shows on its own page.
    const speaker = "speakers/09-new-voice.md";
    const text = "---\nname: A New Voice\ndesignation: Speaker\nphoto: speakers/1.jpg\n---\n\nA short biography.\n";
    const fresh = await post("/content/preview", { path: speaker, text });
    expect(fresh.status, await fresh.clone().text()).toBe(200);
    expect(((await fresh.json()) as PreviewDraftAnswer).pages).toEqual([
      { page: expect.stringMatching(/^\/speakers-detail\/\d+$/), label: "A New Voice" },
    ]);
  });

  it("say in words why a typed text cannot be drawn, and refuse what is not a content file", async () => {
    const rel = "schedule/day-01.yaml";
    const saved = readFileSync(path.join(contentDir, "schedule", "day-01.yaml"), "utf8");
    const res = await post("/content/preview", { path: rel, text: saved.replace('end: "09:00"', 'end: "07:00"') });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: string; problems: string[] };
    expect(body.error).toMatch(/cannot be drawn yet/);
    expect(body.problems.join("\n")).toMatch(/must be after start/);

    expect((await post("/content/preview", { path: "../server.ts", text: "x" })).status).toBe(400);
    expect((await post("/content/preview", { path: rel, text: saved, page: "schedule" })).status).toBe(400);
    expect((await post("/content/preview", { path: rel, text: saved }, { cookie: "" })).status).toBe(401);
    // Without a path: the Markdown preview, as before.
    const markdown = await post("/content/preview", { text: "**Bold**" });
    expect(await markdown.json()).toEqual({ html: expect.stringContaining("<strong>Bold</strong>") });
  });
});
