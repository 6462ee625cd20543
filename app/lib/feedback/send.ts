/**
 * The browser's side of session ratings (issue 63), kept like the kept agenda's changes (../agenda/sync.ts): a
 * rating is written to this phone first (localStorage) and sent from there, at once when online and again
 * whenever the network comes back or a page opens, so a rating given offline at the venue arrives later. The
 * rater is one random key per device, made here and never shown; the server keeps only its hash.
 */
import { feedbackPath } from "./rating";

const RATER_KEY = "sessionRater";
/** Ratings not yet taken by the server: session number -> rating. */
const PENDING_KEY = "sessionRatingsPending";
/** Ratings the server took (for "Change my rating"), or refused for good with its words. */
const DONE_KEY = "sessionRatingsDone";
const CHANGE = "session-rating-change";

export interface LocalRating {
  stars: number;
  comment?: string;
  at: number;
  /** Why it still waits when the device is online (the site busy): said instead of "back online". */
  busy?: boolean;
}
export type RatingRecord =
  | { status: "waiting"; rating: LocalRating }
  | { status: "sent"; rating: LocalRating }
  | { status: "refused"; rating: LocalRating; message: string };

function readMap<T>(key: string): Record<string, T> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) || "{}");
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, T>) : {};
  } catch {
    return {};
  }
}
function writeMap(key: string, map: Record<string, unknown>) {
  try {
    if (Object.keys(map).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(map));
  } catch {
    // Private mode without storage: the rating is sent now or not at all.
  }
}

/** This device's rater key: 192 random bits, base64url, made once. */
export function raterKey(): string {
  try {
    const kept = localStorage.getItem(RATER_KEY);
    if (kept) return kept;
  } catch {
    // No storage: a key for this page only.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const key = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
  try {
    localStorage.setItem(RATER_KEY, key);
  } catch {
    // As above.
  }
  return key;
}

/** What this phone knows of its rating of a session. */
export function ratingRecord(session: number): RatingRecord | undefined {
  const waiting = readMap<LocalRating>(PENDING_KEY)[session];
  if (waiting) return { status: "waiting", rating: waiting };
  return readMap<RatingRecord>(DONE_KEY)[session];
}

function settle(session: number, sent: LocalRating, record: RatingRecord | undefined) {
  const pending = readMap<LocalRating>(PENDING_KEY);
  // Rated again meanwhile: the newer rating waits for its own round.
  if (pending[session]?.at === sent.at) delete pending[session];
  writeMap(PENDING_KEY, pending);
  const done = readMap<RatingRecord>(DONE_KEY);
  if (record) done[session] = record;
  else delete done[session];
  writeMap(DONE_KEY, done);
}

/** Sends one waiting rating; false when it must wait (offline, the server away or busy). */
async function sendOne(session: number, rating: LocalRating): Promise<boolean> {
  let response: Response;
  try {
    response = await fetch(feedbackPath(session), {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ rater: raterKey(), stars: rating.stars, comment: rating.comment }),
      cache: "no-store",
    });
  } catch {
    // Offline (again): no longer "busy".
    const pending = readMap<LocalRating>(PENDING_KEY);
    if (pending[session]?.busy) writeMap(PENDING_KEY, { ...pending, [session]: { ...pending[session], busy: false } });
    return false;
  }
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  if (response.ok) settle(session, rating, { status: "sent", rating });
  else if (response.status === 429 || response.status >= 500) {
    // The site is busy: kept, marked so, and tried again once the server says (Retry-After) or in a minute.
    const pending = readMap<LocalRating>(PENDING_KEY);
    if (pending[session]?.at === rating.at) writeMap(PENDING_KEY, { ...pending, [session]: { ...rating, busy: true } });
    const wait = Number(response.headers.get("retry-after")) || 60;
    setTimeout(() => void flushRatings(), Math.min(wait, 600) * 1000);
    return false;
  } else
    settle(session, rating, {
      status: "refused",
      rating,
      message: typeof body?.message === "string" ? body.message : "The rating was not taken.",
    });
  return true;
}

let running: Promise<void> | null = null;
let again = false;

/** Rounds until no call asked for one more; it forgets itself in the same step as it sees that, so none is lost. */
async function rounds(): Promise<void> {
  await null; // `running` is set before the first round looks at it
  for (;;) {
    if (!again) {
      running = null;
      window.dispatchEvent(new Event(CHANGE));
      return;
    }
    again = false;
    for (const [session, rating] of Object.entries(readMap<LocalRating>(PENDING_KEY)))
      if (!(await sendOne(Number(session), rating))) break;
  }
}

/** Sends every waiting rating (one round at a time); never throws. */
export function flushRatings(): Promise<void> {
  again = true;
  running ??= rounds();
  return running;
}

let listening = false;
/** Sends what waits now and whenever the network comes back; `onChange` hears of every rating settled. */
export function followRatings(onChange: () => void): () => void {
  if (!listening) {
    listening = true;
    window.addEventListener("online", () => void flushRatings());
  }
  window.addEventListener(CHANGE, onChange);
  void flushRatings();
  return () => window.removeEventListener(CHANGE, onChange);
}

/** Keeps a rating on this phone and sends it; resolves once it was sent or has to wait. */
export function rate(session: number, stars: number, comment: string | undefined): Promise<void> {
  const pending = readMap<LocalRating>(PENDING_KEY);
  pending[session] = { stars, ...(comment ? { comment } : {}), at: Date.now() };
  writeMap(PENDING_KEY, pending);
  window.dispatchEvent(new Event(CHANGE));
  return flushRatings();
}

/** The server's state of a session's form (feedback turned off by the organisers), or undefined offline. */
export async function feedbackState(session: number): Promise<string | undefined> {
  try {
    const response = await fetch(feedbackPath(session), { cache: "no-store" });
    const body = (await response.json()) as { state?: unknown };
    return typeof body.state === "string" ? body.state : undefined;
  } catch {
    return undefined;
  }
}
