/**
 * "My agenda": the starred session numbers, kept in localStorage and in step across tabs (the
 * `storage` event) and across components of one tab (a custom event). Pre-rendered and hydrated as
 * empty; the stored selection shows right after hydration.
 *
 * A kept agenda (issue 44): once this browser keeps its agenda on the server (its link's secret in
 * AGENDA_KEPT_KEY), every star made through this store is also recorded as a change with its time
 * (AGENDA_PENDING_KEY) until the server has it, and ./sync.ts sends the changes and polls the server's copy.
 * So every star button syncs, online or offline. The change log and the sync, with its schemas, are loaded
 * only where an agenda is kept (issue 52: not in every page's first download): a page with stars loads them
 * as it opens (useAgenda), so they are there when the visitor stars something.
 */
import { useCallback, useEffect, useMemo, useSyncExternalStore } from "react";
import { keptSecret, parseStored, read, subscribe, writeAgenda } from "./local";
import type * as SyncModule from "./sync";

export { AGENDA_KEY, AGENDA_KEPT_KEY, parseStored, writeAgenda } from "./local";

let sync: Promise<typeof SyncModule> | undefined;
/** ./sync.ts, once per page; a failed fetch (offline without the code cached) is tried again next time. */
function loadSync() {
  sync ??= import("./sync").catch((error: unknown) => {
    sync = undefined;
    throw error;
  });
  return sync;
}

/** Loads ./sync.ts and (re)starts it, when this browser keeps its agenda on the server; else nothing. */
export function startKeptSync() {
  if (!keptSecret()) return;
  void loadSync().then(
    (module) => module.startSync(),
    () => {
      // Offline without the code cached: the changes wait in storage for the next page that loads it.
    },
  );
}

/**
 * Sets the starred sessions as the visitor chose them (the star buttons, through useAgenda): each change is
 * recorded for a kept agenda; resolves once it is.
 */
export function setStars(next: ReadonlySet<number>): Promise<void> {
  const before = new Set(parseStored(read()));
  writeAgenda(next);
  if (!keptSecret()) return Promise.resolve();
  const at = Date.now();
  // Already loaded when the page opened (useAgenda): recorded before any answer of the server is applied.
  return loadSync().then(
    (module) => {
      module.recordChanges(before, next, at);
      module.startSync();
    },
    () => {
      // Offline without the code cached: the server's copy wins when it next loads.
    },
  );
}

export function useAgenda() {
  const raw = useSyncExternalStore(subscribe, read, () => "");
  const starred = useMemo(() => new Set(parseStored(raw)), [raw]);
  const toggle = useCallback((number: number) => {
    const current = new Set(parseStored(read()));
    if (current.has(number)) current.delete(number);
    else current.add(number);
    void setStars(current);
  }, []);
  const merge = useCallback((numbers: Iterable<number>) => {
    void setStars(new Set([...parseStored(read()), ...numbers]));
  }, []);
  // A kept agenda follows the other devices while a page with stars is open.
  useEffect(startKeptSync, []);
  return { starred, toggle, merge };
}

/** The kept agenda's secret ("" when not kept; also before hydration). */
export function useKeptSecret(): string {
  return useSyncExternalStore(subscribe, keptSecret, () => "");
}

/**
 * What this browser last saw of each starred session on /agenda: session number -> its calendar SEQUENCE
 * (the number of announced changes). A session starred and never seen there counts as seen at 0.
 */
export const AGENDA_SEEN_KEY = "myAgendaSeen";
export type SeenSequences = Record<string, number>;

/** The starred sessions whose sequence rose since `seen`, by number. */
export function changedSince(
  seen: SeenSequences,
  sessions: readonly { number: number; sequence?: number }[],
  starred: ReadonlySet<number>,
): number[] {
  return sessions
    .filter((s) => starred.has(s.number) && (s.sequence ?? 0) > (Number(seen[s.number]) || 0))
    .map((s) => s.number);
}

/**
 * Once per opening of /agenda: the starred sessions that changed since it was last opened in this browser,
 * and from then on they count as seen (so the notice shows once).
 */
export function takeChangedSinceSeen(
  sessions: readonly { number: number; sequence?: number }[],
  starred: ReadonlySet<number>,
): number[] {
  let seen: SeenSequences = {};
  try {
    const value: unknown = JSON.parse(localStorage.getItem(AGENDA_SEEN_KEY) ?? "{}");
    if (value && typeof value === "object") seen = value as SeenSequences;
  } catch {
    // Unreadable or no storage: everything changed counts as new.
  }
  const changed = changedSince(seen, sessions, starred);
  const next: SeenSequences = { ...seen };
  for (const s of sessions) if (starred.has(s.number)) next[s.number] = s.sequence ?? 0;
  try {
    localStorage.setItem(AGENDA_SEEN_KEY, JSON.stringify(next));
  } catch {
    // Private mode without storage: the notice shows again next time.
  }
  return changed;
}
