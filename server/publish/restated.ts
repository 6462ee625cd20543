/**
 * Whether a day file's edit is all in the programme changes the Publish page lists above it (issue 62): then the
 * file is not listed again under "Also … other changes" ("Programme · Day 2" for the very move just described).
 * A day file with anything more (a title, a text, another session's picture) is still listed.
 */
import { isDeepStrictEqual } from "node:util";
import { parse } from "yaml";

/** The fields of a session that programmeDiff (./programme.ts) compares: a change to them is listed as one. */
const PROGRAMME_FIELDS = ["start", "end", "speaker", "status", "changes", "sequence"] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * A day file's YAML without what the listed changes cover: the sessions numbered in `numbers` keep only their
 * other fields, and are dropped when the other version of the file lacks them (moved to or from another day,
 * added, taken out). null when it does not read as a day file.
 */
function rest(text: string, numbers: ReadonlySet<number>, other: ReadonlySet<number>): unknown {
  let value: unknown;
  try {
    value = parse(text, { maxAliasCount: 100 });
  } catch {
    return null;
  }
  if (!isRecord(value) || !Array.isArray(value.sessions)) return null;
  const sessions = value.sessions.flatMap((session: unknown) => {
    if (!isRecord(session) || typeof session.number !== "number" || !numbers.has(session.number)) return [session];
    if (!other.has(session.number)) return [];
    const kept = { ...session };
    for (const field of PROGRAMME_FIELDS) delete kept[field];
    return [kept];
  });
  return { ...value, sessions };
}

/** The session numbers of a day file's YAML (none when it does not read as one). */
function numbersOf(text: string): Set<number> {
  try {
    const value: unknown = parse(text, { maxAliasCount: 100 });
    if (!isRecord(value) || !Array.isArray(value.sessions)) return new Set();
    return new Set(
      value.sessions.flatMap((s: unknown) => (isRecord(s) && typeof s.number === "number" ? [s.number] : [])),
    );
  } catch {
    return new Set();
  }
}

/**
 * True when the day file went from `before` to `after` by the listed programme changes alone (the sessions
 * numbered in `numbers`: moved, a new speaker, cancelled, added, taken out), so it need not be listed again.
 */
export function onlyProgrammeChanges(before: string, after: string, numbers: ReadonlySet<number>): boolean {
  if (!numbers.size) return false;
  const was = rest(before, numbers, numbersOf(after));
  const now = rest(after, numbers, numbersOf(before));
  return was !== null && now !== null && isDeepStrictEqual(was, now);
}
