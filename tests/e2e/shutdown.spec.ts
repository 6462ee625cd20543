/**
 * Issue 32, finding 9: SIGTERM stops taking connections, lets a request in progress finish, closes the
 * database, then exits. The real server (`npm run serve`'s entry) on a port and data folder of its own.
 */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/db/client";
import { rowsOf } from "../../server/db/rows";
import { expect, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT ?? 4174) + 90;

test("SIGTERM: no new connections, the request in progress is answered and stored, then a clean exit", async () => {
  test.setTimeout(90_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), "tncc-shutdown-"));
  const server = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: { ...process.env, PORT: String(PORT), HOST: "127.0.0.1", DATA_DIR: dataDir, SMTP_URL: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  server.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  server.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(server, "exit");
  try {
    await expect.poll(() => output, { timeout: 60_000 }).toContain("TNCC site:");

    // A visitor's form is on its way: the headers and half the body have arrived.
    const body = JSON.stringify({
      name: "Ada",
      phone: "+1 555 0100",
      email: "shutdown@example.org",
      subject: "Sent while the server stops",
      message: "Hello",
    });
    const socket = connect(PORT, "127.0.0.1");
    await once(socket, "connect");
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString()));
    socket.write(
      `POST /api/forms/contact HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`,
    );
    // The request has reached the server (its limits start counting) before it is told to stop.
    await expect
      .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/healthz`).catch(() => null))?.status ?? 0)
      .not.toBe(0);
    server.kill("SIGTERM");
    await expect.poll(() => output).toContain("SIGTERM:");

    // No new connection is taken.
    await expect(fetch(`http://127.0.0.1:${PORT}/`)).rejects.toThrow();
    // The rest of the body comes later than the 3 s the server used to wait before exiting.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    socket.write(body.slice(20));
    await expect.poll(() => answer, { timeout: 15_000 }).toMatch(/^HTTP\/1\.1 201/);
    socket.end();

    const [code] = await exited;
    expect(code).toBe(0);
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
  }
  // The database was closed cleanly: it opens, and the answered submission is in it.
  const database = await openDatabase({ dataDir });
  try {
    const rows = rowsOf<{ n: string }>(
      await database.db.execute(sql`SELECT count(*) AS n FROM submissions WHERE email = 'shutdown@example.org'`),
    );
    expect(Number(rows[0]?.n)).toBe(1);
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
