/** The speaker's mail (issue 63): their private link to their own page, in people's words. */
import type { MailDraft } from "../mail/queries";
import { oneLine } from "../../app/forms/plain-text";

export function speakerLinkMail(
  to: string,
  speakerName: string,
  link: string,
  organiser: string,
  again: boolean,
): MailDraft {
  return {
    to,
    subject: again ? "Your new link to your TNCC speaker's page" : "Your speaker's page at TNCC",
    body: [
      `Dear ${oneLine(speakerName)},`,
      "",
      again
        ? `${oneLine(organiser)} sent you a new link to your own page as a speaker at TNCC. The link we sent you before no longer works.`
        : `${oneLine(organiser)} invited you to your own page as a speaker at TNCC.`,
      "There you see your sessions (day, time, place and any change), and you can correct your name, role, bio,",
      "photo, links and your sessions' texts. The organisers review what you send before it goes on the site.",
      "",
      "Your private link (no password; please keep it to yourself):",
      link,
      "",
      "If you did not expect this, ignore this message.",
    ].join("\n"),
  };
}
