/**
 * At most one order mail a day to an address from the public forms (issue 61): a registration's or a "pay later"
 * order's confirmation link, the waiting list's. Whoever asks, from wherever: the mail is claimed in the database
 * (every server shares it) in the same transaction as the hold or the entry it confirms, so a refused claim
 * leaves nothing held and nothing mailed. Only a keyed hash of the address is kept (migration 020).
 */
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";

/** How long an address waits for its next order mail from the forms. */
export const ADDRESS_MAIL_MS = 86_400_000;

/**
 * Claims the address's one order mail of the day at `at`: true when it may be mailed (none in the last day),
 * false when it had one. Run it inside the transaction that queues the mail.
 */
export async function claimAddressMail(db: Db, addressHash: string, at: Date): Promise<boolean> {
  const since = new Date(at.getTime() - ADDRESS_MAIL_MS);
  const claimed = await db.execute(sql`
    INSERT INTO ticket_address_mails (address_hash, mailed_at) VALUES (${addressHash}, ${at.toISOString()}::timestamptz)
    ON CONFLICT (address_hash) DO UPDATE SET mailed_at = excluded.mailed_at
    WHERE ticket_address_mails.mailed_at <= ${since.toISOString()}::timestamptz
    RETURNING address_hash`);
  return rowsOf(claimed).length > 0;
}

/** Forgets the addresses mailed more than a day before `at` (the sweep): they may be mailed again anyway. */
export async function forgetAddressMails(db: Db, at: Date): Promise<void> {
  await db.execute(
    sql`DELETE FROM ticket_address_mails WHERE mailed_at <= ${new Date(at.getTime() - ADDRESS_MAIL_MS).toISOString()}::timestamptz`,
  );
}
