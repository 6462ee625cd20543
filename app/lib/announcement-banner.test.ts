import { describe, expect, it } from "vitest";
import { dismissedIds, withDismissed } from "./announcement-banner";

describe("the banner's dismissed list", () => {
  it("reads only whole numbers, and nothing from a damaged value", () => {
    expect(dismissedIds('[1, "2", 3.5, 4]')).toEqual([1, 4]);
    expect(dismissedIds("{oops")).toEqual([]);
    expect(dismissedIds(null)).toEqual([]);
    expect(dismissedIds('{"a":1}')).toEqual([]);
  });
  it("adds an id once and keeps the newest 20", () => {
    expect(JSON.parse(withDismissed([1, 2], 1))).toEqual([2, 1]);
    const many = Array.from({ length: 25 }, (_, i) => i);
    expect(JSON.parse(withDismissed(many, 99))).toEqual([...many.slice(6), 99]);
  });
});
