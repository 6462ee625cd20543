/** The plan's mail (issue 66): a shift cancelled by the organisers, to each person who was on it. */
import { oneLine } from "../../app/forms/plain-text";
import { VOLUNTEER_PAGE } from "../../app/forms/shifts";
import type { MailDraft } from "../mail/queries";

export function shiftCancelledMail(
  to: string,
  name: string,
  shift: { day: string; when: string; place: string; role: string },
  siteUrl: string | undefined,
): MailDraft {
  return {
    to,
    subject: `Your shift on ${shift.day} is cancelled`,
    body: [
      `Dear ${oneLine(name)},`,
      "",
      "The organisers cancelled a shift you had signed up for:",
      `${oneLine(shift.role)} at ${oneLine(shift.place)}, ${shift.when}.`,
      "",
      "You need not come for it. Thank you for offering your time.",
      ...(siteUrl ? ["", "Your other shifts, and the open ones:", `${siteUrl}${VOLUNTEER_PAGE}`] : []),
    ].join("\n"),
  };
}
