import { useCallback, useMemo, useSyncExternalStore } from "react";

/**
 * "My agenda": the starred session numbers, kept in localStorage and in step across tabs (the
 * `storage` event) and across components of one tab (a custom event). Pre-rendered and hydrated as
 * empty; the stored selection shows right after hydration.
 */

export const AGENDA_KEY = "myAgenda";
const CHANGE = "agenda-change";

function read(): string {
  try {
    return localStorage.getItem(AGENDA_KEY) ?? "";
  } catch {
    return "";
  }
}

export function parseStored(raw: string): number[] {
  try {
    const value: unknown = JSON.parse(raw || "[]");
    return Array.isArray(value) ? value.filter((n): n is number => Number.isInteger(n) && n > 0) : [];
  } catch {
    return [];
  }
}

export function writeAgenda(numbers: Iterable<number>) {
  const sorted = [...new Set(numbers)].sort((a, b) => a - b);
  try {
    localStorage.setItem(AGENDA_KEY, JSON.stringify(sorted));
  } catch {
    // Private mode without storage: nothing is kept.
  }
  window.dispatchEvent(new Event(CHANGE));
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === AGENDA_KEY || event.key === null) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE, onChange);
  };
}

export function useAgenda() {
  const raw = useSyncExternalStore(subscribe, read, () => "");
  const starred = useMemo(() => new Set(parseStored(raw)), [raw]);
  const toggle = useCallback((number: number) => {
    const current = new Set(parseStored(read()));
    if (current.has(number)) current.delete(number);
    else current.add(number);
    writeAgenda(current);
  }, []);
  const merge = useCallback((numbers: Iterable<number>) => {
    writeAgenda([...parseStored(read()), ...numbers]);
  }, []);
  return { starred, toggle, merge };
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
