/**
 * Issue 32: an answered form is on disk, not only in the kernel's cache. The real server runs under
 * `strace -f` (which follows it into the embedded PostgreSQL it starts); 20 forms are posted one after
 * another, and between each request's arrival (the server reads "POST /api/forms/…") and its answer (it
 * writes "HTTP/1.1 201") there must be an fsync or fdatasync of a write-ahead log file (pg_wal/…).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { postContact, startSite } from "./forms-delivery.helpers";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 100;
const COUNT = 20;

test("every answered form was synced to the write-ahead log before its answer (strace)", async () => {
  test.setTimeout(120_000);
  expect(spawnSync("strace", ["-V"]).status, "strace is needed: apt-get install strace").toBe(0);
  const dir = await mkdtemp(path.join(tmpdir(), "tncc-durability-"));
  const trace = path.join(dir, "trace");
  const site = await startSite(PORT, { DATA_DIR: path.join(dir, "data"), SMTP_URL: "", FORM_RATE_LIMIT: "1000/600" }, [
    "strace",
    "-f",
    "-ttt",
    "-y",
    "-s",
    "24",
    "-e",
    "trace=read,write,writev,fsync,fdatasync",
    "-o",
    trace,
  ]);
  try {
    for (let i = 0; i < COUNT; i++)
      expect(await postContact(site.url, `durability-${i}`, "Kept through a power cut")).toBe(201);
  } finally {
    // SIGTERM to the server itself: strace does not pass signals on, and exits when the server has.
    const server = Number(execFileSync("pgrep", ["-P", String(site.process.pid)], { encoding: "utf8" }).trim());
    process.kill(server, "SIGTERM");
    await once(site.process, "exit");
  }

  // strace lines: "<pid> <seconds.micro> <call>(<fd><path>, …". A call that blocks is split into
  // "… <unfinished …>" and "<… resumed>"; the first part has the time it started and its file.
  const lines = (await readFile(trace, "utf8")).split("\n");
  const at = (line: string) => Number(line.split(/\s+/)[1]);
  const arrivals = lines.filter((l) => /\bread\(\d+<[^>]*>, "POST \/api\/forms\/contact/.test(l)).map(at);
  const answers = lines.filter((l) => /\bwritev?\(\d+<[^>]*>, \[?\{?[^"]*"HTTP\/1\.1 201/.test(l)).map(at);
  const syncs = lines.filter((l) => /\b(fsync|fdatasync)\(\d+<[^>]*\/pg_wal\//.test(l)).map(at);
  expect(arrivals).toHaveLength(COUNT);
  expect(answers).toHaveLength(COUNT);
  const unsynced = arrivals.filter((start, i) => !syncs.some((t) => t > start && t < answers[i]!));
  expect(unsynced, `requests answered without a WAL sync (${syncs.length} syncs in all)`).toEqual([]);
  await rm(dir, { recursive: true, force: true });
});
