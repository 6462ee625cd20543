/**
 * Seats held and given back (issue 64: plain functions over the box office's context). A rush of buyers shares
 * each write to disk (server/db/batch.ts): the holds, and then their checkout sessions, in batches whose state
 * the context keeps; the writes themselves are ./holds.queries.ts.
 */
import { inBatch } from "../db/batch";
import type { BoxOfficeContext } from "./box-office-context";
import {
  holdMany,
  setCheckoutSessions,
  type CheckoutSession,
  type HoldRequest,
  type HoldResult,
} from "./holds.queries";
import { replacedPending } from "./order-life/pending.queries";
import type { Hold } from "./queries";
import { offerReleased } from "./waitlist/waitlist";

/** Seats held (./holds.queries.ts `holdMany`), written with the rush's other holds in one batch. */
export const takeSeats = (box: BoxOfficeContext, request: HoldRequest): Promise<HoldResult> =>
  inBatch(box.batches.holds, request, (requests) => holdMany(box.db, requests, new Date(box.now())));

/** A hold's checkout session and page recorded (./holds.queries.ts `setCheckoutSessions`), in batches. */
export const recordCheckout = (box: BoxOfficeContext, session: CheckoutSession): Promise<CheckoutSession> =>
  inBatch(box.batches.checkouts, session, async (sessions) => {
    await setCheckoutSessions(box.db, sessions);
    return sessions;
  });

/** Holds given back: a pending order among them is released too (its buyer replaced it), then the waiting list. */
export async function releasedHolds(box: BoxOfficeContext, holds: Hold[]): Promise<void> {
  for (const h of holds) {
    if (h.paymentMethod !== "later") continue;
    await replacedPending(box.db, h.id, new Date(box.now()));
  }
  await offerReleased(box, holds);
}
