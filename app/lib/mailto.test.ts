import { describe, expect, it } from "vitest";
import { replyMailto } from "./mailto";

describe("replyMailto", () => {
  it("prepares Re: <subject> with every line of the message quoted", () => {
    const url = new URL(
      replyMailto("ada@example.org", "Parking?", "Hello,\r\nis there parking?\n\nThanks", new Date(0)),
    );
    expect(url.protocol).toBe("mailto:");
    expect(url.pathname).toBe("ada@example.org");
    expect(url.searchParams.get("subject")).toBe("Re: Parking?");
    const body = url.searchParams.get("body") ?? "";
    expect(body).toContain("> Hello,\n> is there parking?\n>\n> Thanks");
    expect(url.search).not.toContain("+");
  });

  it("does not stack Re: and keeps & and ? inside the values", () => {
    const url = new URL(replyMailto("a+b@example.org", "RE: a & b?", "x=1&y=2", new Date(0)));
    expect(url.searchParams.get("subject")).toBe("RE: a & b?");
    expect(url.searchParams.get("body")).toContain("> x=1&y=2");
    expect(decodeURIComponent(url.pathname)).toBe("a+b@example.org");
  });
});
