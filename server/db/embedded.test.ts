/**
 * The embedded PostgreSQL's care with the machine it runs on (issue 39): the socket folder it uses when the
 * data folder's path is too long, the folders it opens for the user postgres when run as root, and the
 * postmaster.pid it trusts before signalling a process.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it, onTestFinished } from "vitest";
import { isAlive, runningPostmaster, startEmbedded } from "./embedded";

const tmp = mkdtempSync(path.join(tmpdir(), "tncc-embedded-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const isRoot = process.getuid?.() === 0;
const idOf = (flag: string, user: string) => Number(spawnSync("id", [flag, user], { encoding: "utf8" }).stdout);
const nobody = { uid: idOf("-u", "nobody"), gid: idOf("-g", "nobody") };
const lines: string[] = [];
const log = (line: string) => void lines.push(line);

/** A data folder deep enough that its socket path would pass PostgreSQL's limit of 107 bytes. */
function deepPgDir(): string {
  const dir = path.join(mkdtempSync(path.join(tmp, "deep-")), "a-long-folder-name".repeat(5), "pg");
  mkdirSync(path.dirname(dir), { recursive: true });
  return dir;
}

/** The folder the code before issue 39 chose for a deep data folder: anyone could make it first. */
function predictableSocketDir(pgDir: string): string {
  let hash = 0;
  for (const ch of pgDir) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return path.join(tmpdir(), `tncc-pg-${hash.toString(36)}`);
}

describe("the socket folder of a deep data folder", () => {
  it("is a new folder of the database's user, mode 0700, never one made beforehand by someone else", async () => {
    const pgDir = deepPgDir();
    const planted = predictableSocketDir(pgDir);
    mkdirSync(planted, { recursive: true });
    chmodSync(planted, 0o777);
    if (isRoot) chownSync(planted, nobody.uid, nobody.gid);
    try {
      const server = await startEmbedded(pgDir, log);
      try {
        expect(server.socketDir).not.toBe(planted);
        const folder = lstatSync(server.socketDir);
        expect(folder.isDirectory()).toBe(true);
        expect(folder.mode & 0o777).toBe(0o700);
        expect(folder.uid).toBe(statSync(pgDir).uid);
        // A backup or admin:add finds the same folder through postmaster.pid.
        expect(runningPostmaster(pgDir)?.socketDir).toBe(server.socketDir);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(planted, { recursive: true, force: true });
    }
  }, 60_000);

  it("is refused by a backup or admin:add when others may write to it, or when it is a link", async () => {
    const pgDir = deepPgDir();
    const server = await startEmbedded(pgDir, log);
    const dir = server.socketDir;
    try {
      chmodSync(dir, 0o777);
      expect(() => runningPostmaster(pgDir)).toThrow(/socket folder/);
      chmodSync(dir, 0o700);
      expect(runningPostmaster(pgDir)?.socketDir).toBe(dir);
      // A link where the folder was is refused too: whoever made the link chooses where it points.
      renameSync(dir, `${dir}-moved`);
      symlinkSync(`${dir}-moved`, dir);
      expect(() => runningPostmaster(pgDir)).toThrow(/socket folder/);
      rmSync(dir);
      renameSync(`${dir}-moved`, dir);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe.runIf(isRoot)("run as root", () => {
  /** A private folder (0700) holding a readable .env and the data folder. */
  function privateFolder(): { outer: string; env: string; pgDir: string } {
    const outer = mkdtempSync(path.join(tmp, "private-"));
    const env = path.join(outer, ".env");
    writeFileSync(env, "SMTP_PASSWORD=secret\n", { mode: 0o644 });
    return { outer, env, pgDir: path.join(outer, "data", "pg") };
  }
  const readsAsNobody = (file: string) => spawnSync("cat", [file], { ...nobody }).status === 0;

  it("lets only the user postgres through the folders above DATA_DIR, so nobody else reads what they hold", async () => {
    const { outer, env, pgDir } = privateFolder();
    lines.length = 0;
    const server = await startEmbedded(pgDir, log);
    await server.stop();
    expect(statSync(outer).mode & 0o007).toBe(0);
    expect(readsAsNobody(env)).toBe(false);
    expect(lines.join("\n")).toContain(`${outer}`);
  }, 60_000);

  /** Runs `work` with a PATH holding what the start needs before PostgreSQL runs, but no setfacl. */
  async function withoutSetfacl(work: () => Promise<void>) {
    const bin = mkdtempSync(path.join(tmpdir(), "tncc-bin-"));
    chmodSync(bin, 0o755);
    onTestFinished(() => rmSync(bin, { recursive: true, force: true }));
    for (const tool of ["id", "test", "useradd"]) {
      const found = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"].map((d) => path.join(d, tool)).find(existsSync);
      if (found) symlinkSync(found, path.join(bin, tool));
    }
    const PATH = process.env.PATH;
    process.env.PATH = bin;
    try {
      await work();
    } finally {
      process.env.PATH = PATH;
    }
  }

  it("without setfacl, lets the group postgres alone through a folder whose group had no access", async () => {
    const { outer, env, pgDir } = privateFolder();
    await withoutSetfacl(async () => {
      const server = await startEmbedded(pgDir, log);
      await server.stop();
    });
    expect(statSync(outer).mode & 0o777).toBe(0o710);
    expect(statSync(outer).gid).toBe(idOf("-g", "postgres"));
    expect(readsAsNobody(env)).toBe(false);
  }, 60_000);

  it("without setfacl, refuses a folder whose group has access, saying what to do, and changes nothing", async () => {
    const { outer, pgDir } = privateFolder();
    chmodSync(outer, 0o750);
    await withoutSetfacl(() =>
      expect(startEmbedded(pgDir, log)).rejects.toThrow(/setfacl.*set DATA_DIR to a folder the user postgres/s),
    );
    expect(statSync(outer).mode & 0o777).toBe(0o750);
    expect(statSync(outer).gid).toBe(0);
  });
});

describe("a stale postmaster.pid", () => {
  it("names a live process that is not this folder's PostgreSQL: it is left alone, and the database starts", async () => {
    const pgDir = path.join(mkdtempSync(path.join(tmp, "stale-")), "pg");
    await (await startEmbedded(pgDir, log)).stop();
    const sleeper = spawn("sleep", ["1000"], { stdio: "ignore" });
    try {
      writeFileSync(path.join(pgDir, "postmaster.pid"), `${sleeper.pid}\n${pgDir}\n0\n5432\n${pgDir}\n`);
      const server = await startEmbedded(pgDir, log);
      await server.stop();
      expect(isAlive(sleeper.pid!)).toBe(true);
      expect(sleeper.signalCode).toBeNull();
      writeFileSync(path.join(pgDir, "postmaster.pid"), `${sleeper.pid}\n${pgDir}\n0\n5432\n${pgDir}\n`);
      expect(runningPostmaster(pgDir)).toBeNull();
    } finally {
      sleeper.kill("SIGKILL");
    }
  }, 60_000);
});
