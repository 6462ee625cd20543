/**
 * The visitor's outbox: each submission is kept in localStorage before it is sent, and leaves only on a
 * 2xx or a permanent 4xx. Framework-free; `storage` is passed in so tests can use a plain object.
 */
import type { FormKind } from "./index";

export const OUTBOX_KEY = "tncc-outbox";

export interface OutboxEntry {
  /** Sent as Idempotency-Key: a retry of the same entry is stored once. */
  id: string;
  kind: FormKind;
  fields: Record<string, string>;
  createdAt: number;
  attempts: number;
  /** Not sent before this time (ms), e.g. after a 429's Retry-After. */
  notBefore: number;
}

type Store = Pick<Storage, "getItem" | "setItem">;

export function readOutbox(storage: Store): OutboxEntry[] {
  try {
    const value: unknown = JSON.parse(storage.getItem(OUTBOX_KEY) ?? "[]");
    return Array.isArray(value) ? (value as OutboxEntry[]).filter((e) => e && typeof e.id === "string") : [];
  } catch {
    return [];
  }
}

function write(storage: Store, entries: OutboxEntry[]): void {
  storage.setItem(OUTBOX_KEY, JSON.stringify(entries));
}

const same = (a: Record<string, string>, b: Record<string, string>) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Adds a submission, or returns the waiting entry with the same form and fields (a double submit is one
 * entry, so one key, so one stored row).
 */
export function addToOutbox(
  storage: Store,
  kind: FormKind,
  fields: Record<string, string>,
  now: number,
  newId: () => string,
): OutboxEntry {
  const entries = readOutbox(storage);
  const existing = entries.find((e) => e.kind === kind && same(e.fields, fields));
  if (existing) return existing;
  const entry: OutboxEntry = { id: newId(), kind, fields, createdAt: now, attempts: 0, notBefore: 0 };
  write(storage, [...entries, entry]);
  return entry;
}

export function removeFromOutbox(storage: Store, id: string): void {
  write(
    storage,
    readOutbox(storage).filter((e) => e.id !== id),
  );
}

export function updateEntry(storage: Store, id: string, change: Partial<OutboxEntry>): void {
  write(
    storage,
    readOutbox(storage).map((e) => (e.id === id ? { ...e, ...change } : e)),
  );
}

/** Entries due now, oldest first. */
export function dueEntries(storage: Store, now: number): OutboxEntry[] {
  return readOutbox(storage)
    .filter((e) => e.notBefore <= now)
    .sort((a, b) => a.createdAt - b.createdAt);
}

/** What a server answer means for an entry. */
export type Outcome =
  | { type: "sent" }
  | { type: "invalid"; errors: Record<string, string> }
  | { type: "limited"; message: string; retryAfter: number }
  | { type: "refused"; status: number }
  | { type: "retry" };

/** 2xx: sent. 422: wrong field (permanent). 429: later. Other 4xx: permanent. 5xx or no answer: retry. */
export function outcomeOf(status: number | null, body: unknown): Outcome {
  if (status === null || status >= 500 || status === 408) return { type: "retry" };
  if (status >= 200 && status < 300) return { type: "sent" };
  const data = (body ?? {}) as { errors?: Record<string, string>; message?: string; retryAfter?: number };
  if (status === 422 && data.errors) return { type: "invalid", errors: data.errors };
  if (status === 429)
    return {
      type: "limited",
      message: data.message ?? "Too many messages in a short while. Please try again later.",
      retryAfter: data.retryAfter ?? 60,
    };
  return { type: "refused", status };
}
