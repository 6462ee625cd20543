import { describe, expect, it } from "vitest";
import { paginate, pagerItems, parsePage } from "./pagination";

const photos = Array.from({ length: 33 }, (_, i) => i + 1);

describe("parsePage", () => {
  it("reads whole numbers and treats anything else as page 1", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(" 4 ")).toBe(4);
    expect(parsePage("-2")).toBe(-2);
    for (const raw of [null, undefined, "", "abc", "2.5", "1e3", "0x10", "99999999999999999999", "3abc"])
      expect(parsePage(raw), String(raw)).toBe(1);
    expect(parsePage(Number.NaN)).toBe(1);
  });
});

describe("paginate", () => {
  it("cuts 33 photos into pages of 9: 9 on page 1, 6 on page 4", () => {
    expect(paginate(photos, "1", 9)).toMatchObject({ page: 1, pageCount: 4, total: 33, items: photos.slice(0, 9) });
    expect(paginate(photos, "4", 9).items).toEqual([28, 29, 30, 31, 32, 33]);
  });

  it("shows the nearest valid page for page 0, negatives, past the end and junk", () => {
    expect(paginate(photos, "0", 9).page).toBe(1);
    expect(paginate(photos, "-5", 9).page).toBe(1);
    expect(paginate(photos, "5", 9).page).toBe(4);
    expect(paginate(photos, "999999", 9).items).toEqual([28, 29, 30, 31, 32, 33]);
    expect(paginate(photos, "abc", 9).page).toBe(1);
  });

  it("has one empty page for an empty list, and refuses a bad page size", () => {
    expect(paginate([], "3", 4)).toEqual({ items: [], page: 1, pageCount: 1, total: 0 });
    expect(() => paginate(photos, 1, 0)).toThrow(RangeError);
  });
});

describe("pagerItems", () => {
  it("lists every page when they fit", () => {
    expect(pagerItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("shows 5 pages around the current one and 2 at each edge, with gaps", () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 19, 20]);
    expect(pagerItems(10, 20)).toEqual([1, 2, "gap", 8, 9, 10, 11, 12, "gap", 19, 20]);
    expect(pagerItems(20, 20)).toEqual([1, 2, "gap", 16, 17, 18, 19, 20]);
    // A gap of one page is shown as that page rather than "…".
    expect(pagerItems(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, "gap", 19, 20]);
  });
});
