import { describe, expect, it } from "vitest";
import { bodyEtag, matchesEtag } from "./etag";

describe("ETags", () => {
  it("names a body by its hash, the same body alike and another not", () => {
    expect(bodyEtag("[1]")).toBe(bodyEtag("[1]"));
    expect(bodyEtag("[1]")).not.toBe(bodyEtag("[2]"));
    expect(bodyEtag("[1]")).toMatch(/^"[\w-]{22}"$/);
    expect(bodyEtag("[1]", 32)).toMatch(/^"[\w-]{32}"$/);
  });

  it("matches If-None-Match as RFC 9110 compares (weak), a list or *", () => {
    expect(matchesEtag('"a", W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', 'W/"b"')).toBe(true);
    expect(matchesEtag("*", '"b"')).toBe(true);
    expect(matchesEtag('"a"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
    expect(matchesEtag("", '"b"')).toBe(false);
  });
});
