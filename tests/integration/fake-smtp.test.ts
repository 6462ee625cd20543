/**
 * The tests' mail server outlives a sender killed in the middle of a mail (the crash tests kill the site on
 * purpose): the reset connection is not an error of the test. It was: programme-publish's killed publish failed
 * now and then with "read ECONNRESET" when the kill fell in the middle of the outbox's send.
 */
import net from "node:net";
import { expect, it } from "vitest";
import { startFakeSmtp } from "../fixtures/fake-smtp";

it("keeps running when a sender's connection is reset in the middle of a mail, and takes the next one", async () => {
  const smtp = await startFakeSmtp();
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on("uncaughtException", record);
  try {
    const port = Number(new URL(smtp.url).port);
    const talk = async (lines: string, end: "reset" | "quit") => {
      const socket = net.connect(port, "127.0.0.1");
      const said: string[] = [];
      socket.on("data", (d: Buffer) => said.push(d.toString()));
      await expect.poll(() => said.join("")).toMatch(/^220 /);
      socket.write(lines);
      await expect.poll(() => said.join("")).toMatch(/354 /);
      if (end === "reset") socket.resetAndDestroy();
      else socket.end("\r\n.\r\nQUIT\r\n");
      await new Promise((resolve) => socket.once("close", resolve));
    };
    await talk(
      "EHLO test\r\nMAIL FROM:<a@example.org>\r\nRCPT TO:<b@example.org>\r\nDATA\r\nSubject: cut\r\n\r\nhalf",
      "reset",
    );
    await talk(
      "EHLO test\r\nMAIL FROM:<a@example.org>\r\nRCPT TO:<c@example.org>\r\nDATA\r\nSubject: whole\r\n\r\nall",
      "quit",
    );
    await expect.poll(() => smtp.received.map((m) => m.to.join())).toEqual(["c@example.org"]);
    expect(uncaught).toEqual([]);
  } finally {
    process.off("uncaughtException", record);
    await smtp.close();
  }
});
