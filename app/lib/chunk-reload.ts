/**
 * A new deploy removes the old hashed chunks; a visitor on an old page then fails to load one. The cure is
 * one full reload (which fetches the new HTML). Reload once per page, remembered in sessionStorage, so a
 * chunk that is really broken shows the friendly error instead of a reload loop.
 */
const KEY = "tncc:chunk-reload-at";
const WINDOW_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

export interface ReloadDeps {
  storage: Pick<Storage, "getItem" | "setItem">;
  reload: () => void;
  now: number;
}

/** Reloads unless it already did in the last minute; returns whether it reloaded. */
export function reloadOnce({ storage, reload, now }: ReloadDeps): boolean {
  const last = Number(storage.getItem(KEY) ?? 0);
  if (now - last < WINDOW_MS) return false;
  storage.setItem(KEY, String(now));
  reload();
  return true;
}
