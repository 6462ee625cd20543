import { describe, expect, it } from "vitest";
import { searchPages, type SearchEntry } from "./search";

const pages: SearchEntry[] = [
  { path: "/speakers", title: "Speakers", description: "Meet our guests", text: "Pastor Ruth Mensah and others" },
  { path: "/schedule", title: "Schedule", description: "Four days", text: "Praise and worship with the speakers" },
  { path: "/faqs", title: "FAQs", description: "Questions", text: "Parking at the café" },
];

describe("searchPages", () => {
  it("finds nothing for an empty query", () => {
    expect(searchPages(pages, "   ")).toEqual([]);
  });

  it("ranks a title match above a text match", () => {
    expect(searchPages(pages, "speakers").map((hit) => hit.path)).toEqual(["/speakers", "/schedule"]);
  });

  it("needs every word to match", () => {
    expect(searchPages(pages, "worship ruth")).toEqual([]);
    expect(searchPages(pages, "ruth pastor").map((hit) => hit.path)).toEqual(["/speakers"]);
  });

  it("ignores case and accents", () => {
    expect(searchPages(pages, "CAFE").map((hit) => hit.path)).toEqual(["/faqs"]);
  });

  it("respects the limit", () => {
    expect(searchPages(pages, "s", 1)).toHaveLength(1);
  });
});
