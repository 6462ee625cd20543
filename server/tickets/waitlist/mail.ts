/**
 * The waiting list's mails (issue 42, item 4): the link that confirms a place in line, and an offer of seats kept
 * for the first in line. `link`: the mailed link, with its token.
 */
import { zonedWhen } from "../../../app/lib/admin/when";
import type { TicketsData } from "../../../app/lib/build-outputs";
import type { MailDraft } from "../../mail/queries";
import type { Hold } from "../queries";
import { money } from "../mail";
import type { WaitlistEntry } from "./queries";

/**
 * A time in the event's time zone with its abbreviation, on the one clock of every mail and page (issue 62):
 * "Tue 8 Dec 2026, 18:23 CST".
 */
export const when = (at: Date, timeZone: string) => zonedWhen(at, timeZone);

export function waitlistConfirmMail(
  data: TicketsData,
  link: string,
  offerHours: number,
  planId: string,
  quantity: number,
): MailDraft {
  const title = data.plans[planId]?.title ?? planId;
  return {
    to: "",
    subject: `Please confirm your place on the waiting list (${title})`,
    body: [
      "Hello,",
      "",
      `someone (we hope you) asked to join the waiting list for ${quantity} × ${title} at ${data.calendar.title}.`,
      `To confirm and take your place in line, open: ${link}`,
      "",
      `When seats come free, the first in line gets them kept for ${offerHours} hours and an e-mail with a link to buy them.`,
      "If it was not you, ignore this mail: nothing happens.",
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}

export function offerMail(data: TicketsData, link: string, entry: WaitlistEntry, hold: Hold): MailDraft {
  const plan = data.plans[entry.planId];
  const title = plan?.title ?? entry.planId;
  const price = hold.amountMinor === 0 ? "They are free." : `The price is ${money(hold.amountMinor, hold.currency)}.`;
  return {
    to: entry.email,
    subject: `Seats are free for you: ${entry.quantity} × ${title}`,
    body: [
      "Hello,",
      "",
      `good news from the waiting list: ${entry.quantity} × ${title} at ${data.calendar.title} ${entry.quantity === 1 ? "is" : "are"} kept for you until ${when(hold.expiresAt, data.timeZone)}. ${price}`,
      "",
      `To take ${entry.quantity === 1 ? "it" : "them"}, open: ${link}`,
      "",
      "If you no longer want them, ignore this mail: when the time is up they go to the next person in line.",
      "",
      `Questions: ${data.contact.email}, ${data.contact.phone}`,
    ].join("\n"),
  };
}
