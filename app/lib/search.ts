/** One page of the site as listed in /search-index.json (written by scripts/postbuild.ts). */
export interface SearchEntry {
  path: string;
  title: string;
  description: string;
  text: string;
}

export interface SearchHit extends SearchEntry {
  score: number;
}

const fold = (value: string) =>
  value
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * Pages matching every word of the query (case- and accent-insensitive), best first:
 * a word in the title counts most, then the description, then the page text.
 */
export function searchPages(entries: readonly SearchEntry[], query: string, limit = 8): SearchHit[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const hits: SearchHit[] = [];
  for (const entry of entries) {
    const title = fold(entry.title);
    const description = fold(entry.description);
    const text = fold(entry.text);
    let score = 0;
    for (const word of words) {
      const wordScore =
        (title.includes(word) ? 10 : 0) + (description.includes(word) ? 3 : 0) + (text.includes(word) ? 1 : 0);
      if (wordScore === 0) {
        score = 0;
        break;
      }
      score += wordScore;
    }
    if (score > 0) hits.push({ ...entry, score });
  }
  // One hit per page content: /, /home and /revival are the same page under three paths.
  const seen = new Set<string>();
  return hits
    .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path))
    .filter((hit) => {
      const key = `${hit.title}\n${hit.description}`;
      return !seen.has(key) && Boolean(seen.add(key));
    })
    .slice(0, limit);
}
