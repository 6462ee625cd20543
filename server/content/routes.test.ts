/**
 * Issue 30: the content editor's API on a git working copy of its own (a copy of content/ in a temporary
 * repository): a save is checked by the build's loader before anything is written, is a commit by the
 * organiser naming the file and entry, never overwrites a newer version, never leaves content/; undo.
 */
import { IMAGE_MANIFEST } from "../../app/lib/build-outputs";
import type { AnswerOf } from "../../app/lib/admin/route";
import * as api from "../../app/api/admin/content";
import type { ContentChange, ContentProblemsAnswer } from "../../app/api/admin/content";
import { wrongBodies } from "../../tests/fixtures/contract";
type ContentFilesAnswer = AnswerOf<typeof api.contentFiles>;
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stubImageManifest } from "../../app/content/stub-images";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import sharp from "sharp";
import { upsertAdmin } from "../admin/accounts/queries";

const SITE = "https://tncc.example.org";
let dir: string;
let repo: string;
let database: Database;
let app: Hono;
let cookie: string;
let first: string;

const git = (...args: string[]) => execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" }).trim();
const DAY = "schedule/day-01.yaml";
const dayFile = () => path.join(repo, "content", DAY);

function request(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  return app.request(`http://site.test/api/admin${url}`, {
    method,
    headers: {
      origin: SITE,
      cookie,
      "x-forwarded-for": "10.9.0.1",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function open(rel: string) {
  const res = await request("GET", `/content/file?path=${encodeURIComponent(rel)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as { text: string; blob: string };
}

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-content-"));
  repo = path.join(dir, "repo");
  mkdirSync(repo);
  cpSync("content", path.join(repo, "content"), { recursive: true });
  mkdirSync(path.join(repo, "public", "images", "blog"), { recursive: true });
  writeFileSync(path.join(repo, "public", "images", "blog", ".keep"), "");
  git("init", "--quiet");
  git("add", ".");
  git("-c", "user.name=setup", "-c", "user.email=setup@example.org", "commit", "--quiet", "-m", "Content as deployed");
  first = git("rev-parse", "HEAD");
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
    admin: {
      content: {
        copy: { dir: path.join(repo, "content"), imageManifest: manifest },
        images: { dir: path.join(repo, "public", "images") },
        liveCommit: () => first,
      },
    },
  });
  // An organiser with a display name: their saves are listed by it (issue 51).
  await upsertAdmin(database.db, "editor@tncc.example.org", "editor password long", false, "Esi Mensah");
  cookie = "";
  const res = await request("POST", "/session", { email: "editor@tncc.example.org", password: "editor password long" });
  expect(res.status).toBe(200);
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}, 120_000);

afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the content editor's API", { timeout: 60_000 }, () => {
  it("needs a session and the site's Origin on every route", async () => {
    for (const [method, url] of [
      ["GET", "/content/files"],
      ["GET", `/content/file?path=${DAY}`],
      ["PUT", "/content/file"],
      ["GET", "/content/history"],
      ["GET", "/content/changes"],
      ["POST", "/content/undo"],
    ] as const) {
      expect((await request(method, url, method === "GET" ? undefined : {}, { cookie: "" })).status, url).toBe(401);
      if (method !== "GET")
        expect((await request(method, url, {}, { origin: "https://evil.test" })).status, url).toBe(403);
    }
  });

  it("refuses a wrong body with a 400 that names the field, on every Content route that takes one", async () => {
    const wrong = wrongBodies(api);
    expect(wrong.map((w) => w.path).sort()).toEqual(["/content/file", "/content/preview", "/content/undo"]);
    const said: Record<string, string> = {
      "/content/file": "Name a content file.",
      "/content/preview": "The text is missing.",
      "/content/undo": "Name the change to undo.",
    };
    const head = git("rev-parse", "HEAD");
    for (const w of wrong) {
      const res = await request(w.method, w.path, w.body);
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toEqual({ error: said[w.path], field: w.field });
    }
    expect(git("rev-parse", "HEAD")).toBe(head);
    expect(git("status", "--porcelain")).toBe("");
  });

  it("saves a changed title as a commit by the organiser naming the file and entry", async () => {
    const { text, blob } = await open(DAY);
    const next = text.replace("title: Registration & Welcome", "title: Registration, Coffee & Welcome");
    const res = await request("PUT", "/content/file", { path: DAY, text: next, base: blob });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(readFileSync(dayFile(), "utf8")).toBe(next);
    expect(git("log", "-1", "--format=%ae|%s")).toBe(
      "editor@tncc.example.org|Edit content/schedule/day-01.yaml: sessions id 1 (Registration, Coffee & Welcome)",
    );
    expect(git("status", "--porcelain")).toBe("");
    const changes = (await (await request("GET", "/content/changes")).json()) as { changes: { message: string }[] };
    expect(changes.changes.map((c) => c.message)).toEqual([expect.stringContaining("Registration, Coffee")]);
  });

  it("refuses a save the build would refuse, names the field in words and by its place, and writes nothing", async () => {
    const speaker = "speakers/01-grace-adeyemi.md";
    const cases: [string, (text: string) => string, string, (string | number)[]][] = [
      [
        DAY,
        (t) => t.replace('end: "09:00"', 'end: "07:00"'),
        "Session 1 (Registration, Coffee & Welcome): the end, 07:00, must be after start (08:00)",
        ["sessions", 0, "end"],
      ],
      [speaker, (t) => t.replace(/^name: .*$/m, ""), "The name is required", ["name"]],
      [
        DAY,
        (t) => t.replace(/speaker: \d+/, "speaker: 99"),
        "the speaker, 99, unknown speaker 99 (known: 1,",
        ["sessions", 1, "speaker"],
      ],
    ];
    for (const [rel, change, message, at] of cases) {
      const before = git("rev-parse", "HEAD");
      const { text, blob } = await open(rel);
      const res = await request("PUT", "/content/file", { path: rel, text: change(text), base: blob });
      expect(res.status, rel).toBe(422);
      const body = (await res.json()) as ContentProblemsAnswer;
      expect(body.problems.join("\n")).toContain(message);
      expect(body.fields).toContainEqual({ file: rel, path: at, message: expect.stringContaining(message) });
      expect(git("status", "--porcelain")).toBe("");
      expect(git("rev-parse", "HEAD")).toBe(before);
    }
  });

  it("refuses a save over a newer version (someone else saved since) and keeps both texts", async () => {
    const { text, blob } = await open(DAY);
    const theirs = text.replace("title: Registration, Coffee & Welcome", "title: Their title");
    expect((await request("PUT", "/content/file", { path: DAY, text: theirs, base: blob })).status).toBe(200);
    const mine = text.replace("title: Registration, Coffee & Welcome", "title: My title");
    const res = await request("PUT", "/content/file", { path: DAY, text: mine, base: blob });
    expect(res.status).toBe(409);
    const body = (await res.json()) as { error: string; text: string };
    expect(body.error).toMatch(/changed by someone else since you opened it/);
    expect(body.text).toBe(mine);
    expect(readFileSync(dayFile(), "utf8")).toBe(theirs);
  });

  it("never reads or writes outside the content's YAML and Markdown", async () => {
    const { blob } = await open(DAY);
    for (const bad of [
      "../package.json",
      "../content/site.yaml",
      "..%2fsite.yaml",
      "/etc/passwd",
      "schedule/../../x.yaml",
      ".git/config",
      "schedule\\day-01.yaml",
      "site.yaml.sh",
      "C:/site.yaml",
    ]) {
      expect((await request("GET", `/content/file?path=${encodeURIComponent(bad)}`)).status, bad).toBe(400);
      expect((await request("PUT", "/content/file", { path: bad, text: "x: 1", base: blob })).status, bad).toBe(400);
    }
    // A folder inside the content that links elsewhere is not the content.
    writeFileSync(path.join(dir, "outside.yaml"), "secret: 1\n");
    symlinkSync(dir, path.join(repo, "content", "elsewhere"));
    expect((await request("GET", "/content/file?path=elsewhere/outside.yaml")).status).toBe(400);
    expect(
      (await request("PUT", "/content/file", { path: "elsewhere/outside.yaml", text: "x: 1", base: blob })).status,
    ).toBe(400);
    rmSync(path.join(repo, "content", "elsewhere"));
    expect((await request("GET", "/content/file?path=missing.yaml")).status).toBe(404);
    expect((await request("PUT", "/content/file", { path: DAY, text: "x", base: "nope" })).status).toBe(400);
    expect(git("status", "--porcelain")).toBe("");
  });

  it("shows a file's history and undoes a change with a new commit", async () => {
    const history = (await (await request("GET", `/content/history?path=${DAY}`)).json()) as {
      changes: { commit: string; message: string; author: string }[];
    };
    expect(history.changes[0]?.message).toMatch(/^Programme · Day 1, Thu 24 Oct: .*Their title/);
    expect(history.changes[0]?.author).toBe("Esi Mensah");
    const res = await request("POST", "/content/undo", { commit: history.changes[0]!.commit });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(readFileSync(dayFile(), "utf8")).toContain("title: Registration, Coffee & Welcome");
    expect(git("log", "-1", "--format=%ae|%s")).toMatch(/^editor@tncc\.example\.org\|Undo "Edit content\/schedule/);
    expect((await request("POST", "/content/undo", { commit: "0".repeat(40) })).status).toBe(404);
  });

  it("undoes only a change of the content or pictures on this branch, and commits only its files (issue 39)", async () => {
    const commit = (files: Record<string, string>, message: string) => {
      for (const [rel, text] of Object.entries(files)) {
        mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
        writeFileSync(path.join(repo, rel), text);
      }
      git("add", "--", ...Object.keys(files));
      git("-c", "user.name=dev", "-c", "user.email=dev@example.org", "commit", "--quiet", "-m", message);
      return git("rev-parse", "HEAD");
    };
    const faqs = readFileSync(path.join(repo, "content", "faqs.yaml"), "utf8");
    const code = commit({ "server/check.ts": "export const checked = true;\n" }, "A code change");
    const mixed = commit(
      { "content/faqs.yaml": `${faqs}# checked\n`, "server/check.ts": "export const checked = false;\n" },
      "Content and code at once",
    );
    const clients = readFileSync(path.join(repo, "content", "clients.yaml"), "utf8");
    git("checkout", "--quiet", "-b", "elsewhere", "HEAD~2");
    commit({ "content/clients.yaml": `${clients}# merged\n` }, "On a branch, merged");
    git("checkout", "--quiet", "-");
    git(
      "-c",
      "user.name=dev",
      "-c",
      "user.email=dev@example.org",
      "merge",
      "--quiet",
      "--no-ff",
      "-m",
      "A merge",
      "elsewhere",
    );
    const merge = git("rev-parse", "HEAD");
    // A commit that exists in the repository but not on the live branch.
    git("checkout", "--quiet", "elsewhere");
    const offBranch = commit({ "content/clients.yaml": `${clients}# elsewhere\n` }, "Not on the live branch");
    git("checkout", "--quiet", "-");
    git("branch", "--quiet", "-D", "elsewhere");
    const head = merge;

    const refused: [string, number, RegExp][] = [
      [code, 422, /only changes to the content and pictures/],
      [mixed, 422, /only changes to the content and pictures/],
      [merge, 422, /cannot be undone here/],
      [offBranch.slice(0, 12), 404, /no such change/],
    ];
    for (const [id, status, message] of refused) {
      const res = await request("POST", "/content/undo", { commit: id });
      expect(res.status, id).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect(git("rev-parse", "HEAD")).toBe(head);
      expect(git("status", "--porcelain")).toBe("");
    }
    expect(readFileSync(path.join(repo, "server", "check.ts"), "utf8")).toBe("export const checked = false;\n");

    // A picture left staged by something that failed is never swept into an undo's commit.
    const content = commit({ "content/faqs.yaml": `${faqs}# a content change\n` }, "Content only");
    writeFileSync(path.join(repo, "public", "images", "blog", "stray.jpg"), "stray");
    git("add", "--", "public/images/blog/stray.jpg");
    const res = await request("POST", "/content/undo", { commit: content });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(git("show", "--format=", "--name-only", "HEAD")).toBe("content/faqs.yaml");
    expect(readFileSync(path.join(repo, "content", "faqs.yaml"), "utf8")).toBe(`${faqs}# checked\n`);
    git("reset", "--quiet", "--", "public/images/blog/stray.jpg");
    rmSync(path.join(repo, "public", "images", "blog", "stray.jpg"));
    expect(git("status", "--porcelain")).toBe("");

    // A picture's commit is undone too: the picture goes.
    const picture = commit({ "public/images/blog/added.jpg": "picture" }, "Add a picture");
    expect((await request("POST", "/content/undo", { commit: picture })).status).toBe(200);
    expect(git("show", "--format=", "--name-status", "HEAD")).toBe("D\tpublic/images/blog/added.jpg");
    expect(git("status", "--porcelain")).toBe("");
  });

  it("creates a new post (checked like any save), never over an existing file, and previews Markdown", async () => {
    const rel = "blog/posts/99-written-in-the-editor.md";
    const post = (id: number, title: string) =>
      [
        "---",
        `id: ${id}`,
        `title: ${title}`,
        "date: 2024-10-20",
        "author: TNCC Team",
        "image: blog/01.jpg",
        "category: event",
        "tags: [conference]",
        "excerpt: Written in the browser.",
        "---",
        "",
        "A **new** post.",
        "",
      ].join("\n");
    const duplicate = await request("PUT", "/content/file", { path: rel, text: post(1, "Same id"), base: "" });
    expect(duplicate.status).toBe(422);
    expect(((await duplicate.json()) as { problems: string[] }).problems.join("\n")).toMatch(/duplicate id 1/);
    expect(git("status", "--porcelain")).toBe("");

    const created = await request("PUT", "/content/file", {
      path: rel,
      text: post(99, "Written in the editor"),
      base: "",
    });
    expect(created.status, await created.clone().text()).toBe(200);
    expect(git("log", "-1", "--format=%s")).toBe(`Edit content/${rel}: new file`);
    const again = await request("PUT", "/content/file", { path: rel, text: post(99, "Again"), base: "" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: string }).error).toMatch(/exists already/);

    const preview = await request("POST", "/content/preview", { text: post(99, "x") });
    expect(((await preview.json()) as { html: string }).html).toBe("<p>A <strong>new</strong> post.</p>\n");
  });

  it("takes a JPEG, PNG or WebP up to 10 MB with alt text into public/images, as a commit; refuses the rest", async () => {
    const photo = (format: "jpeg" | "png" | "webp") =>
      sharp({ create: { width: 64, height: 48, channels: 3, background: "#c33" } })
        .toFormat(format)
        .toBuffer();
    const upload = async (file: Blob, name: string, fields: Record<string, string> = {}, headers = {}) => {
      const form = new FormData();
      form.set("file", file, name);
      form.set("folder", fields.folder ?? "blog");
      form.set("alt", fields.alt ?? "Guests singing at the opening night");
      // As a browser sends it: multipart with its length.
      const multipart = new Request("http://site.test/", { method: "POST", body: form });
      const body = await multipart.arrayBuffer();
      return app.request("http://site.test/api/admin/content/images", {
        method: "POST",
        headers: {
          origin: SITE,
          cookie,
          "x-forwarded-for": "10.9.0.1",
          "content-type": multipart.headers.get("content-type")!,
          "content-length": String(body.byteLength),
          ...headers,
        },
        body,
      });
    };
    const jpeg = new Blob([new Uint8Array(await photo("jpeg"))], { type: "image/jpeg" });
    const first = await upload(jpeg, "Opening Night.JPG");
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toMatchObject({ path: "blog/opening-night.jpg" });
    expect(git("log", "-1", "--format=%ae|%s")).toBe(
      "editor@tncc.example.org|Add public/images/blog/opening-night.jpg: Guests singing at the opening night",
    );
    expect(await (await upload(jpeg, "Opening Night.jpg")).json()).toMatchObject({ path: "blog/opening-night-2.jpg" });
    const webp = await upload(new Blob([new Uint8Array(await photo("webp"))]), "stage.webp");
    expect(await webp.json()).toMatchObject({ path: "blog/stage.jpg" });
    const stored = await sharp(path.join(repo, "public/images/blog/stage.jpg")).metadata();
    expect(stored.format).toBe("jpeg");
    expect(await (await upload(new Blob([new Uint8Array(await photo("png"))]), "logo.png")).json()).toMatchObject({
      path: "blog/logo.png",
    });

    const refused: [Promise<Response>, number, RegExp][] = [
      [upload(jpeg, "x.jpg", { alt: " " }), 400, /alt text/],
      [upload(jpeg, "x.jpg", { folder: "../../content" }), 400, /picture folders/],
      [upload(jpeg, "x.jpg", { folder: "nope" }), 400, /picture folders/],
      [upload(new Blob(["GIF89a........"]), "x.gif"), 415, /JPEG, PNG or WebP/],
      [upload(new Blob(["<svg xmlns='http://www.w3.org/2000/svg'/>"]), "x.jpg"), 415, /JPEG, PNG or WebP/],
      [
        upload(new Blob([Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3])]), "broken.jpg"),
        415,
        /cannot be read|not a picture/,
      ],
      [upload(new Blob([new Uint8Array(10 * 1024 * 1024 + 100 * 1024)]), "huge.jpg"), 413, /larger than 10 MB/],
      [upload(jpeg, "x.jpg", {}, { cookie: "" }), 401, /sign in/],
      [upload(jpeg, "x.jpg", {}, { origin: "https://evil.test" }), 403, /Origin/],
    ];
    for (const [response, status, message] of refused) {
      const res = await response;
      expect(res.status, message.source).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
    }
    expect(git("status", "--porcelain")).toBe("");
  });

  it("refuses a YAML alias bomb and a file no collection reads, with a message, writing nothing (issue 39)", async () => {
    const { blob } = await open("faqs.yaml");
    const level = (name: string, of: string) => `${name}: &${name} [${Array(9).fill(`*${of}`).join(", ")}]`;
    const bomb = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]', level("b", "a")]
      .concat(["c", "d", "e", "f", "g", "h", "i"].map((name, i) => level(name, "abcdefghi"[i]!)))
      .join("\n");
    const res = await request("PUT", "/content/file", { path: "faqs.yaml", text: bomb, base: blob });
    expect(res.status, await res.clone().text()).toBe(422);
    expect(((await res.json()) as { problems: string[] }).problems.join("\n")).toMatch(
      /content\/faqs\.yaml: .*too many repeated references/,
    );

    for (const rel of ["zzz.yaml", "blog/zzz.yaml", "speakers/notes.yaml"]) {
      const outside = await request("PUT", "/content/file", { path: rel, text: "a: 1\n", base: "" });
      expect(outside.status, rel).toBe(400);
      expect(((await outside.json()) as { error: string }).error).toMatch(/not a file the site reads/);
    }
    expect(git("status", "--porcelain")).toBe("");
  });

  it("reads no upload before the session and Origin are checked, and none without its length (issue 39)", async () => {
    const CHUNK = 64 * 1024;
    /** A chunked upload of 11 MB; `read` counts the bytes the server took from it. */
    const chunked = (headers: Record<string, string>) => {
      const sent = { bytes: 0 };
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent.bytes >= 11 * 1024 * 1024) return controller.close();
          sent.bytes += CHUNK;
          controller.enqueue(new Uint8Array(CHUNK));
        },
      });
      const response = app.request("http://site.test/api/admin/content/images", {
        method: "POST",
        headers: {
          origin: SITE,
          cookie,
          "x-forwarded-for": "10.9.0.1",
          "content-type": "multipart/form-data; boundary=x",
          ...headers,
        },
        body,
        duplex: "half",
      } as RequestInit);
      return { response, sent };
    };
    for (const [headers, status, message] of [
      [{ cookie: "" }, 401, /sign in/],
      [{ origin: "https://evil.test" }, 403, /Origin/],
      [{}, 411, /size/],
    ] as const) {
      const { response, sent } = chunked(headers);
      const res = await response;
      expect(res.status, message.source).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(message);
      expect(sent.bytes, message.source).toBeLessThanOrEqual(2 * CHUNK);
    }
    // A declared length over the limit, without a session: refused for the session, not read.
    const big = await app.request("http://site.test/api/admin/content/images", {
      method: "POST",
      headers: { origin: SITE, "content-length": String(20 * 1024 * 1024), "x-forwarded-for": "10.9.0.1" },
    });
    expect(big.status).toBe(401);

    // The preview takes what a save takes.
    const long = `${"A paragraph of the organisers' words. ".repeat(2000)}\n`;
    const preview = await request("POST", "/content/preview", { text: long });
    expect(preview.status, await preview.clone().text()).toBe(200);
  });

  it("answers each file's fields as JSON Schema from the content's own schemas", async () => {
    const res = await request("GET", `/content/schema?path=${DAY}`);
    expect(res.status).toBe(200);
    const { schema } = (await res.json()) as {
      schema: { properties: { sessions: { items: { properties: Record<string, { description?: string }> } } } };
    };
    const session = schema.properties.sessions.items.properties;
    expect(Object.keys(session)).toEqual(expect.arrayContaining(["number", "start", "end", "title", "speaker"]));
    expect(session.start?.description).toMatch(/HH:MM/);
    expect((await request("GET", "/content/schema?path=../package.json")).status).toBe(400);
    expect((await request("GET", "/content/schema?path=nothing-like-it.yaml")).status).toBe(404);
  });

  it("names each file by what it holds, in the collections' order (issue 51)", async () => {
    const res = await request("GET", "/content/files");
    expect(res.status).toBe(200);
    const { files } = (await res.json()) as ContentFilesAnswer;
    const label = (rel: string) => files.find((f) => f.path === rel)?.label;
    expect(label(DAY)).toBe("Programme · Day 1, Thu 24 Oct");
    expect(label("schedule/day-02.yaml")).toBe("Programme · Day 2, Fri 25 Oct");
    expect(label("blog/comments.yaml")).toBe("Blog · comments");
    expect(label("speakers/01-grace-adeyemi.md")).toBe("Speaker · Grace Adeyemi");
    expect(label("blog/posts/01-welcome-to-the-tncc-blog.md")).toBe("Blog · Welcome to the TNCC Blog");
    expect(label("faqs.yaml")).toBe("FAQs");
    // No label is a file name; the site's own file first, a folder's files in the site's order.
    expect(files.filter((f) => /\.(ya?ml|md)$|\//.test(f.label))).toEqual([]);
    expect(files[0]?.path).toBe("site.yaml");
    const days = files.filter((f) => f.path.startsWith("schedule/")).map((f) => f.path);
    expect(days).toEqual([...days].sort());
  });

  it("lists the organisers' saves by their name and anyone else's commit as 'Site update' (issue 51)", async () => {
    const faqs = path.join(repo, "content", "faqs.yaml");
    writeFileSync(faqs, `${readFileSync(faqs, "utf8")}# tidied\n`);
    git("add", "--", "content/faqs.yaml");
    git(
      ...["-c", "user.name=Dev Eloper", "-c", "user.email=12345+dev@users.noreply.github.com"],
      ...["commit", "--quiet", "-m", "Issue 12: tidy the FAQs' comments (see the schema)"],
    );
    const { text, blob } = await open("faqs.yaml");
    const saved = await request("PUT", "/content/file", {
      path: "faqs.yaml",
      text: text.replace(/question: (.*)/, "question: $1 Really?"),
      base: blob,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);

    const history = (await (await request("GET", "/content/history?path=faqs.yaml")).json()) as {
      changes: ContentChange[];
    };
    expect(history.changes.slice(0, 2).map(({ author, message }) => ({ author, message }))).toEqual([
      { author: "Esi Mensah", message: expect.stringMatching(/^FAQs: .*Really\?$/) },
      { author: null, message: "Site update" },
    ]);
    const since = await (await request("GET", "/content/changes")).text();
    for (const answer of [JSON.stringify(history), since]) {
      expect(answer).not.toMatch(/noreply|@|Issue 12|Dev Eloper|setup|Content as deployed/);
    }
    expect(JSON.parse(since)).toMatchObject({ changes: expect.arrayContaining([{ ...history.changes[1] }]) });
  });
});
