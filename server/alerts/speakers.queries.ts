/**
 * The speakers' side of the alerts (issue 63, ./speakers.ts): which changes each speaker was told
 * (`speaker_alerts_sent`, migration 028) and their addresses (`speaker_contacts`, migration 025).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/types";
import { rowsOf } from "../db/rows";
import { queueMails, type MailDraft } from "../mail/queries";
import { sessionsOf } from "./queries";

/** A change to tell a speaker of: the session at its SEQUENCE. */
export interface SpeakerChangeKey {
  speakerId: number;
  number: number;
  sequence: number;
}

/**
 * In the caller's transaction `tx`: records each of `changes` not told yet to a speaker with an address (the
 * primary key drops the rest), and queues one mail per speaker (`mailFor` writes it) for all of their new changes.
 * Answers how many mails were queued.
 */
export async function queueSpeakerAlerts(
  tx: Db,
  changes: readonly SpeakerChangeKey[],
  mailFor: (email: string, speakerId: number, sessions: number[]) => MailDraft,
): Promise<number> {
  if (changes.length === 0) return 0;
  const keys = changes.map((c) => ({ speaker_id: c.speakerId, number: c.number, sequence: c.sequence }));
  const told = rowsOf<{ speaker_id: number | string; email: string; sessions: unknown }>(
    await tx.execute(sql`
      WITH told AS (
        SELECT DISTINCT * FROM jsonb_to_recordset(${JSON.stringify(keys)}::jsonb)
          AS t(speaker_id integer, number integer, sequence integer)
      ), fresh AS (
        INSERT INTO speaker_alerts_sent (speaker_id, session_number, sequence)
        SELECT t.speaker_id, t.number, t.sequence FROM told t
        JOIN speaker_contacts c ON c.speaker_id = t.speaker_id
        ON CONFLICT DO NOTHING
        RETURNING speaker_id, session_number
      )
      SELECT c.speaker_id, c.email, array_agg(f.session_number ORDER BY f.session_number) AS sessions
      FROM fresh f JOIN speaker_contacts c ON c.speaker_id = f.speaker_id
      GROUP BY c.speaker_id, c.email`),
  );
  const mails = told.map((row) => mailFor(row.email, Number(row.speaker_id), sessionsOf(row.sessions)));
  await queueMails(tx, mails);
  return mails.length;
}

/** Of these speakers (by id), those with an address to be told at: for the Publish page. */
export async function speakersWithAddress(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = rowsOf<{ id: number | string }>(
    await db.execute(sql`
      SELECT speaker_id AS id FROM speaker_contacts WHERE speaker_id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Set(rows.map((r) => Number(r.id)));
}
