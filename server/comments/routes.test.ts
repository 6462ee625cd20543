// @vitest-environment node
/** `GET /api/comments/:postId` through the whole app: comments sent through the comment form, then moderated. */
import { rmSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smallestBuild } from "../../tests/fixtures/smallest-build";
import { createApp } from "../app";
import { openDatabase, type Database } from "../db/client";

let dir: string;
let database: Database;
let app: Hono;

beforeAll(async () => {
  let root: string;
  ({ dir, root } = smallestBuild("tncc-comments-"));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  const forms = {
    organiserEmail: async () => "info@tncc.example.org",
    rateLimit: { limit: 1000, windowMs: 60_000 },
  };
  app = createApp({ root, log: () => {}, forms, database });
}, 60_000);
afterAll(async () => {
  await database?.close();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
/** A visitor sends a comment from a post page, as the hydrated form does (JSON with `page`), or as a plain post. */
async function send(fields: Record<string, string>, plain?: { referer: string }): Promise<string> {
  const email = `reader${++n}@example.org`;
  const body = { name: `Reader ${n}`, email, comment: `Comment number ${n}`, ...fields };
  const res = plain
    ? await app.request("http://site.test/api/forms/comment", {
        method: "POST",
        body: new URLSearchParams(body).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", referer: plain.referer },
      })
    : await app.request("http://site.test/api/forms/comment", {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", accept: "application/json" },
      });
  expect(res.status, await res.clone().text()).toBeLessThan(400);
  return email;
}

/** What an organiser's "approve" (or "reject") in the inbox does to the row. */
const setStatus = (email: string, status: string) =>
  database.db.execute(sql`UPDATE submissions SET status = ${status} WHERE email = ${email}`);

const get = (postId: string, headers: Record<string, string> = {}) =>
  app.request(`http://site.test/api/comments/${postId}`, { headers });

describe("GET /api/comments/:postId", () => {
  it("lists only the approved comments of that post, oldest first, with public fields only", async () => {
    const approved = await send({ postId: "3", page: "/blog-single/3" });
    const pending = await send({ postId: "3", page: "/blog-single/3" });
    const rejected = await send({ postId: "3", page: "/blog-single/3" });
    const otherPost = await send({ postId: "4", page: "/blog-single/4" });
    // Without the hidden field (older pages, or no JavaScript): the page it came from says which post.
    const byPage = await send({}, { referer: "http://site.test/blog-single/3?ref=mail" });
    const notAPost = await send({ page: "/blog-single/33" });
    for (const email of [approved, rejected, otherPost, byPage, notAPost]) await setStatus(email, "approved");
    await setStatus(rejected, "rejected");

    const res = await get("3");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const text = await res.text();
    const { comments } = JSON.parse(text) as { comments: Record<string, unknown>[] };
    expect(comments.map((c) => c.name)).toEqual(["Reader 1", "Reader 5"]);
    expect(Object.keys(comments[0]!).sort()).toEqual(["comment", "date", "id", "name"]);
    expect(comments[0]).toMatchObject({ comment: "Comment number 1" });
    expect(new Date(String(comments[0]!.date)).getTime()).not.toBeNaN();
    for (const email of [approved, pending, rejected, byPage]) expect(text).not.toContain(email);
    expect(text).not.toMatch(/ip_?hash/i);

    expect((await (await get("4")).json()).comments).toHaveLength(1);
    expect((await (await get("33")).json()).comments).toHaveLength(1);
    expect((await (await get("999")).json()).comments).toEqual([]);
  });

  it("answers 304 to a matching If-None-Match, and a new ETag once another comment is approved", async () => {
    const first = await get("5");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const same = await get("5", { "if-none-match": etag! });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe("");
    expect(same.headers.get("etag")).toBe(etag);

    const email = await send({ postId: "5", page: "/blog-single/5" });
    expect((await get("5", { "if-none-match": etag! })).status).toBe(304);
    await setStatus(email, "approved");
    const changed = await get("5", { "if-none-match": etag! });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect((await changed.json()).comments).toHaveLength(1);
  });

  it("refuses ids that are not a post id, before any lookup", async () => {
    for (const id of ["..%2F..%2Fetc%2Fpasswd", "3%20OR%201%3D1", "3'", "1234567", "-1", "abc", "%00"]) {
      const res = await get(id);
      expect([400, 404], id).toContain(res.status);
      expect(res.headers.get("content-type"), id).toMatch(/json/);
    }
  });

  it("refuses a hidden postId that is not a post id", async () => {
    const res = await app.request("http://site.test/api/forms/comment", {
      method: "POST",
      body: JSON.stringify({ name: "X", email: "x@example.org", comment: "Hi", postId: "../3" }),
      headers: { "content-type": "application/json", accept: "application/json" },
    });
    expect(res.status).toBe(422);
    expect((await res.json()).field).toBe("postId");
  });
});
