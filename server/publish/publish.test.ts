/**
 * Issue 31: where builds are kept and how servers follow the live one, on the embedded PostgreSQL and (under
 * `npm run test:pg`) a shared PostgreSQL, where a second server fetches a build it did not make. Small
 * hand-made build folders stand for real builds (tests/e2e/publish.spec.ts publishes real ones).
 */
import { execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildInfo } from "../../app/lib/admin/publish";
import * as api from "../../app/api/admin/publish";
import type { AnswerOf } from "../../app/lib/admin/route";
import { wrongBodies } from "../../tests/fixtures/contract";
import { upsertAdmin } from "../admin/accounts/queries";
import { createApp } from "../app";
import { BUILD_OUTPUTS, stepLine } from "../../app/lib/build-outputs";
import { openDatabase, type Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { buildError, Publisher } from "./publisher";
import { LiveSite } from "./site";
import { addBuild, buildFolder, ensureLocal, liveRow, prune, readBuildInfo, setLive, type BuildStore } from "./queries";

let tmp: string;
beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), "tncc-builds-"));
});
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true });
});

/** A small complete build: a home page with the given text, headers.json, build.json. */
async function makeBuild(name: string, info: BuildInfo, home: string, extra: Record<string, string> = {}) {
  const dir = path.join(tmp, name);
  const files: Record<string, string> = {
    "client/index.html": `<!doctype html><title>${home}</title><p>${home}</p>`,
    "client/assets/app.js": "console.log('same in every build')",
    [BUILD_OUTPUTS.headers.file]: JSON.stringify({ pages: {}, default: { csp: "default-src 'self'" } }),
    [BUILD_OUTPUTS.buildInfo.file]: JSON.stringify(info),
    ...extra,
  };
  for (const [rel, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await writeFile(path.join(dir, rel), text);
  }
  return dir;
}

const info = (id: string, minute: number): BuildInfo => ({
  id,
  builtAt: new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString(),
  commit: null,
});

const count = async (db: Database, table: string) =>
  Number(rowsOf<{ n: string }>(await db.db.execute(sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);

it("says what a failed build printed: the content's file and field, without colours or stack", () => {
  const lines = [
    stepLine("pages"),
    "\u001b[31m✗\u001b[39m Build failed in 1.02s",
    "Error: Content has 2 problem(s):",
    "content/schedule/day-01.yaml: sessions[0] (id 1).end: must be after start (08:00)",
    "content/speakers/02-samuel-okafor.md: name: Required",
    "    at loadContent (file:///repo/app/content/load.ts:329:40)",
    "content/schedule/day-01.yaml: sessions[0] (id 1).end: must be after start (08:00)",
  ];
  expect(buildError(lines)).toBe(
    [
      "Content has 2 problem(s):",
      "content/schedule/day-01.yaml: sessions[0] (id 1).end: must be after start (08:00)",
      "content/speakers/02-samuel-okafor.md: name: Required",
    ].join("\n"),
  );
  expect(buildError(["vite v7", "    at x (y.js:1:1)", "Error: out of memory"])).toBe("vite v7\nError: out of memory");
  expect(buildError([])).toBe("The build stopped without a message.");
});

it("never takes a build id as a path", async () => {
  const store = { db: null as never, dir: path.join(tmp, "ids"), shared: false };
  expect(() => buildFolder(store, "../../etc")).toThrow();
  expect(() => buildFolder(store, ".hidden")).toThrow();
  const bad = await makeBuild("bad-id", { ...info("x", 0), id: "../escape" }, "bad");
  expect(readBuildInfo(bad)).toBeNull();
  await expect(addBuild(store, bad, "copy")).rejects.toThrow(/not a complete build/);
});

/** This repository (its node_modules and scripts/build/build-info.ts). */
const REPO = path.resolve(import.meta.dirname, "../..");
const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, "-c", "user.name=test", "-c", "user.email=test@example.org", ...args], {
    encoding: "utf8",
  }).trim();

/**
 * A repository whose scripts/build.ts stands for the real one: an organiser saves (a commit in CONTENT_DIR)
 * while it builds, then it writes a small build and its build.json with the real build-info step.
 */
async function makePublishRepo(name: string): Promise<string> {
  const repo = path.join(tmp, name);
  await mkdir(path.join(repo, "scripts"), { recursive: true });
  await symlink(path.join(REPO, "node_modules"), path.join(repo, "node_modules"));
  await writeFile(path.join(repo, "package.json"), JSON.stringify({ type: "module" }));
  const script = `
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
const { buildStartOf } = await import(${JSON.stringify(path.join(REPO, "app/lib/build-outputs.ts"))});
// Started ahead (BUILD_WAIT), as the real one: told its name and commit on stdin. Which process built is kept.
await mkdir(process.env.BUILD_DIR, { recursive: true });
await writeFile(path.join(process.env.BUILD_DIR, "waiting"), String(process.pid));
let text = "";
for await (const chunk of process.stdin) text += chunk;
const start = buildStartOf(text);
if (!start) process.exit(0);
Object.assign(process.env, start);
const dir = process.env.BUILD_DIR;
console.log(${JSON.stringify(stepLine("pages"))});
execFileSync("git", ["-C", process.env.CONTENT_DIR, "-c", "user.name=o", "-c", "user.email=o@example.org",
  "commit", "--quiet", "--allow-empty", "-m", "Saved while the build ran"]);
await mkdir(path.join(dir, "client"), { recursive: true });
await writeFile(path.join(dir, "client", "index.html"), "<!doctype html><title>Published</title>");
await writeFile(path.join(dir, "built-by"), String(process.pid));
await writeFile(path.join(dir, ${JSON.stringify(BUILD_OUTPUTS.headers.file)}), JSON.stringify({ pages: {}, default: { csp: "default-src 'self'" } }));
const { buildInfoStep } = await import(${JSON.stringify(path.join(REPO, "scripts/build/build-info.ts"))});
console.log(await buildInfoStep.run({ buildDir: dir }));
`;
  await writeFile(path.join(repo, "scripts", "build.ts"), script);
  return repo;
}

const pgUrl = process.env.TEST_DATABASE_URL;
const backends: [string, () => Promise<{ db: Database; shared: boolean }>][] = [
  ["the embedded database", async () => ({ db: await openDatabase({ dataDir: path.join(tmp, "db") }), shared: false })],
];
if (pgUrl)
  backends.push([
    "a shared PostgreSQL",
    async () => {
      const admin = await openDatabase({ databaseUrl: pgUrl, skipMigrations: true, poolSize: 1 });
      await admin.db.execute(sql.raw("DROP DATABASE IF EXISTS builds_test WITH (FORCE)"));
      await admin.db.execute(sql.raw("CREATE DATABASE builds_test"));
      await admin.close();
      return { db: await openDatabase({ databaseUrl: pgUrl.replace(/\/[^/]*$/, "/builds_test") }), shared: true };
    },
  ]);

describe.each(backends)("builds on %s", (name, setup) => {
  let database: Database;
  let store: BuildStore;
  let shared: boolean;
  const sites: LiveSite[] = [];

  beforeAll(async () => {
    ({ db: database, shared } = await setup());
    store = { db: database.db, dir: path.join(tmp, `${name}-server-1`), shared };
  });
  afterAll(async () => {
    sites.forEach((s) => s.stop());
    await database.close();
  });

  it("takes build/ in as a copy, makes it live once, and a restart keeps what was published since", async () => {
    const deployed = await makeBuild(`${name}-deploy`, info("20261125-100000-aaaa", 0), "Deployed");
    const site = await LiveSite.open({ store, deployDir: deployed, pollMs: 60_000, log: () => {} });
    sites.push(site);
    expect(site.current.info?.id).toBe("20261125-100000-aaaa");
    expect(existsSync(deployed), "build/ stays where it is").toBe(true);
    expect((await liveRow(database.db))?.switchedBy).toBe("deploy");

    // A publish (made here by hand), then a restart with the same build/: the published build stays live.
    const published = await makeBuild(`${name}-p1`, info("20261125-101000-bbbb", 10), "Published");
    await addBuild(store, published, "move");
    expect(existsSync(published), "a publish's folder is moved, not copied").toBe(false);
    await site.publish("20261125-101000-bbbb", "organiser@example.org");
    expect(site.current.info?.id).toBe("20261125-101000-bbbb");
    const restarted = await LiveSite.open({ store, deployDir: deployed, pollMs: 60_000, log: () => {} });
    sites.push(restarted);
    expect(restarted.current.info?.id).toBe("20261125-101000-bbbb");
    expect(restarted.current.index.files.get("/")?.file).toBe(
      path.join(buildFolder(store, "20261125-101000-bbbb"), "client", "index.html"),
    );
  });

  it("keeps the live build and the three newest, in the database and on disk", async () => {
    for (const [n, id] of [
      [20, "20261125-102000-cccc"],
      [30, "20261125-103000-dddd"],
      [40, "20261125-104000-eeee"],
    ] as const)
      await addBuild(store, await makeBuild(`${name}-${id}`, info(id, n), id), "move");
    await setLive(database.db, "20261125-100000-aaaa", "organiser@example.org");
    await prune(store, ["20261125-100000-aaaa"]);
    const kept = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM site.builds ORDER BY id`));
    expect(kept.map((r) => r.id)).toEqual([
      "20261125-100000-aaaa",
      "20261125-102000-cccc",
      "20261125-103000-dddd",
      "20261125-104000-eeee",
    ]);
    expect(existsSync(buildFolder(store, "20261125-101000-bbbb"))).toBe(false);
    expect(existsSync(buildFolder(store, "20261125-104000-eeee"))).toBe(true);
    if (shared) {
      // The file every build has in common is stored once; blobs of forgotten builds are gone.
      const paths = await count(database, "site.build_files");
      expect(paths).toBe(4 * 4);
      expect(await count(database, "site.blobs")).toBe(1 + 1 + 4 * 2);
    } else expect(await count(database, "site.blobs")).toBe(0);
  });

  it.runIf(pgUrl && name === "a shared PostgreSQL")(
    "a second server fetches a build it did not make, with the same bytes and times, and follows each switch",
    async () => {
      const other: BuildStore = { db: database.db, dir: path.join(tmp, `${name}-server-2`), shared: true };
      const deployed = await makeBuild(`${name}-deploy-2`, info("20261125-100000-aaaa", 0), "Deployed");
      const second = await LiveSite.open({ store: other, deployDir: deployed, pollMs: 60_000, log: () => {} });
      sites.push(second);
      expect(second.current.info?.id).toBe("20261125-100000-aaaa");

      await sites[0]!.publish("20261125-104000-eeee", "organiser@example.org");
      await second.follow();
      expect(second.current.info?.id).toBe("20261125-104000-eeee");
      const mine = path.join(buildFolder(store, "20261125-104000-eeee"), "client", "index.html");
      const fetched = path.join(buildFolder(other, "20261125-104000-eeee"), "client", "index.html");
      expect(await readFile(fetched, "utf8")).toBe(await readFile(mine, "utf8"));
      // Same whole millisecond, so both servers give the file the same ETag and Last-Modified.
      expect(Math.round((await stat(fetched)).mtimeMs)).toBe(Math.round((await stat(mine)).mtimeMs));

      await rm(buildFolder(other, "20261125-103000-dddd"), { recursive: true, force: true });
      expect(readBuildInfo(await ensureLocal(other, "20261125-103000-dddd"))?.id).toBe("20261125-103000-dddd");
    },
  );

  it("a restart after the deploy build was pruned keeps the published build (build/ is older than it)", async () => {
    await setLive(database.db, "20261125-104000-eeee", "organiser@example.org");
    await prune(store, ["20261125-104000-eeee"]);
    const known = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id FROM site.builds ORDER BY id`));
    expect(known.map((r) => r.id)).not.toContain("20261125-100000-aaaa");
    const restarted = await LiveSite.open({
      store,
      deployDir: path.join(tmp, `${name}-deploy`),
      pollMs: 60_000,
      log: () => {},
    });
    sites.push(restarted);
    expect(restarted.current.info?.id).toBe("20261125-104000-eeee");
    expect((await liveRow(database.db))?.info.id).toBe("20261125-104000-eeee");
  });
  it("records the content commit a publish started from, though an organiser saves while it builds", async () => {
    const content = path.join(tmp, `${name}-content`);
    await mkdir(content, { recursive: true });
    git(content, "init", "--quiet");
    await writeFile(path.join(content, "site.yaml"), "title: Before\n");
    git(content, "add", ".");
    git(content, "commit", "--quiet", "-m", "Content as deployed");
    const started = git(content, "rev-parse", "HEAD");

    const audits: { action: string; detail: Record<string, unknown> }[] = [];
    let finished!: () => void;
    const audited = new Promise<void>((resolve) => (finished = resolve));
    // The alerts' hook (issue 44) is told the build that was live and the one now live.
    const liveBefore = sites[0]!.current.dir;
    const hooked: [string | null, string][] = [];
    const publisher = new Publisher({
      afterLive: async (before, after) => {
        hooked.push([before, after]);
      },
      site: sites[0]!,
      store,
      repo: await makePublishRepo(`${name}-publish-repo`),
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmp, CONTENT_DIR: content },
      audit: async (entry) => {
        audits.push(entry);
        finished();
      },
    });
    const { job } = await publisher.start({ id: 1, email: "organiser@example.org" });
    await audited;
    const done = await publisher.job(job.id);
    expect(done?.state, done?.error ?? "").toBe("done");
    expect(git(content, "rev-parse", "HEAD"), "the save during the build is a new commit").not.toBe(started);

    // The live build, its database row and the audit all name the commit taken when the publish started.
    expect(sites[0]!.current.info?.commit).toBe(started);
    const [row] = rowsOf<{ commit: string | null }>(
      await database.db.execute(sql`SELECT commit FROM site.builds WHERE id = ${done!.buildId}`),
    );
    expect(row?.commit).toBe(started);
    expect(audits).toMatchObject([{ action: "publish", detail: { commit: started, job: job.id } }]);
    // The switch committed the alerts' job (issue 54); run here as a worker would, and once more: told once.
    const [owed] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`SELECT count(*)::int AS n FROM graphile_worker.jobs WHERE task_identifier = 'alerts' AND key = ${`alerts-${done!.buildId}`}`,
      ),
    );
    expect(owed?.n).toBe(1);
    expect(hooked).toEqual([]);
    await publisher.sendAlerts(done!.buildId!);
    await publisher.sendAlerts(done!.buildId!);
    // The build it replaced, from this server's copy or the database's; here an earlier test pruned it (null).
    expect(hooked).toEqual([[existsSync(liveBefore) ? liveBefore : null, sites[0]!.current.dir]]);
    expect(liveBefore).not.toBe(sites[0]!.current.dir);
  });
  it("the Publish page starts the next build ahead; the press runs that one; a stop ends it", async () => {
    const content = path.join(tmp, `${name}-content-ahead`);
    await mkdir(content, { recursive: true });
    git(content, "init", "--quiet");
    await writeFile(path.join(content, "site.yaml"), "title: Before\n");
    git(content, "add", ".");
    git(content, "commit", "--quiet", "-m", "Content as deployed");
    const repo = await makePublishRepo(`${name}-ahead-repo`);
    const staging = path.join(repo, ".generated", "publish");
    let audited!: () => void;
    const published = new Promise<void>((resolve) => (audited = resolve));
    const publisher = new Publisher({
      site: sites[0]!,
      store,
      repo,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? tmp, CONTENT_DIR: content },
      audit: async () => audited(),
    });
    /** The builds waiting in the staging folder: their process ids. */
    const waiting = async () => {
      const folders = await readdir(staging).catch(() => [] as string[]);
      const pids = await Promise.all(
        folders.map((f) => readFile(path.join(staging, f, "waiting"), "utf8").catch(() => "")),
      );
      return pids.filter(Boolean);
    };

    await publisher.overview();
    await publisher.pending();
    await expect.poll(waiting, { timeout: 20_000 }).toHaveLength(1);
    const [ahead] = await waiting();
    const { job } = await publisher.start({ id: 1, email: "organiser@example.org" });
    await published;
    const done = await publisher.job(job.id);
    expect(done?.state, done?.error ?? "").toBe("done");
    expect(
      await readFile(path.join(sites[0]!.current.dir!, "built-by"), "utf8"),
      "built by the build started ahead",
    ).toBe(ahead);

    // The next one, started when the page is opened again, ends with the server, and its folder is removed.
    await publisher.overview();
    await expect.poll(waiting, { timeout: 20_000 }).toHaveLength(1);
    publisher.stop();
    await expect.poll(() => readdir(staging), { timeout: 20_000 }).toEqual([]);
  });
  it("refuses a wrong body with a 400 that names the field, on every Publish route that takes one", async () => {
    const SITE = "https://tncc.example.org";
    const app = createApp({
      site: sites[0]!,
      log: () => {},
      siteUrl: SITE,
      database,
      forms: {
        organiserEmail: async () => "info@tncc.example.org",
        siteUrl: SITE,
        rateLimit: { limit: 100, windowMs: 1000 },
      },
      publisher: new Publisher({ site: sites[0]!, store, repo: tmp, env: {}, audit: async () => {} }),
    });
    const request = (method: string, url: string, body?: unknown, cookie = "") =>
      app.request(`http://site.test/api/admin${url}`, {
        method,
        headers: { origin: SITE, cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    await upsertAdmin(database.db, "publisher@example.org", "publisher password long", false);
    const signIn = await request("POST", "/session", {
      email: "publisher@example.org",
      password: "publisher password long",
    });
    expect(signIn.status).toBe(200);
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";")[0]!;
    const jobs = await count(database, "site.publish_jobs");
    const live = (await liveRow(database.db))?.info.id;

    const wrong = wrongBodies(api);
    expect(wrong.map((w) => w.path).sort()).toEqual(["/publish", "/publish/restore", "/rollback"]);
    for (const w of wrong) {
      const res = await request(w.method, w.path, w.body, cookie);
      expect(res.status, w.path).toBe(400);
      expect(await res.json(), w.path).toEqual({
        error: `“${w.field}” is missing or not in the right form.`,
        field: w.field,
      });
    }
    expect(await count(database, "site.publish_jobs")).toBe(jobs);
    expect((await liveRow(database.db))?.info.id).toBe(live);

    // The answers read as the contract declares them (serve checks each: a mismatch would be a 500).
    const overview = await request("GET", "/publish", undefined, cookie);
    expect(overview.status, await overview.clone().text()).toBe(200);
    const { jobs: listed, live: shown } = (await overview.json()) as AnswerOf<typeof api.publishState>;
    expect(shown?.id).toBe(live);
    const job = await request("GET", `/publish/${listed[0]!.id}`, undefined, cookie);
    expect(job.status, await job.clone().text()).toBe(200);
  });
});
