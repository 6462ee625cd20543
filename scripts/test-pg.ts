/**
 * A throwaway PostgreSQL cluster for tests (Debian's `postgresql` package, no system service):
 * initdb in a temporary folder owned by the `postgres` user, pg_ctl on 127.0.0.1:<port>, removed at the end.
 *
 *   node --import tsx scripts/test-pg.ts <command …>   runs the command with TEST_DATABASE_URL set
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { isMain } from "./is-main";

export interface TestPostgres {
  url: string;
  stop(): void;
}

/** The newest installed PostgreSQL's bin folder, or null. */
export function postgresBin(): string | null {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (existsSync(path.join(base, v, "bin", "initdb"))) return path.join(base, v, "bin");
  return null;
}

function asPostgres(args: string[]): void {
  const isRoot = process.getuid?.() === 0;
  const [cmd, ...rest] = isRoot ? ["runuser", "-u", "postgres", "--", ...args] : args;
  execFileSync(cmd!, rest, { stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * `durable`: the WAL synced before a commit returns, as the embedded database and a production server do (the
 * benchmark's three servers); the tests' default leaves fsync off, for speed.
 */
export function startPostgres(
  port = Number(process.env.PG_TEST_PORT ?? 5433),
  { durable = false }: { durable?: boolean } = {},
): TestPostgres {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed (apt-get install postgresql)");
  const dir = mkdtempSync(path.join(tmpdir(), "tncc-pg-"));
  chmodSync(dir, 0o777);
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres", dir]);
  const data = path.join(dir, "data");
  asPostgres([path.join(bin, "initdb"), "-D", data, "-A", "trust", "-U", "app", "--no-sync"]);
  asPostgres([
    path.join(bin, "pg_ctl"),
    "-D",
    data,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=${durable ? "on" : "off"} -c max_connections=100`,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
  ]);
  let stopped = false;
  return {
    url: `postgres://app@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        asPostgres([path.join(bin, "pg_ctl"), "-D", data, "-m", "immediate", "-w", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

if (isMain(import.meta.url)) {
  const command = process.argv.slice(2);
  if (command.length === 0) {
    console.error("usage: node --import tsx scripts/test-pg.ts <command …>");
    process.exit(2);
  }
  const pg = startPostgres();
  console.log(`PostgreSQL for tests: ${pg.url}`);
  let status = 1;
  try {
    const result = spawnSync(command[0]!, command.slice(1), {
      stdio: "inherit",
      env: { ...process.env, TEST_DATABASE_URL: pg.url },
    });
    status = result.status ?? 1;
  } finally {
    pg.stop();
  }
  process.exit(status);
}
