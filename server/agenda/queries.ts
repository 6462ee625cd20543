/**
 * Kept agendas (issue 44, part 1): one row per agenda, found by the SHA-256 of its link's secret, and one row
 * per session it recorded with that session's latest change. A change older than the one kept for its session
 * changes nothing (the latest change wins, whichever device sends first); a device's time in the future
 * counts as the server's now, so a wrong clock cannot pin a session for ever.
 */
import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import { MAX_AGENDA_SESSIONS, type KeptAgendaAnswer, type StarChange } from "../../app/lib/agenda/keep";
import type { Db } from "../db/client";
import { agendaStars, agendas } from "../db/schema";
import { secretHash } from "../secret";

const DAY = 86_400_000;
/** An agenda that nobody synced, read or fetched as a calendar for this long is deleted (server/retention/). */
export const AGENDA_UNUSED_DAYS = 90;

export interface KeptAgenda {
  id: number;
  version: number;
  usedAt: Date;
}

export type ApplyResult =
  | { kind: "missing" }
  | { kind: "too-many"; count: number }
  | { kind: "ok"; answer: KeptAgendaAnswer; changed: boolean };

class TooMany extends Error {
  constructor(readonly count: number) {
    super("too many sessions");
  }
}

/** The latest change per session (a device may send one session twice), its time no later than now. */
function latestPerSession(changes: readonly StarChange[], now: number): StarChange[] {
  const latest = new Map<number, StarChange>();
  for (const change of changes) {
    const at = Math.min(change.at, now);
    const kept = latest.get(change.session);
    if (!kept || kept.at < at) latest.set(change.session, { ...change, at });
  }
  return [...latest.values()];
}

export async function findAgenda(db: Db, secret: string): Promise<KeptAgenda | undefined> {
  const [row] = await db
    .select({ id: agendas.id, version: agendas.version, usedAt: agendas.usedAt })
    .from(agendas)
    .where(eq(agendas.secretHash, secretHash(secret)));
  return row;
}

/** Marks the agenda used, at most once a day for a read (a poll every 2 s writes nothing). */
export async function touchAgenda(db: Db, agenda: KeptAgenda, now: number): Promise<void> {
  if (now - agenda.usedAt.getTime() < DAY) return;
  await db
    .update(agendas)
    .set({ usedAt: new Date(now) })
    .where(eq(agendas.id, agenda.id));
}

export async function agendaAnswer(db: Db, agenda: Pick<KeptAgenda, "id" | "version">): Promise<KeptAgendaAnswer> {
  const rows = await db
    .select({ session: agendaStars.sessionNumber, starred: agendaStars.starred, at: agendaStars.changedAt })
    .from(agendaStars)
    .where(eq(agendaStars.agendaId, agenda.id))
    .orderBy(asc(agendaStars.sessionNumber));
  return { version: agenda.version, stars: rows.map((r) => ({ ...r, at: r.at.getTime() })) };
}

/** The starred session numbers of a kept agenda (its calendar feed). */
export async function starredSessions(db: Db, agendaId: number): Promise<number[]> {
  const rows = await db
    .select({ session: agendaStars.sessionNumber })
    .from(agendaStars)
    .where(and(eq(agendaStars.agendaId, agendaId), eq(agendaStars.starred, true)));
  return rows.map((r) => r.session);
}

/**
 * Applies a device's changes in one transaction (the agenda's row locked, so two devices take turns): each
 * only where it is newer than the session's kept change. Refused whole when the agenda would then record more
 * than MAX_AGENDA_SESSIONS sessions. The version moves when anything changed.
 */
async function apply(tx: Db, agendaId: number, changes: readonly StarChange[], now: number): Promise<boolean> {
  const latest = latestPerSession(changes, now);
  let changed = false;
  if (latest.length > 0) {
    const updated = await tx
      .insert(agendaStars)
      .values(
        latest.map((c) => ({ agendaId, sessionNumber: c.session, starred: c.starred, changedAt: new Date(c.at) })),
      )
      .onConflictDoUpdate({
        target: [agendaStars.agendaId, agendaStars.sessionNumber],
        set: { starred: sql`excluded.starred`, changedAt: sql`excluded.changed_at` },
        setWhere: lt(agendaStars.changedAt, sql`excluded.changed_at`),
      })
      .returning({ session: agendaStars.sessionNumber });
    changed = updated.length > 0;
    const [recorded] = await tx.select({ n: count() }).from(agendaStars).where(eq(agendaStars.agendaId, agendaId));
    if ((recorded?.n ?? 0) > MAX_AGENDA_SESSIONS) throw new TooMany(recorded!.n);
  }
  return changed;
}

export async function createAgenda(
  db: Db,
  secret: string,
  changes: readonly StarChange[],
  now: number,
): Promise<KeptAgendaAnswer> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(agendas)
      .values({ secretHash: secretHash(secret), createdAt: new Date(now), usedAt: new Date(now) })
      .returning({ id: agendas.id, version: agendas.version });
    await apply(tx, row!.id, changes, now);
    return agendaAnswer(tx, row!);
  });
}

export async function applyChanges(
  db: Db,
  secret: string,
  changes: readonly StarChange[],
  now: number,
): Promise<ApplyResult> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select({ id: agendas.id, version: agendas.version })
        .from(agendas)
        .where(eq(agendas.secretHash, secretHash(secret)))
        .for("update");
      if (!row) return { kind: "missing" } as const;
      const changed = await apply(tx, row.id, changes, now);
      const [after] = await tx
        .update(agendas)
        .set({ usedAt: new Date(now), ...(changed ? { version: sql`${agendas.version} + 1` } : {}) })
        .where(eq(agendas.id, row.id))
        .returning({ id: agendas.id, version: agendas.version });
      return { kind: "ok", answer: await agendaAnswer(tx, after!), changed } as const;
    });
  } catch (error) {
    if (error instanceof TooMany) return { kind: "too-many", count: error.count };
    throw error;
  }
}

/** "Stop keeping it": the agenda and its sessions are deleted. False when there was none. */
export async function deleteAgenda(db: Db, secret: string): Promise<boolean> {
  const gone = await db
    .delete(agendas)
    .where(eq(agendas.secretHash, secretHash(secret)))
    .returning({ id: agendas.id });
  return gone.length > 0;
}

/** For the purge: agendas unused for AGENDA_UNUSED_DAYS. Returns how many were deleted. */
export async function purgeUnusedAgendas(db: Db, now: number): Promise<number> {
  const gone = await db
    .delete(agendas)
    .where(lt(agendas.usedAt, new Date(now - AGENDA_UNUSED_DAYS * DAY)))
    .returning({ id: agendas.id });
  return gone.length;
}
