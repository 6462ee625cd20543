import { describe, expect, it } from "vitest";
import { filterPosts, type FilterablePost } from "./filter";

const post = (id: number, title: string, text: string, category = "event", tags = ["faith"]): FilterablePost => ({
  id,
  title,
  excerpt: "",
  text,
  category: { id: category, name: category },
  tags: tags.map((t) => ({ id: t, name: t })),
});

const posts = [
  post(1, "Travel tips for guests", "Where to stay in Dallas and how to get to the hall.", "travel", ["travel"]),
  post(2, "Grace in the everyday", "Prayer and travel are both acts of trust.", "insight"),
  post(3, "Registration is open", "Book early: seats are limited.", "event", ["news", "faith"]),
];

describe("filterPosts", () => {
  it("filters by category and by tag", () => {
    expect(filterPosts(posts, { category: "event" }).map((p) => p.id)).toEqual([3]);
    expect(filterPosts(posts, { tag: "faith" }).map((p) => p.id)).toEqual([2, 3]);
    expect(filterPosts(posts, { category: "event", tag: "travel" })).toEqual([]);
    expect(filterPosts(posts, { category: "nope" })).toEqual([]);
    expect(filterPosts(posts, {}).map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it("ranks a match in the title above a match in the text", () => {
    expect(filterPosts(posts, { q: "travel" }).map((p) => p.id)).toEqual([1, 2]);
  });

  it("needs every word, ignores case and accents, and finds words only in the text", () => {
    expect(filterPosts(posts, { q: "PRAYER trust" }).map((p) => p.id)).toEqual([2]);
    expect(filterPosts(posts, { q: "dállas" }).map((p) => p.id)).toEqual([1]);
    expect(filterPosts(posts, { q: "prayer dallas" })).toEqual([]);
    expect(filterPosts(posts, { q: "   " }).map((p) => p.id)).toEqual([1, 2, 3]);
  });
});
