/**
 * An account removed (issue 66): its shifts not yet ended are freed (./reminders.ts freeShiftsOf: reminders gone,
 * gap checks added again) and the organisers are mailed which, in the removal's own transaction. Added to the
 * context's `accountRemoval` by ./routes.ts, so the accounts (server/admin/) import nothing of the shifts.
 */
import type { AccountRemoval, ServerContext } from "../context";
import { queueMail } from "../mail/queries";
import { nameOf } from "../admin/accounts/queries";
import { shiftsEvent } from "./event";
import { freedMail } from "./mail";
import { freeShiftsOf } from "./reminders";

export function shiftsFreed(ctx: ServerContext): AccountRemoval {
  const event = shiftsEvent(ctx);
  return async (tx, account) => {
    const freed = await freeShiftsOf(tx, account.id, new Date(ctx.now()));
    if (!freed.length) return undefined;
    const to = ctx.forms?.notifyEmail || (await ctx.forms?.organiserEmail());
    const timeZone = await event()
      .then((e) => e.timeZone)
      .catch(() => "UTC");
    if (to) await queueMail(tx, freedMail(to, nameOf(account), freed, timeZone, ctx.siteUrl));
    return { shiftsFreed: freed.map((s) => s.id) };
  };
}
