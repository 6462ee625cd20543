/**
 * "Don't announce" kept with its change (issue 62; migration 024): a programme change an organiser published
 * quietly (a typo fix) is remembered by session, with what the change made of the session. When the same change
 * is listed again (the publish was rolled back, or failed, and the content still has it), the Publish page shows
 * it ticked; an organiser who unticks it and publishes forgets it. A different change to that session (another
 * new time) is a new decision, unticked.
 */
import { sql } from "drizzle-orm";
import type { ProgrammeChange } from "../../app/api/admin/publish";
import type { Db } from "../db/types";
import { rowsOf } from "../db/rows";

/**
 * What a session's changes make of it, as one text: their kinds and new times or speaker, not where it was (a
 * roll back changes the live programme it is compared with, not the change).
 */
export function changeKey(changes: readonly ProgrammeChange[]): string {
  return changes
    .map((c) => `${c.kind}:${c.to?.startsAt ?? ""}/${c.to?.endsAt ?? ""}:${c.toSpeaker ?? ""}`)
    .sort()
    .join("|");
}

/** The changes by session number. */
function bySession(changes: readonly ProgrammeChange[]): Map<number, ProgrammeChange[]> {
  const out = new Map<number, ProgrammeChange[]>();
  for (const c of changes) out.set(c.number, [...(out.get(c.number) ?? []), c]);
  return out;
}

/** The sessions among `changes` whose change an organiser chose not to announce, and has not unticked since. */
export async function quietSessions(db: Db, changes: readonly ProgrammeChange[]): Promise<Set<number>> {
  if (!changes.length) return new Set();
  const rows = rowsOf<{ session_number: number; change: string }>(
    await db.execute(sql`SELECT session_number, change FROM quiet_changes`),
  );
  const kept = new Map(rows.map((r) => [Number(r.session_number), r.change]));
  const quiet = new Set<number>();
  for (const [number, mine] of bySession(changes)) if (kept.get(number) === changeKey(mine)) quiet.add(number);
  return quiet;
}

/**
 * Remembers the organiser's choice for each session with `changes`: those in `quiet` kept (with their change),
 * the others forgotten (announced: unticked).
 */
export async function keepQuietChoices(
  db: Db,
  changes: readonly ProgrammeChange[],
  quiet: ReadonlySet<number>,
  by: string,
): Promise<void> {
  for (const [number, mine] of bySession(changes)) {
    if (quiet.has(number))
      await db.execute(sql`
        INSERT INTO quiet_changes (session_number, change, decided_by) VALUES (${number}, ${changeKey(mine)}, ${by})
        ON CONFLICT (session_number) DO UPDATE SET change = excluded.change, decided_by = excluded.decided_by,
          decided_at = now()`);
    else await db.execute(sql`DELETE FROM quiet_changes WHERE session_number = ${number}`);
  }
}
