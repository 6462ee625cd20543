/**
 * A ticket checks offline (issue 42): verified with the public key alone; any changed byte of its QR text,
 * another key, another shape (a URL, HTML, SQL) is refused.
 */
import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseTicket } from "../../app/lib/tickets/payload";
import { newTicketCode, signTicket, verifyTicket } from "./signing";

const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync("ed25519");
  return { privateKey, publicKeyText: publicKey.export({ type: "spki", format: "der" }).toString("base64") };
};

describe("a ticket's signature", () => {
  const keys = pair();
  const code = newTicketCode();
  const text = signTicket(keys, { event: "tncc-2024", plan: "family", code });

  it("is checked with the public key alone", () => {
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(code, "base64url")).toHaveLength(16);
    expect(verifyTicket(keys.publicKeyText, text)).toEqual({
      event: "tncc-2024",
      plan: "family",
      code,
      signature: expect.any(String),
    });
  });

  it("fails for any changed character of the text", () => {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.";
    let tried = 0;
    for (let i = 0; i < text.length; i++) {
      for (const other of [alphabet[(alphabet.indexOf(text[i]!) + 1) % alphabet.length]!, "x"]) {
        if (other === text[i]) continue;
        const changed = text.slice(0, i) + other + text.slice(i + 1);
        expect(verifyTicket(keys.publicKeyText, changed), `position ${i}: ${changed}`).toBeNull();
        tried++;
      }
    }
    expect(tried).toBeGreaterThan(2 * text.length - 5);
    expect(verifyTicket(keys.publicKeyText, text + "A")).toBeNull();
    expect(verifyTicket(keys.publicKeyText, text.slice(0, -1))).toBeNull();
  });

  it("fails with another event's key, and for texts that are not a ticket", () => {
    expect(verifyTicket(pair().publicKeyText, text)).toBeNull();
    for (const hostile of [
      "https://example.org/tickets/abc",
      "<script>alert(1)</script>",
      "TNCC1.tncc-2024.family.' OR 1=1 --.x",
      "TNCC1.tncc-2024.family",
      "x".repeat(5000),
    ]) {
      expect(parseTicket(hostile)).toBeNull();
      expect(verifyTicket(keys.publicKeyText, hostile)).toBeNull();
    }
  });
});
