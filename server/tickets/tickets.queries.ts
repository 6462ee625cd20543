/**
 * One ticket on its buyer's page (issue 50): the holder's name and forwards to another address; and the key
 * pair that signs every ticket (issue 43).
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rowsOf } from "../db/rows";
import { ticketForwards, ticketOrders, tickets } from "../db/schema";
import { queueMail, type MailDraft } from "../mail/queries";

/** The name written on a ticket (null: none). */
export async function nameTicket(db: Db, code: string, name: string | null): Promise<void> {
  await db.update(tickets).set({ holderName: name }).where(eq(tickets.code, code));
}

/** At most this many forwards of one ticket, and of one order's tickets, a day (issue 50). */
export const FORWARDS_PER_TICKET = 3;
export const FORWARDS_PER_ORDER = 10;

/**
 * A ticket sent to another address: kept with the ticket, counted, and its mail queued in one transaction;
 * refused ("ticket" or "order") past FORWARDS_PER_TICKET a ticket or FORWARDS_PER_ORDER an order in 24 hours.
 * The order's row is locked first, so two requests at once are counted one after the other.
 */
export async function forwardTicket(
  db: Db,
  ticket: { code: string; orderId: number },
  email: string,
  mail: MailDraft,
  now: Date,
): Promise<{ ok: true } | { ok: false; limit: "ticket" | "order" }> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: ticketOrders.id })
      .from(ticketOrders)
      .where(eq(ticketOrders.id, ticket.orderId))
      .for("update");
    const since = new Date(now.getTime() - 86_400_000);
    const sent = await tx
      .select({ code: ticketForwards.code, n: count() })
      .from(ticketForwards)
      .where(and(eq(ticketForwards.orderId, ticket.orderId), gt(ticketForwards.createdAt, since)))
      .groupBy(ticketForwards.code);
    const ofTicket = sent.find((r) => r.code === ticket.code)?.n ?? 0;
    const ofOrder = sent.reduce((n, r) => n + r.n, 0);
    if (ofTicket >= FORWARDS_PER_TICKET) return { ok: false as const, limit: "ticket" as const };
    if (ofOrder >= FORWARDS_PER_ORDER) return { ok: false as const, limit: "order" as const };
    await tx.insert(ticketForwards).values({ orderId: ticket.orderId, code: ticket.code, createdAt: now });
    await tx.update(tickets).set({ holderEmail: email }).where(eq(tickets.code, ticket.code));
    await queueMail(tx, mail);
    return { ok: true as const };
  });
}

/** The tickets' signing key (PKCS#8 PEM): `made` is stored when there is none yet (whoever starts first). */
export async function signingKey(db: Db, made: string): Promise<string> {
  await db.execute(
    sql`INSERT INTO signing_keys (name, private_pem) VALUES ('tickets', ${made}) ON CONFLICT (name) DO NOTHING`,
  );
  const rows = rowsOf<{ private_pem: string }>(
    await db.execute(sql`SELECT private_pem FROM signing_keys WHERE name = 'tickets'`),
  );
  return rows[0]!.private_pem;
}
