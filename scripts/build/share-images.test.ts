// @vitest-environment node
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadContent } from "../../app/content/load";
import { stubImageManifest } from "../../app/content/stub-images";
import { drawShareCard, shareCards, writeShareImages } from "./share-images";

const repo = path.resolve(import.meta.dirname, "../..");
const content = loadContent(path.join(repo, "content"), stubImageManifest());
const cards = shareCards(content);
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "tncc-og-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("share pictures (issue 33)", () => {
  it("one for the event, each speaker, each session (by its number) and each post", () => {
    const sessions = content.scheduleDays.flatMap((d) => d.sessions);
    expect(cards.map((c) => c.path)).toEqual([
      "/images/og/event.jpg",
      ...content.speakers.map((s) => `/images/og/speaker-${s.id}.jpg`),
      ...sessions.map((s) => `/images/og/session-${s.number}.jpg`),
      ...content.posts.map((p) => `/images/og/post-${p.id}.jpg`),
    ]);
  });

  it("draws a session's card 1200×630, under 150 KB, with its title, time in the event's zone and speaker", async () => {
    const session = content.scheduleDays[0]!.sessions.find((s) => s.speaker)!;
    const card = cards.find((c) => c.path === `/images/og/session-${session.number}.jpg`)!;
    const { jpeg, texts } = await drawShareCard(card);
    const meta = await sharp(jpeg).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect(jpeg.length).toBeLessThan(150 * 1024);
    // The texts satori laid out (it draws them as paths): the title, the time and zone, the speaker.
    expect(texts).toContain(session.title);
    expect(texts.join(" | ")).toMatch(/Thu 24 Oct 2024 · \d\d:\d\d to \d\d:\d\d Central Time/);
    expect(texts).toContain(`With ${session.speaker!.name}`);
  });

  it("the longest title still fits: every card under 150 KB", { timeout: 60_000 }, async () => {
    const longest = [...cards].sort((a, b) => b.title.length - a.title.length)[0]!;
    const { jpeg } = await drawShareCard({ ...longest, title: `${longest.title} ${longest.title}` });
    expect((await sharp(jpeg).metadata()).height).toBe(630);
    expect(jpeg.length).toBeLessThan(150 * 1024);
  });

  it("draws an unchanged card once: the second build copies it from the cache", { timeout: 60_000 }, async () => {
    const some = cards.slice(0, 3);
    const cache = path.join(dir, "cache");
    expect(await writeShareImages(path.join(dir, "a"), some, cache)).toMatchObject({ drawn: 3, total: 3 });
    expect(await writeShareImages(path.join(dir, "b"), some, cache)).toMatchObject({ drawn: 0, total: 3 });
    // A changed title is a new picture.
    const changed = [{ ...some[0]!, title: "A new title" }, ...some.slice(1)];
    expect(await writeShareImages(path.join(dir, "c"), changed, cache)).toMatchObject({ drawn: 1 });
    expect((await readdir(path.join(dir, "b", "images", "og"))).sort()).toEqual(
      some.map((c) => path.basename(c.path)).sort(),
    );
  });
});
