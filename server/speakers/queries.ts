/**
 * Speakers' own page (issue 63): their address (speaker_contacts), their private link (speaker_links, only the
 * SHA-256 of its secret kept; one live link a speaker), and the edit they sent for review (speaker_edits).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { queueMail, type MailDraft } from "../mail/queries";
import { audit } from "../admin/audit/queries";
import { newSecret, secretHash } from "../secret";
import type { SpeakerEdit } from "../../app/forms/speaker-page";

export interface Contact {
  speakerId: number;
  email: string;
  invitedAt: Date;
  live: boolean;
}

export interface WaitingEdit {
  id: number;
  speakerId: number;
  edit: SpeakerEdit;
  bases: Record<string, string>;
  photo: Buffer | null;
  photoExt: "jpg" | "png" | null;
  sentAt: Date;
}

/** The speaker a link opens: null when unknown or revoked (the same answer). */
export async function speakerOfLink(db: Db, token: string): Promise<{ speakerId: number; email: string } | null> {
  const [row] = rowsOf<{ speaker_id: number; email: string }>(
    await db.execute(sql`
      UPDATE speaker_links l SET used_at = now() FROM speaker_contacts c
      WHERE l.secret_hash = ${secretHash(token)} AND l.revoked_at IS NULL AND c.speaker_id = l.speaker_id
      RETURNING l.speaker_id, c.email`),
  );
  return row ? { speakerId: Number(row.speaker_id), email: row.email } : null;
}

export async function contacts(db: Db): Promise<Contact[]> {
  return rowsOf<{ speaker_id: number; email: string; invited_at: Date | string; live: boolean }>(
    await db.execute(sql`
      SELECT c.speaker_id, c.email, c.invited_at,
        EXISTS (SELECT 1 FROM speaker_links l WHERE l.speaker_id = c.speaker_id AND l.revoked_at IS NULL) AS live
      FROM speaker_contacts c`),
  ).map((r) => ({ speakerId: Number(r.speaker_id), email: r.email, invitedAt: new Date(r.invited_at), live: r.live }));
}

export interface Organiser {
  adminId: number;
  actor: string;
}

/**
 * A new link for a speaker (an invitation, or sending it again): the address kept, the old link revoked, the
 * mail queued and the audit line written, in one transaction. Returns the link's secret (shown only when no
 * mail is sent).
 */
export async function newSpeakerLink(
  db: Db,
  speakerId: number,
  email: string | null,
  who: Organiser,
  mail: (token: string, email: string) => MailDraft | null,
): Promise<{ token: string; email: string } | null> {
  return db.transaction(async (tx) => {
    if (email !== null)
      await tx.execute(sql`
        INSERT INTO speaker_contacts (speaker_id, email, invited_by) VALUES (${speakerId}, ${email}, ${who.actor})
        ON CONFLICT (speaker_id) DO UPDATE SET email = EXCLUDED.email, invited_by = EXCLUDED.invited_by, invited_at = now()`);
    const [contact] = rowsOf<{ email: string }>(
      await tx.execute(sql`SELECT email FROM speaker_contacts WHERE speaker_id = ${speakerId} FOR UPDATE`),
    );
    if (!contact) return null;
    await tx.execute(
      sql`UPDATE speaker_links SET revoked_at = now() WHERE speaker_id = ${speakerId} AND revoked_at IS NULL`,
    );
    const token = newSecret();
    await tx.execute(
      sql`INSERT INTO speaker_links (speaker_id, secret_hash) VALUES (${speakerId}, ${secretHash(token)})`,
    );
    const draft = mail(token, contact.email);
    if (draft) await queueMail(tx, draft);
    await audit(tx, {
      adminId: who.adminId,
      actor: who.actor,
      action: email !== null ? "speaker-invited" : "speaker-link-resent",
      target: `speaker:${speakerId}`,
    });
    return { token, email: contact.email };
  });
}

/** Ends a speaker's access: their link answers as an unknown one. False when they had none. */
export async function revokeSpeakerLinks(db: Db, speakerId: number, who: Organiser): Promise<boolean> {
  return db.transaction(async (tx) => {
    const revoked = rowsOf(
      await tx.execute(sql`
        UPDATE speaker_links SET revoked_at = now() WHERE speaker_id = ${speakerId} AND revoked_at IS NULL
        RETURNING id`),
    );
    if (!revoked.length) return false;
    await audit(tx, {
      adminId: who.adminId,
      actor: who.actor,
      action: "speaker-link-revoked",
      target: `speaker:${speakerId}`,
    });
    return true;
  });
}

type EditRow = {
  id: string | number;
  speaker_id: number;
  profile: SpeakerEdit["profile"];
  sessions: SpeakerEdit["sessions"];
  bases: Record<string, string>;
  photo: string | null;
  photo_ext: "jpg" | "png" | null;
  sent_at: Date | string;
};
const editOf = (r: EditRow): WaitingEdit => ({
  id: Number(r.id),
  speakerId: Number(r.speaker_id),
  edit: { profile: r.profile, sessions: r.sessions },
  bases: r.bases,
  photo: r.photo === null ? null : Buffer.from(r.photo, "base64"),
  photoExt: r.photo_ext,
  sentAt: new Date(r.sent_at),
});

/** The speaker's edit sent for review: replaces the one waiting, if any (a photo sent before is kept unless replaced). */
export async function sendEdit(
  db: Db,
  speakerId: number,
  edit: SpeakerEdit,
  bases: Record<string, string>,
  photo: { bytes: Buffer; ext: "jpg" | "png" } | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = rowsOf<{ photo: string | null; photo_ext: string | null }>(
      await tx.execute(sql`
        DELETE FROM speaker_edits WHERE speaker_id = ${speakerId} AND decided_at IS NULL RETURNING photo, photo_ext`),
    );
    const bytes = photo ? photo.bytes.toString("base64") : (before?.photo ?? null);
    const ext = photo ? photo.ext : (before?.photo_ext ?? null);
    await tx.execute(sql`
      INSERT INTO speaker_edits (speaker_id, profile, sessions, bases, photo, photo_ext)
      VALUES (${speakerId}, ${JSON.stringify(edit.profile)}::jsonb, ${JSON.stringify(edit.sessions)}::jsonb,
        ${JSON.stringify(bases)}::jsonb, ${bytes}, ${ext})`);
  });
}

/** The speaker's waiting edit (by speaker), or one waiting edit by its id. */
export async function waitingEdit(db: Db, by: { speakerId: number } | { id: number }): Promise<WaitingEdit | null> {
  const where = "speakerId" in by ? sql`speaker_id = ${by.speakerId}` : sql`id = ${by.id}`;
  const [row] = rowsOf<EditRow>(
    await db.execute(sql`SELECT * FROM speaker_edits WHERE ${where} AND decided_at IS NULL`),
  );
  return row ? editOf(row) : null;
}

/** Each speaker's waiting edit (id and when sent), for the People tab. */
export async function waitingEdits(db: Db): Promise<Map<number, { id: number; sentAt: Date }>> {
  const rows = rowsOf<{ id: string | number; speaker_id: number; sent_at: Date | string }>(
    await db.execute(sql`SELECT id, speaker_id, sent_at FROM speaker_edits WHERE decided_at IS NULL`),
  );
  return new Map(rows.map((r) => [Number(r.speaker_id), { id: Number(r.id), sentAt: new Date(r.sent_at) }]));
}

/** The last decision on a speaker's edits. */
export async function lastDecision(
  db: Db,
  speakerId: number,
): Promise<{ outcome: "accepted" | "declined"; at: Date } | null> {
  const [row] = rowsOf<{ outcome: "accepted" | "declined"; decided_at: Date | string }>(
    await db.execute(sql`
      SELECT outcome, decided_at FROM speaker_edits WHERE speaker_id = ${speakerId} AND decided_at IS NOT NULL
      ORDER BY decided_at DESC LIMIT 1`),
  );
  return row ? { outcome: row.outcome, at: new Date(row.decided_at) } : null;
}

/** An organiser's decision on a waiting edit, audited; false when it was decided already. */
export async function decideEdit(
  db: Db,
  id: number,
  outcome: "accepted" | "declined",
  who: Organiser,
  detail: Record<string, unknown> | null = null,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const done = rowsOf<{ speaker_id: number }>(
      await tx.execute(sql`
        UPDATE speaker_edits SET decided_at = now(), decided_by = ${who.actor}, outcome = ${outcome}
        WHERE id = ${id} AND decided_at IS NULL RETURNING speaker_id`),
    );
    if (!done[0]) return false;
    await audit(tx, {
      adminId: who.adminId,
      actor: who.actor,
      action: `speaker-edit-${outcome}`,
      target: `speaker:${done[0].speaker_id}`,
      detail,
    });
    return true;
  });
}
