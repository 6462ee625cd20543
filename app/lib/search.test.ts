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

  it("lists a page shown under several paths once, under its shortest path", () => {
    const aliases: SearchEntry[] = ["/revival", "/", "/home"].map((path) => ({
      path,
      title: "TNCC",
      description: "Wrapped in Grace",
      text: "home",
    }));
    expect(searchPages(aliases, "grace").map((hit) => hit.path)).toEqual(["/"]);
  });

  it("respects the limit", () => {
    expect(searchPages(pages, "s", 1)).toHaveLength(1);
  });
});
