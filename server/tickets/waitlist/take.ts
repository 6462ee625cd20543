/**
 * The offer link's button (issue 42, item 4): the checkout of exactly the held seats, a free plan's order at once,
 * or (no card provider, issue 53) an order paid later. One level above ./waitlist.ts (issue 64): the sale, the
 * checkout and "pay later" are called here directly, and they offer freed seats through ./waitlist.ts, so neither
 * module imports the other's caller.
 */
import { paysOnline } from "../../payments";
import type { BoxOfficeContext } from "../box-office-context";
import { checkoutHold } from "../card-checkout";
import { sell } from "../order-life/sell";
import { offerPaidLater } from "../pay-later";
import { newOrderLink } from "../queries";
import { offerState, WAITLIST_PATHS, type TakeResult } from "./waitlist";

export async function takeOffer(box: BoxOfficeContext, token: string): Promise<TakeResult> {
  const state = await offerState(box, token);
  if (state.kind !== "open") return state;
  const { hold } = state;
  if (hold.amountMinor === 0) {
    const sale = await sell(box, hold.id, {});
    if (!sale.ok) return { kind: "expired" };
    return { kind: "order", token: sale.token ?? (await newOrderLink(box.db, sale.order.id)) };
  }
  const data = await box.plans();
  const contact = `${data.contact.email} or ${data.contact.phone}`;
  if (!paysOnline(box.payments)) {
    const pending = await offerPaidLater(box, hold);
    return pending ? { kind: "order", token: pending } : { kind: "no-payments", contact };
  }
  const started = await checkoutHold(box, hold, `${WAITLIST_PATHS.offer}?token=${token}`);
  return "url" in started ? { kind: "checkout", url: started.url } : { kind: "failed", contact: started.contact };
}
