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
