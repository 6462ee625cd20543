/**
 * Data that only a page's static islands render (components/ui/static-island.tsx, docs/decisions/006 and
 * 017), carried in the loader data as one marked JSON string. On the first load the islands keep their
 * pre-rendered HTML and never read it, so the build blanks it in the page's hydration data
 * (scripts/build/hydrate.ts): the page's HTML is smaller and React Router decodes less before hydrating.
 * A client-side navigation reads the page's `.data` file, which keeps it, and the islands render from it.
 */
export const ISLAND_DATA_MARK = "island-data:";

/** A JSON string of T, marked so the build can find it. */
export type IslandData<T> = string & { readonly __islandData?: T };

export const islandData = <T>(value: T) => `${ISLAND_DATA_MARK}${JSON.stringify(value)}` as IslandData<T>;

/** The data, or undefined where the build blanked it (the first hydration of a pre-rendered page). */
export function readIslandData<T>(data: IslandData<T>): T | undefined {
  return data.length > ISLAND_DATA_MARK.length ? (JSON.parse(data.slice(ISLAND_DATA_MARK.length)) as T) : undefined;
}
