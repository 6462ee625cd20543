/**
 * The browser's side of a kept agenda (issue 44, part 1), loaded by ./store.ts only once this browser keeps
 * its agenda on the server. Every 2 s while the page is visible (and at once when a star changes, the page
 * shows again or the network comes back) it sends the changes not yet acknowledged, or asks whether the
 * server's copy moved (If-None-Match with the version: 304 while nothing changed). The server's answer
 * becomes the stars, with this browser's own newer changes on top: per session the latest change wins.
 */
import {
  KEPT_AGENDA_PATHS,
  KeptAgendaAnswerSchema,
  KeptAgendaCreatedSchema,
  keptAgendaPath,
  SYNC_REFUSED,
  type KeptAgendaAnswer,
  type StarChange,
} from "./keep";
import { AGENDA_PENDING_KEY, keptSecret, parseStored, read, readKey, writeAgenda, writeKept } from "./local";

const POLL_MS = 2000;

export type PendingChanges = Record<string, { starred: boolean; at: number }>;

export function readPending(): PendingChanges {
  try {
    const value: unknown = JSON.parse(readKey(AGENDA_PENDING_KEY) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as PendingChanges) : {};
  } catch {
    return {};
  }
}

export function writePending(pending: PendingChanges) {
  try {
    if (Object.keys(pending).length === 0) localStorage.removeItem(AGENDA_PENDING_KEY);
    else localStorage.setItem(AGENDA_PENDING_KEY, JSON.stringify(pending));
  } catch {
    // Private mode without storage: the server's copy wins at the next sync.
  }
}

/**
 * The kept agenda's change log: each session starred or unstarred between `before` and `next` is recorded
 * with the time of the change (`at`), until the server has it. ./store.ts hands over every star change.
 */
export function recordChanges(before: ReadonlySet<number>, next: ReadonlySet<number>, at: number) {
  const pending = readPending();
  for (const n of new Set([...before, ...next]))
    if (before.has(n) !== next.has(n)) pending[n] = { starred: next.has(n), at };
  writePending(pending);
}

const VERSION_KEY = "myAgendaKeptVersion";

/** A failed request, with the server's words when it gave some. */
export class KeepError extends Error {}

const stars = () => parseStored(read());
const version = () => {
  try {
    return localStorage.getItem(VERSION_KEY) ?? "";
  } catch {
    return "";
  }
};
const setVersion = (value: string) => {
  try {
    if (value) localStorage.setItem(VERSION_KEY, value);
    else localStorage.removeItem(VERSION_KEY);
  } catch {
    // No storage: the next poll reads the whole agenda again.
  }
};

const changesOf = (pending: PendingChanges): StarChange[] =>
  Object.entries(pending).map(([session, c]) => ({ session: Number(session), starred: c.starred, at: c.at }));

/** An answer whose body is not needed is still read to its end: an unread one stays open (a page never idle). */
const drain = (response: Response) =>
  response.arrayBuffer().then(
    () => undefined,
    () => undefined,
  );

async function refusal(response: Response): Promise<KeepError> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return new KeepError(
    typeof body?.message === "string" ? body.message : `The server did not keep the agenda (${response.status}).`,
  );
}

/**
 * The server's agenda becomes this browser's, with the changes still waiting on top where they are newer.
 * `sent`: the changes the answer acknowledges (dropped unless the visitor changed that session again since).
 */
function apply(answer: KeptAgendaAnswer, sent: PendingChanges = {}) {
  const pending = readPending();
  for (const [n, c] of Object.entries(sent))
    if (pending[n]?.at === c.at && pending[n]?.starred === c.starred) delete pending[n];
  const server = new Map(answer.stars.map((s) => [s.session, s]));
  const next = new Set(answer.stars.filter((s) => s.starred).map((s) => s.session));
  for (const [n, c] of Object.entries(pending)) {
    const kept = server.get(Number(n));
    if (kept && kept.at >= c.at) delete pending[n];
    else if (c.starred) next.add(Number(n));
    else next.delete(Number(n));
  }
  writePending(pending);
  setVersion(String(answer.version));
  const now = stars();
  if (now.length !== next.size || now.some((n) => !next.has(n))) writeAgenda(next);
}

const json = (changes: StarChange[]) => ({
  method: "POST",
  headers: { "Content-Type": "application/json" },
  body: JSON.stringify({ changes }),
  cache: "no-store" as const,
});

/** This agenda is gone from the server (stopped on another device): this browser keeps its stars only here. */
function lost() {
  setVersion("");
  writeKept("");
}

/** One round: the waiting changes sent, else the server asked whether anything moved. */
async function syncOnce(secret: string): Promise<void> {
  const pending = readPending();
  const url = keptAgendaPath(secret);
  if (Object.keys(pending).length > 0) {
    const response = await fetch(url, json(changesOf(pending)));
    if (response.status === 404) return drain(response).then(lost);
    if (response.status === 413 || response.status === 422) {
      // Refused for good (too many sessions): the server's copy wins; /agenda tells the visitor why.
      const { message } = await refusal(response);
      writePending({});
      setVersion("");
      window.dispatchEvent(new CustomEvent(SYNC_REFUSED, { detail: message }));
      return;
    }
    if (!response.ok) return drain(response);
    apply(KeptAgendaAnswerSchema.parse(await response.json()), pending);
    return;
  }
  const seen = version();
  const response = await fetch(url, { cache: "no-store", headers: seen ? { "If-None-Match": `"${seen}"` } : {} });
  if (response.status === 200) apply(KeptAgendaAnswerSchema.parse(await response.json()));
  else await drain(response);
  if (response.status === 404) lost();
}

let started = false;
let running: Promise<void> | null = null;
let again = false;

/**
 * A sync round now, or one more right after the one running; resolves when no round is left to run. Never
 * throws: offline, the changes wait for the next round.
 */
export function kick(): Promise<void> {
  again = true;
  running ??= (async () => {
    while (again) {
      again = false;
      const secret = keptSecret();
      if (!secret) break;
      await syncOnce(secret).catch(() => {
        // Offline or the server away: the changes wait for the next round.
      });
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Starts polling (once per page); a round at once. */
export function startSync() {
  if (!started) {
    started = true;
    const visible = () => document.visibilityState === "visible";
    setInterval(() => {
      if (visible() && keptSecret()) void kick();
    }, POLL_MS);
    document.addEventListener("visibilitychange", () => {
      if (visible()) void kick();
    });
    window.addEventListener("online", () => void kick());
  }
  void kick();
}

/** "Keep my agenda on my other devices": the server keeps this browser's stars under a new secret. */
export async function keepAgenda(): Promise<string> {
  const at = Date.now();
  const response = await fetch(
    KEPT_AGENDA_PATHS.create,
    json(stars().map((session) => ({ session, starred: true, at }))),
  ).catch(() => {
    throw new KeepError("The server could not be reached: please try again when you are online.");
  });
  if (response.status !== 201) throw await refusal(response);
  const created = KeptAgendaCreatedSchema.parse(await response.json());
  writePending({});
  writeKept(created.secret);
  apply(created);
  startSync();
  await kick();
  return created.secret;
}

/**
 * Opening a kept agenda's link on this device: from now on it keeps the link, and its own stars join the
 * agenda (sent as changes made now; offline, they wait). A link the server does not know is forgotten again.
 */
export async function joinAgenda(secret: string): Promise<"joined" | "unknown" | "later"> {
  if (keptSecret() !== secret) {
    const at = Date.now();
    const pending: PendingChanges = {};
    for (const n of stars()) pending[n] = { starred: true, at };
    setVersion("");
    writePending(pending);
    writeKept(secret);
  }
  const sent = readPending();
  let result: "joined" | "unknown" | "later" = "later";
  try {
    const response = await fetch(keptAgendaPath(secret), json(changesOf(sent)));
    if (response.status === 404) {
      await drain(response);
      lost();
      return "unknown";
    }
    if (!response.ok) await drain(response);
    else {
      apply(KeptAgendaAnswerSchema.parse(await response.json()), sent);
      result = "joined";
    }
  } catch {
    // Offline: the changes wait; the sync sends them when the device is back.
  }
  startSync();
  await kick();
  return result;
}

/** "Stop keeping it": the server's copy is deleted; this browser keeps its stars. */
export async function stopKeeping(): Promise<void> {
  const secret = keptSecret();
  if (!secret) return;
  const response = await fetch(keptAgendaPath(secret), { method: "DELETE" }).catch(() => {
    throw new KeepError("The server could not be reached: please try again when you are online.");
  });
  if (response.status !== 204 && response.status !== 404) throw await refusal(response);
  await drain(response);
  lost();
}
