/**
 * Speakers' own page, the organisers' side (issue 63, item 1; People, Speakers): server/speakers/routes.ts
 * registerSpeakers. The speaker's own routes (`/api/speakers/page/:token`, a multipart edit) are not the
 * organisers' and stay with app/forms/speaker-page.ts.
 */
import * as z from "zod/mini";
import { speakerInviteSchema } from "../../forms/speaker-page";
import { adminRoute } from "../../lib/admin/route";

/** One speaker of the content, for the People tab's Speakers list. */
const speakerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.nullable(z.string()),
  invitedAt: z.nullable(z.string()),
  /** A link works now. */
  live: z.boolean(),
  /** An edit waits for review. */
  waiting: z.nullable(z.object({ id: z.number(), sentAt: z.string() })),
});
export type SpeakerRow = z.infer<typeof speakerRow>;

const speakersAnswer = z.object({
  speakers: z.array(speakerRow),
  /** Links are mailed (SMTP_URL); without it the organiser is shown the link to pass on. */
  canMail: z.boolean(),
});
export type SpeakersAnswer = z.infer<typeof speakersAnswer>;

const speakerLinkAnswer = z.object({
  message: z.string(),
  /** Only when mail is not sent: the link to pass on by hand. */
  link: z.optional(z.string()),
});
export type SpeakerLinkAnswer = z.infer<typeof speakerLinkAnswer>;

/** One field of a waiting edit beside the live text. */
const reviewLine = z.object({ label: z.string(), live: z.string(), proposed: z.string() });
export type ReviewLine = z.infer<typeof reviewLine>;

const speakerReviewAnswer = z.object({
  id: z.number(),
  speakerId: z.number(),
  name: z.string(),
  sentAt: z.string(),
  lines: z.array(reviewLine),
  /** The waiting photo's address (`/api/admin/speakers/edits/:id/photo`) and the live one's. */
  photo: z.nullable(z.object({ live: z.string(), proposed: z.string() })),
});
export type SpeakerReviewAnswer = z.infer<typeof speakerReviewAnswer>;

const said = z.object({ message: z.string() });

/** The content's speakers with their address, link and waiting edit. */
export const listSpeakers = adminRoute({ method: "GET", path: "/speakers", answer: speakersAnswer });

/** A private link made and mailed to `email` (or shown to pass on when mail is not set up). */
export const inviteSpeaker = adminRoute({
  method: "POST",
  path: "/speakers/:id/invite",
  body: speakerInviteSchema,
  answer: speakerLinkAnswer,
});
/** A new link to the address they were invited at; the old one works no more. */
export const resendSpeakerLink = adminRoute({
  method: "POST",
  path: "/speakers/:id/resend",
  answer: speakerLinkAnswer,
});
/** Their link works no more (409 when none works). */
export const revokeSpeakerLink = adminRoute({ method: "POST", path: "/speakers/:id/revoke", answer: said });

/** A waiting edit, side by side with the live text. */
export const speakerEdit = adminRoute({ method: "GET", path: "/speakers/edits/:id", answer: speakerReviewAnswer });
/** The waiting edit's photo (an image). */
export const speakerEditPhoto = adminRoute({ method: "GET", path: "/speakers/edits/:id/photo", answer: null });
/** Saved into the content as the speaker's own commit, the editor's way (409/422 in words when it cannot be). */
export const acceptSpeakerEdit = adminRoute({ method: "POST", path: "/speakers/edits/:id/accept", answer: said });
/** Nothing saved; the live text stays. */
export const declineSpeakerEdit = adminRoute({ method: "POST", path: "/speakers/edits/:id/decline", answer: said });
