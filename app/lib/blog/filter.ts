import { searchPages } from "../search";
import { pageUrl } from "../urls";

export interface FilterablePost {
  id: number;
  title: string;
  excerpt: string;
  /** The body as plain text. */
  text: string;
  category: { id: string; name: string };
  tags: { id: string; name: string }[];
}

export interface BlogFilter {
  category?: string | null;
  tag?: string | null;
  /** Words to find in titles and text. */
  q?: string | null;
}

/**
 * The posts a list shows: in the category and with the tag when given, and matching every word of `q`
 * (best first: a word in the title counts most, then the excerpt, then the text). Without `q` the
 * order is kept (newest first as content lists them).
 */
export function filterPosts<T extends FilterablePost>(posts: readonly T[], filter: BlogFilter): T[] {
  let list = posts.filter(
    (p) =>
      (!filter.category || p.category.id === filter.category) &&
      (!filter.tag || p.tags.some((t) => t.id === filter.tag)),
  );
  const q = filter.q?.trim();
  if (q) {
    const byPath = new Map(list.map((p) => [pageUrl.post(p.id), p]));
    const hits = searchPages(
      list.map((p) => ({ path: pageUrl.post(p.id), title: p.title, description: p.excerpt, text: p.text })),
      q,
      list.length,
    );
    list = hits.map((hit) => byPath.get(hit.path)!);
  }
  return list;
}
