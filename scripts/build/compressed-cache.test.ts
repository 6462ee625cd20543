import { mkdtempSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { cachedCompress, pruneCompressedCache } from "./compressed-cache";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const cacheDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "compressed-cache-"));
  dirs.push(dir);
  return dir;
};
/** The cached copies (not the file that says when the cache was last pruned). */
const entries = (dir: string) =>
  readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name !== ".pruned");

describe("compressed copies kept between builds (issue 41)", () => {
  it("compresses a file once, then answers the same copy for the same bytes and settings", async () => {
    const dir = cacheDir();
    const data = Buffer.from("<p>Registration and Welcome</p>".repeat(50));
    let made = 0;
    const make = (bytes: Buffer) => (made++, gzipSync(bytes));
    const first = await cachedCompress("gzip", data, make, dir);
    const again = await cachedCompress("gzip", Buffer.from(data), make, dir);
    expect(made).toBe(1);
    expect(again.equals(first)).toBe(true);
    expect(first.equals(gzipSync(data))).toBe(true);
    // Other bytes, or other settings: compressed anew.
    await cachedCompress("gzip", Buffer.from("<p>Registration, new title</p>"), make, dir);
    await cachedCompress("gzip-9", data, make, dir);
    expect(made).toBe(3);
    expect(entries(dir)).toHaveLength(3);
  });

  it("removes the entries no build used for two weeks, keeps the rest", async () => {
    const dir = cacheDir();
    await cachedCompress("gzip", Buffer.from("old"), gzipSync, dir);
    const [old] = entries(dir);
    const weeksAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(old!.parentPath, old!.name), weeksAgo, weeksAgo);
    await cachedCompress("gzip", Buffer.from("new"), gzipSync, dir);
    await pruneCompressedCache(dir);
    expect(entries(dir)).toHaveLength(1);
  });

  it("looks through the cache at most once a day, so a publish does not wait for it each time", async () => {
    const dir = cacheDir();
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await cachedCompress("gzip", Buffer.from("old"), gzipSync, dir);
    const [old] = entries(dir);
    const weeksAgo = new Date(now - 15 * day);
    await pruneCompressedCache(dir, now - 2 * 60 * 60 * 1000);
    utimesSync(path.join(old!.parentPath, old!.name), weeksAgo, weeksAgo);
    // Pruned two hours ago: not again yet.
    await pruneCompressedCache(dir, now);
    expect(entries(dir)).toHaveLength(1);
    // A day later: the unused entry goes.
    await pruneCompressedCache(dir, now + day);
    expect(entries(dir)).toHaveLength(0);
  });
});
