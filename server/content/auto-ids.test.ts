/**
 * server/content/auto-ids.ts on a temporary git working copy (issue 41): an entry saved without its id or
 * number gets the next free one, above what the collection has now and ever had (a removed session's number
 * is not given again); given ids are kept; a Markdown file's front matter gets its id too.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parse } from "yaml";
import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COLLECTIONS, collectionSchemas } from "../../app/content/collections";
import { assignIds, autoPatterns } from "./auto-ids";

let root: string;
let dir: string;
const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
const schemas = collectionSchemas(COLLECTIONS, { images: {}, markdown: (s) => ({ html: s, summary: s, text: s }) });
const json = (name: keyof typeof COLLECTIONS) =>
  z.toJSONSchema(schemas[name]!, { io: "input", unrepresentable: "any" }) as Parameters<typeof assignIds>[4];

const day = (id: number, sessions: { id?: number; number?: number; title: string }[]) =>
  [
    `id: ${id}`,
    "label: Day",
    "date: 2024-10-24",
    "sessions:",
    ...sessions.flatMap((s) => [
      `  - ${s.id ? `id: ${s.id}` : `title: ${s.title}`}`,
      ...(s.id ? [`    title: ${s.title}`] : []),
      ...(s.number ? [`    number: ${s.number}`] : []),
      "    start: '09:00'",
    ]),
    "",
  ].join("\n");

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "tncc-auto-ids-"));
  dir = path.join(root, "content");
  mkdirSync(path.join(dir, "schedule"), { recursive: true });
  mkdirSync(path.join(dir, "blog", "posts"), { recursive: true });
  git("init", "--quiet");
  // Day 2 once had session number 9; it was removed since.
  writeFileSync(path.join(dir, "schedule", "day-01.yaml"), day(1, [{ id: 1, number: 1, title: "Welcome" }]));
  writeFileSync(path.join(dir, "schedule", "day-02.yaml"), day(2, [{ id: 1, number: 9, title: "Gone" }]));
  writeFileSync(path.join(dir, "blog", "posts", "first.md"), "---\nid: 4\ntitle: First\n---\nText\n");
  git("add", ".");
  git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-m", "one");
  writeFileSync(path.join(dir, "schedule", "day-02.yaml"), day(2, [{ id: 1, number: 2, title: "Kept" }]));
  git("-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "--quiet", "-am", "two");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("ids and numbers the editor gives", () => {
  it("finds the auto fields from the schema's metadata, not the speaker reference", () => {
    expect(autoPatterns(json("scheduleDays"))).toEqual([["id"], ["sessions", "*", "id"], ["sessions", "*", "number"]]);
    expect(autoPatterns(json("posts"))).toEqual([["id"]]);
  });

  it("gives a new session the next free id and a number never used before, and keeps given ones", async () => {
    const typed = day(1, [{ id: 1, number: 1, title: "Welcome" }, { title: "Added" }, { title: "Added too" }]);
    const text = await assignIds(dir, COLLECTIONS.scheduleDays, "schedule/day-01.yaml", typed, json("scheduleDays"));
    const sessions = (parse(text) as { sessions: { id: number; number: number; title: string }[] }).sessions;
    expect(sessions.map((s) => [s.id, s.number, s.title])).toEqual([
      [1, 1, "Welcome"],
      [2, 10, "Added"],
      [3, 11, "Added too"],
    ]);
    // Id first, as the organisers' files write it.
    expect(text).toMatch(/- id: 2\n/);
  });

  it("leaves a text with nothing missing as it was typed", async () => {
    const typed = `${day(1, [{ id: 1, number: 1, title: "Welcome" }])}# a comment\n`;
    expect(await assignIds(dir, COLLECTIONS.scheduleDays, "schedule/day-01.yaml", typed, json("scheduleDays"))).toBe(
      typed,
    );
  });

  it("gives a new post the id after the highest post's", async () => {
    const typed = "---\ntitle: New\ndate: 2024-10-01\n---\nHello\n";
    const text = await assignIds(dir, COLLECTIONS.posts, "blog/posts/new.md", typed, json("posts"));
    expect(text).toBe("---\nid: 5\ntitle: New\ndate: 2024-10-01\n---\nHello\n");
  });
});
