/**
 * Issue 32: an answered form is on disk, not only in the kernel's cache. The real server runs under
 * `strace -f` (which follows it into the embedded PostgreSQL it starts); 20 forms are posted one after
 * another, and between each request's arrival (the server reads "POST /api/forms/…") and its answer (it
 * writes "HTTP/1.1 201" on the same socket) an fsync or fdatasync of a write-ahead log file (pg_wal/…) must
 * have started and returned.
 *
 * Issue 45: under `strace -f` a call during which another thread's call is written comes in two halves,
 * "read(28<socket:[…]>,  <unfinished ...>" and later "<... read resumed>"POST /api/forms/contact "…", and
 * a read's data is only in the second half; a pattern for one line missed that request once in a while. So
 * the log is read call by call (readStrace joins the halves of each thread's call), never line by line.
 *
 * DURABILITY_SERVER_DIR: runs the server of another checkout instead (with its build and node_modules), to
 * see this test fail on a server that answers before syncing: on 6da140a (PGlite) there is no sync at all.
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

/** One system call from an `strace -f -ttt -y -o FILE` log, written in one line or in two halves. */
interface Call {
  pid: number;
  name: string;
  /** The call as strace writes it when it is not split: `read(28<socket:[1]>, "POST …"..., 65536) = 454`. */
  text: string;
  /** The file descriptor's path (`-y`): `socket:[289939]`, `/…/pg_wal/000000010000000000000001`. */
  file: string;
  /** What it returned (NaN for `?`). */
  result: number;
  /** When it started, in seconds. */
  at: number;
  /**
   * The line (from 1) where it started, and where it returned (the same line unless split). strace writes
   * the events of all threads in the order it sees them, so line numbers order calls of different threads:
   * a call returned before another started when its `returned` is below the other's `started`.
   */
  started: number;
  returned: number;
}

/**
 * Reads a log of `strace -f -ttt -y -o FILE`. Each line is "<pid> <seconds> " and then a call, the start of
 * a call that another thread's line interrupted ("read(28<…>,  <unfinished ...>"), the rest of it from the
 * same thread later ("<... read resumed>"POST …"..., 65536) = 454"), or a signal or an exit ("--- …",
 * "+++ …"). Throws on any other line, or on a resumed call without its start, rather than miss a call. A call
 * whose thread exited in it ("<... read resumed> <unfinished ...>) = ?") never returned: it is left out.
 */
function readStrace(log: string): Call[] {
  const calls: Call[] = [];
  const open = new Map<number, { name: string; at: number; started: number; head: string }>();
  const add = (pid: number, at: number, started: number, returned: number, text: string) => {
    if (/<unfinished \.\.\.>\) += \?$/.test(text)) return;
    const call = /^(\w+)\((?:\d+<([^>]*)>)?.*\) += (-?\d+|\?)(?: .*)?$/.exec(text);
    if (!call) throw new Error(`strace log, line ${returned}: no call with its result in "${text}"`);
    calls.push({ pid, name: call[1]!, text, file: call[2] ?? "", result: Number(call[3]), at, started, returned });
  };
  log.split("\n").forEach((line, index) => {
    const number = index + 1;
    if (line === "") return;
    const parts = /^(\d+) +(\d+\.\d+) (.*)$/.exec(line);
    if (!parts) throw new Error(`strace log, line ${number}: not "<pid> <seconds> …": ${line}`);
    const pid = Number(parts[1]);
    const at = Number(parts[2]);
    const rest = parts[3]!;
    let match: RegExpExecArray | null;
    if (rest.startsWith("--- ")) return;
    if (rest.startsWith("+++ ")) open.delete(pid);
    else if ((match = /^<\.\.\. (\w+) resumed>(.*)$/.exec(rest))) {
      const head = open.get(pid);
      if (!head || head.name !== match[1])
        throw new Error(`strace log, line ${number}: resumed without its start: ${line}`);
      open.delete(pid);
      add(pid, head.at, head.started, number, head.head + match[2]);
    } else if ((match = /^((\w+)\(.*) <unfinished \.\.\.>$/.exec(rest)))
      open.set(pid, { name: match[2]!, at, started: number, head: match[1]! });
    else if (/^\w+\(/.test(rest)) add(pid, at, number, number, rest);
    else throw new Error(`strace log, line ${number}: not a call: ${line}`);
  });
  return calls;
}

test("the strace log is read call by call: a call split by another thread's lines is joined (issue 45)", () => {
  // The lines of a failing run of issue 45: the server's main thread (9279) starts reading the 12th form,
  // and before it returns, tsx's module thread (9291) and its esbuild service (9302, 9304) exchange their
  // once-a-second ping. Then the end of a thread that exits in a call, as strace 6.1 writes it.
  const log = String.raw`
9304  1795659800.845437 read(0<socket:[283538]>,  <unfinished ...>
9279  1795659801.936464 read(28<socket:[289939]>,  <unfinished ...>
9302  1795659801.936578 write(1<socket:[283540]>, "\35\0\0\0&\0\0\0\6\1\0\0\0\7\0\0\0command"..., 33) = 33
9291  1795659801.936660 read(27<socket:[283539]>, "\35\0\0\0&\0\0\0\6\1\0\0\0\7\0\0\0command"..., 65536) = 33
9291  1795659801.936885 write(18<socket:[283537]>, "\t\0\0\0'\0\0\0\6\0\0\0\0", 13 <unfinished ...>
9304  1795659801.936922 <... read resumed>"\t\0\0\0'\0\0\0\6\0\0\0\0", 16384) = 13
9291  1795659801.936932 <... write resumed>) = 13
9304  1795659801.937077 read(0<socket:[283538]>,  <unfinished ...>
9279  1795659801.942353 <... read resumed>"POST /api/forms/contact "..., 65536) = 454
9279  1795659801.944069 write(25<socket:[288651]>, "Q\0\0\0\nbegin\0", 11) = 11
9589  1795659801.966277 fdatasync(88</tmp/tncc-durability-7wjX3t/data/pg/pg_wal/000000010000000000000001>) = 0
9279  1795659801.968378 writev(28<socket:[289939]>, [{iov_base="HTTP/1.1 201 Created\r\nca"..., iov_len=766}, {iov_base="", iov_len=0}], 2) = 766
9304  1795659802.100000 --- SIGURG {si_signo=SIGURG, si_code=SI_TKILL, si_pid=9302, si_uid=0} ---
9304  1795659802.200000 <... read resumed> <unfinished ...>) = ?
9304  1795659802.200100 +++ killed by SIGKILL +++
`;
  const calls = readStrace(log);
  expect(calls.map((c) => [c.pid, c.name, c.file, c.result, c.started, c.returned])).toEqual([
    [9302, "write", "socket:[283540]", 33, 4, 4],
    [9291, "read", "socket:[283539]", 33, 5, 5],
    [9304, "read", "socket:[283538]", 13, 2, 7],
    [9291, "write", "socket:[283537]", 13, 6, 8],
    [9279, "read", "socket:[289939]", 454, 3, 10],
    [9279, "write", "socket:[288651]", 11, 11, 11],
    [9589, "fdatasync", "/tmp/tncc-durability-7wjX3t/data/pg/pg_wal/000000010000000000000001", 0, 12, 12],
    [9279, "writev", "socket:[289939]", 766, 13, 13],
  ]);
  expect(calls[4]!.text).toBe('read(28<socket:[289939]>, "POST /api/forms/contact "..., 65536) = 454');
  expect(calls[4]!.at).toBe(1795659801.936464);
  expect(() => readStrace('9279  1795659801.942353 <... read resumed>"POST", 4) = 4')).toThrow(/resumed/);
  expect(() => readStrace('9279  1795659801.942353 read(28</x>, "POST"')).toThrow(/result/);
});

test("every answered form was synced to the write-ahead log before its answer (strace)", async () => {
  test.setTimeout(120_000);
  expect(spawnSync("strace", ["-V"]).status, "strace is needed: apt-get install strace").toBe(0);
  const dir = await mkdtemp(path.join(tmpdir(), "tncc-durability-"));
  try {
    const trace = path.join(dir, "trace");
    const server = process.env.DURABILITY_SERVER_DIR;
    const site = await startSite(
      PORT,
      { DATA_DIR: path.join(dir, "data"), SMTP_URL: "", FORM_RATE_LIMIT: "1000/600" },
      [
        "strace",
        "-f",
        // Only the traced calls stop the server (a filter in the kernel), not every call: it starts in seconds.
        "--seccomp-bpf",
        "-ttt",
        "-y",
        "-s",
        "24",
        "-e",
        "trace=read,write,writev,fsync,fdatasync",
        "-o",
        trace,
        ...(server ? ["--", "env", "-C", server] : []),
      ],
    );
    try {
      for (let i = 0; i < COUNT; i++)
        expect(await postContact(site.url, `durability-${i}`, "Kept through a power cut")).toBe(201);
    } finally {
      // SIGTERM to the server itself: strace does not pass signals on, and exits when the server has.
      const pid = Number(execFileSync("pgrep", ["-P", String(site.process.pid)], { encoding: "utf8" }).trim());
      process.kill(pid, "SIGTERM");
      await once(site.process, "exit");
    }

    const calls = readStrace(await readFile(trace, "utf8"));
    const arrivals = calls.filter((c) => /^read\(\d+<socket:[^>]*>, "POST \/api\/forms\/contact /.test(c.text));
    const answers = calls.filter((c) => /^writev?\(\d+<socket:[^>]*>, (\[\{iov_base=)?"HTTP\/1\.1 201 /.test(c.text));
    const syncs = calls.filter((c) => /^f(data)?sync$/.test(c.name) && c.file.includes("/pg_wal/") && c.result === 0);
    const shown = (c: Call) => `${c.at} ${c.file} (line ${c.started})`;
    // Each request's answer is the first 201 written on its socket after it was read; a WAL sync must have
    // started after the read returned and returned before the answer was written.
    const unsynced = arrivals.filter((arrival) => {
      const answer = answers.find((a) => a.file === arrival.file && a.started > arrival.returned);
      return !answer || !syncs.some((s) => s.started > arrival.returned && s.returned < answer.started);
    });
    if (arrivals.length !== COUNT || answers.length !== COUNT || unsynced.length > 0)
      await test.info().attach("strace log", { path: trace, contentType: "text/plain" });
    expect(arrivals.map(shown), "requests read (POST /api/forms/contact)").toHaveLength(COUNT);
    expect(answers.map(shown), "answers written (HTTP/1.1 201)").toHaveLength(COUNT);
    expect(unsynced.map(shown), `requests answered without a WAL sync (${syncs.length} syncs in all)`).toEqual([]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
