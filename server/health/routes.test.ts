/**
 * GET /healthz (issue 39, finding 15b): anyone learns whether the server is up and which build it serves; the
 * content commit and the database's state (migrations, mails waiting) only an organiser signed in, or a client
 * on this machine, judged by the socket's address (never by Host or X-Forwarded-For, which a visitor writes).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildInfo } from "../../app/lib/admin/publish";
import { openDatabase, type Database } from "../db/client";
import { upsertAdmin } from "../admin/accounts/queries";
import { createSession } from "../admin/accounts/sessions.queries";
import { healthRoutes } from "./routes";

const INFO: BuildInfo = {
  id: "20261125-101500-3f9a",
  builtAt: "2026-11-25T10:15:00.000Z",
  commit: "0123456789abcdef0123456789abcdef01234567",
};
const PUBLIC = { ok: true, build: INFO.id, builtAt: INFO.builtAt };

let dir: string;
let database: Database;
let organiser: string;
let oneTimePassword: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tncc-health-"));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
  const ada = await upsertAdmin(database.db, "ada@tncc.example.org", "correct horse battery", false);
  organiser = await createSession(database.db, ada.id, Date.now());
  const fresh = await upsertAdmin(database.db, "new@tncc.example.org", "one-time-password-1", true);
  oneTimePassword = await createSession(database.db, fresh.id, Date.now());
}, 120_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

function healthApp(trustProxy: boolean, withDatabase = true): Hono {
  const app = healthRoutes(withDatabase ? database : undefined, () => INFO, { trustProxy });
  return app;
}

/** A request arriving on a socket from `address` (as @hono/node-server passes it), with these headers. */
const from = (app: Hono, address: string | null, headers: Record<string, string> = {}, url = "http://site.test") =>
  app.request(
    `${url}/healthz`,
    { headers },
    address === null ? undefined : { incoming: { socket: { remoteAddress: address, remotePort: 40000 } } },
  );

const read = async (res: Response) => ({ status: res.status, body: (await res.json()) as Record<string, unknown> });

describe.each([false, true])("with TRUST_PROXY %s", (trustProxy) => {
  it("tells a visitor only that it is up and which build it serves, whatever Host or X-Forwarded-For say", async () => {
    const app = healthApp(trustProxy);
    for (const headers of [
      {} as Record<string, string>,
      { Host: "localhost" },
      { "X-Forwarded-For": "127.0.0.1" },
      { "X-Forwarded-For": "127.0.0.1, ::1", "X-Real-IP": "127.0.0.1", Forwarded: "for=127.0.0.1" },
    ]) {
      const res = await from(app, "203.0.113.5", headers);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(await read(res), JSON.stringify(headers)).toEqual({ status: 200, body: PUBLIC });
    }
    // No socket at all (nothing says where it came from): a visitor.
    expect(await read(await from(app, null))).toEqual({ status: 200, body: PUBLIC });
  });

  it("tells a signed-in organiser the commit and the database's state, a stale or one-time session nothing more", async () => {
    const app = healthApp(trustProxy);
    for (const [url, cookie] of [
      ["http://site.test", `tncc_admin=${organiser}`],
      ["https://site.test", `__Host-tncc_admin=${organiser}`],
    ] as const) {
      const { body } = await read(await from(app, "203.0.113.5", { Cookie: cookie }, url));
      expect(body).toMatchObject({
        ...PUBLIC,
        commit: INFO.commit,
        database: { reachable: true, migrations: "current" },
      });
      expect(body.database).toHaveProperty("mailsWaiting", expect.any(Number));
    }
    for (const cookie of ["tncc_admin=not-a-session", `tncc_admin=${oneTimePassword}`])
      expect((await read(await from(app, "203.0.113.5", { Cookie: cookie }))).body, cookie).toEqual(PUBLIC);
  });
});

it("tells a client on this machine everything, unless the connection comes through a proxy for someone else", async () => {
  const direct = healthApp(false);
  for (const address of ["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"]) {
    const { body } = await read(await from(direct, address));
    expect(body, address).toMatchObject({ ...PUBLIC, commit: INFO.commit, database: { reachable: true } });
  }
  // A proxy on this machine that the server was not told to trust: the socket is loopback for every visitor.
  expect((await read(await from(direct, "127.0.0.1", { "X-Forwarded-For": "203.0.113.5" }))).body).toEqual(PUBLIC);

  // Behind the trusted proxy every socket is loopback: only what the proxy added (the rightmost) counts.
  const proxied = healthApp(true);
  expect((await read(await from(proxied, "127.0.0.1"))).body, "no forwarded client").toEqual(PUBLIC);
  expect((await read(await from(proxied, "127.0.0.1", { "X-Forwarded-For": "203.0.113.5" }))).body).toEqual(PUBLIC);
  expect(
    (await read(await from(proxied, "127.0.0.1", { "X-Forwarded-For": "127.0.0.1, 203.0.113.5" }))).body,
    "a visitor's own X-Forwarded-For",
  ).toEqual(PUBLIC);
  expect((await read(await from(proxied, "127.0.0.1", { "X-Forwarded-For": "203.0.113.5, ::1" }))).body).toMatchObject({
    commit: INFO.commit,
    database: { reachable: true },
  });
});

it("without a database: up, the build, and for this machine its commit", async () => {
  const app = healthApp(false, false);
  expect(await read(await from(app, "203.0.113.5"))).toEqual({ status: 200, body: PUBLIC });
  expect(await read(await from(app, "127.0.0.1"))).toEqual({
    status: 200,
    body: { ...PUBLIC, commit: INFO.commit, database: null },
  });
});
