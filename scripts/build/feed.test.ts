// @vitest-environment jsdom
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadContent } from "../../app/content/load";
import { stubImageManifest } from "../../app/content/stub-images";
import { atomFeed } from "./feed";

const content = loadContent(path.resolve(import.meta.dirname, "../../content"), stubImageManifest());

describe("the Atom feed", () => {
  it("is well-formed XML listing every post, newest first, with absolute links", () => {
    const doc = new DOMParser().parseFromString(atomFeed(content, "https://tncc.example.org"), "application/xml");
    expect(doc.getElementsByTagName("parsererror")).toHaveLength(0);
    expect(doc.documentElement.namespaceURI).toBe("http://www.w3.org/2005/Atom");
    const entries = [...doc.getElementsByTagName("entry")];
    expect(entries).toHaveLength(content.posts.length);
    const dates = entries.map((e) => e.getElementsByTagName("published")[0]!.textContent!);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = entries[0]!;
    expect(first.getElementsByTagName("link")[0]!.getAttribute("href")).toMatch(
      /^https:\/\/tncc\.example\.org\/blog-single\/\d+$/,
    );
    expect(first.getElementsByTagName("content")[0]!.textContent).toContain("<p>");
  });
});
