// @vitest-environment node
/** The mail sender against a real SMTP server on loopback (smtp-server), on an embedded database. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../db/client";
import { rowsOf } from "../db/rows";
import { saveSubmission } from "../forms/queries";
import { smtpTimeouts, startMailer } from "./mailer";

let dir: string;
let database: Database;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "tncc-mailer-"));
  database = await openDatabase({ dataDir: path.join(dir, "data") });
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

const claimed = async () =>
  Number(
    rowsOf<{ n: string }>(
      await database.db.execute(
        sql`SELECT count(*) AS n FROM mail_queue WHERE claimed_until > now() AND sent_at IS NULL`,
      ),
    )[0]?.n,
  );

describe("the mail sender (issue 32)", () => {
  it("keeps every SMTP timeout well inside the claim", () => {
    const t = smtpTimeouts(120_000);
    expect(t.connectionTimeout + t.greetingTimeout + t.socketTimeout).toBeLessThanOrEqual(60_000);
  });

  it("claims one mail per connection: while those are being sent, the others stay free for another sender", async () => {
    for (let i = 0; i < 3; i++)
      await saveSubmission(
        database.db,
        {
          kind: "contact",
          key: `one-at-a-time-${i}`,
          data: {},
          email: null,
          page: "/",
          consentVersion: "1",
          ipHash: "h",
          status: "new",
        },
        { to: `organiser${i}@example.org`, subject: `Mail ${i}`, body: "Hello" },
      );
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      // The first mail's data is held until the test has looked at the queue.
      onData(stream, _session, callback) {
        stream.resume();
        stream.on("end", () => {
          arrived++;
          if (arrived === 1) void held.then(() => callback());
          else callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    const mailer = await startMailer({
      db: database.db,
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: "site@example.org",
      pollMs: 60_000,
      // Two connections (issue 54): two mails at once, the third left for another sender.
      connections: 2,
      log: () => {},
    });
    try {
      await expect.poll(() => arrived, { timeout: 15_000 }).toBe(2);
      expect(await claimed()).toBe(2);
      release();
      await expect.poll(() => arrived, { timeout: 15_000 }).toBe(3);
      await expect
        .poll(async () =>
          Number(
            rowsOf<{ n: string }>(
              await database.db.execute(sql`SELECT count(*) AS n FROM mail_queue WHERE sent_at IS NOT NULL`),
            )[0]?.n,
          ),
        )
        .toBe(3);
    } finally {
      release();
      await mailer.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
