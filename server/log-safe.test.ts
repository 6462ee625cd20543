// @vitest-environment node
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./db/client";
import { saveSubmission } from "./forms/queries";
import { safeError, withoutAddresses } from "./log-safe";
import { startMailer } from "./mail/mailer";

describe("log lines (issue 32: no address or field value)", () => {
  it("leave out a failed query's parameters and every address, in the message and its causes", () => {
    const cause = new Error("duplicate key value violates unique constraint: Key (email)=(ada@example.org) exists");
    const error = new DrizzleQueryError(
      "insert into submissions (email, data) values ($1, $2)",
      ["ada@example.org", '{"message":"my secret text"}'],
      cause,
    );
    const line = safeError(error);
    expect(line).toContain("Failed query: insert into submissions");
    expect(line).toContain("params: (left out of logs)");
    expect(line).toContain("Key (email)=(<address>) exists");
    expect(line).not.toMatch(/ada@example\.org|my secret text/);
    expect(line).toMatch(/\n\s+at /);
    expect(withoutAddresses("550 5.1.1 <bob.smith+tag@mail.example.co.uk>: no such user")).toBe(
      "550 5.1.1 <<address>>: no such user",
    );
  });

  it("the mail sender's failure line names the mail's id, not its recipient", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "tncc-log-"));
    const database = await openDatabase({ dataDir: path.join(dir, "data") });
    // An SMTP server that refuses every recipient, quoting the address as real servers do.
    const smtp = createServer((socket) => {
      socket.write("220 fake\r\n");
      socket.on("data", (chunk) => {
        const line = chunk.toString();
        if (/^(EHLO|HELO)/i.test(line)) socket.write("250 fake\r\n");
        else if (/^MAIL FROM/i.test(line)) socket.write("250 ok\r\n");
        else if (/^RCPT TO:<([^>]*)>/i.test(line))
          socket.write(`550 5.1.1 <${/<([^>]*)>/.exec(line)![1]}>: no such user\r\n`);
        else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
        else socket.write("250 ok\r\n");
      });
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.address() as { port: number }).port;
    const lines: string[] = [];
    try {
      await saveSubmission(
        database.db,
        {
          kind: "contact",
          key: null,
          data: { email: "carol@example.org" },
          email: "carol@example.org",
          page: "/",
          consentVersion: "1",
          ipHash: "h",
          status: "new",
        },
        { to: "carol@example.org", subject: "Hello", body: "Private words" },
      );
      const mailer = await startMailer({
        db: database.db,
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: "site@example.org",
        pollMs: 60_000,
        log: (line) => lines.push(line),
      });
      await expect.poll(() => lines.length, { timeout: 15_000 }).toBeGreaterThan(0);
      await mailer.stop();
    } finally {
      smtp.close();
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(lines[0]).toMatch(/^mail \d+: try 1 failed/);
    expect(lines.join("\n")).not.toMatch(/carol@example\.org|Private words/);
  });
});
