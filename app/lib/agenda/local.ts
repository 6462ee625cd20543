/**
 * "My agenda" in localStorage (./store.ts is its React side): the starred sessions and, for a kept agenda
 * (issue 44), its link's secret and the changes the server has not acknowledged yet. Shared by the store
 * and the sync (./sync.ts) without either importing the other.
 */

export const AGENDA_KEY = "myAgenda";
/** The kept agenda's secret (its private link), when this browser keeps its agenda on the server. */
export const AGENDA_KEPT_KEY = "myAgendaKept";
/** Changes not yet acknowledged by the server: session number -> { starred, at } (./sync.ts keeps them). */
export const AGENDA_PENDING_KEY = "myAgendaPending";
const CHANGE = "agenda-change";
const KEYS = new Set([AGENDA_KEY, AGENDA_KEPT_KEY]);

function get(key: string): string {
  try {
    return localStorage.getItem(key) ?? "";
  } catch {
    return "";
  }
}

/** The kept agenda's secret, or "" when this browser keeps its agenda only here. */
export const keptSecret = () => get(AGENDA_KEPT_KEY);

/** For ./sync.ts, which alone reads the changes (AGENDA_PENDING_KEY). */
export const readKey = get;

/** Keeps (a secret) or forgets ("") the link of the kept agenda; the stars stay. */
export function writeKept(secret: string) {
  try {
    if (secret) localStorage.setItem(AGENDA_KEPT_KEY, secret);
    else {
      localStorage.removeItem(AGENDA_KEPT_KEY);
      localStorage.removeItem(AGENDA_PENDING_KEY);
    }
  } catch {
    // Private mode without storage: nothing is kept.
  }
  window.dispatchEvent(new Event(CHANGE));
}

export const read = () => get(AGENDA_KEY);

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

export function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || KEYS.has(event.key)) onChange();
  };
  window.addEventListener("storage", onStorage);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener("storage", onStorage);
    window.removeEventListener(CHANGE, onChange);
  };
}
