/**
 * Orders an organiser issues by hand (issue 53): their hold (the people's names on their tickets are written
 * with the sale: sellHold).
 */
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ticketHolds, ticketStock } from "../db/schema";
import type { HoldRequest } from "./holds.queries";
import type { Hold } from "./queries";

/**
 * A hold for tickets an organiser issues by hand (issue 53): counted like any other; past the plan's capacity
 * only when `override` (a reason, audited by the caller); `over` says it went past. The plan's row is locked, so
 * two at once are counted one after the other. The hold is sold at once (sellHold).
 */
export async function manualHold(
  db: Db,
  request: Omit<HoldRequest, "openLimit" | "clientHash" | "confirmHash">,
  override: boolean,
): Promise<{ ok: true; hold: Hold; over: boolean } | { ok: false; left: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(ticketStock).where(eq(ticketStock.planId, request.planId)).for("update");
    const left = row ? row.capacity - row.sold - row.held : 0;
    if (!row || (request.seats > left && !override)) return { ok: false as const, left: Math.max(0, left) };
    const [hold] = await tx
      .insert(ticketHolds)
      .values({
        planId: request.planId,
        quantity: request.quantity,
        seats: request.seats,
        email: request.email,
        name: request.name,
        phone: request.phone ?? null,
        amountMinor: request.amountMinor,
        currency: request.currency,
        paymentMethod: "manual",
        expiresAt: request.expiresAt,
      })
      .returning();
    await tx.execute(sql`UPDATE ticket_stock SET held = held + ${request.seats} WHERE plan_id = ${request.planId}`);
    return { ok: true as const, hold: hold!, over: request.seats > left };
  });
}
