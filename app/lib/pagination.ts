/** Paging of the gallery and blog lists (spec section 9). Pure functions; the UI is `ui/pager.tsx`. */

export interface PageSlice<T> {
  items: T[];
  /** The page shown, 1-based: the requested one clamped into 1..pageCount. */
  page: number;
  pageCount: number;
  total: number;
}

/** A `?page=` value as a whole number; anything else (missing, "abc", "2.5", "") means page 1. */
export function parsePage(raw: string | number | null | undefined): number {
  if (typeof raw === "number") return Number.isSafeInteger(raw) ? raw : 1;
  if (raw == null || !/^-?\d{1,9}$/.test(raw.trim())) return 1;
  return Number(raw.trim());
}

/** One page of `items`; an out-of-range page gives the nearest valid one (page 0 -> 1, past the end -> last). */
export function paginate<T>(
  items: readonly T[],
  rawPage: string | number | null | undefined,
  perPage: number,
): PageSlice<T> {
  if (!Number.isInteger(perPage) || perPage < 1)
    throw new RangeError(`perPage must be a positive integer, got ${perPage}`);
  const pageCount = Math.max(1, Math.ceil(items.length / perPage));
  const page = Math.min(Math.max(parsePage(rawPage), 1), pageCount);
  return { items: items.slice((page - 1) * perPage, page * perPage), page, pageCount, total: items.length };
}

export type PagerItem = number | "gap";

/**
 * The page links to show: `range` pages around the current one and `edges` pages at each end, with a gap
 * ("…") where pages are left out (react-paginate's pageRangeDisplayed 5 / marginPagesDisplayed 2).
 */
export function pagerItems(page: number, pageCount: number, range = 5, edges = 2): PagerItem[] {
  if (pageCount <= range + 2 * edges) return Array.from({ length: pageCount }, (_, i) => i + 1);
  let start = Math.max(1, page - Math.floor(range / 2));
  const end = Math.min(pageCount, start + range - 1);
  start = Math.max(1, end - range + 1);
  const shown = new Set<number>();
  for (let p = 1; p <= edges; p++) shown.add(p);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = pageCount - edges + 1; p <= pageCount; p++) shown.add(p);
  const items: PagerItem[] = [];
  let previous = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (p - previous === 2) items.push(p - 1);
    else if (p - previous > 2) items.push("gap");
    items.push(p);
    previous = p;
  }
  return items;
}
