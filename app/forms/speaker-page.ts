/**
 * A speaker's own page (issue 63): its address, what its API answers and takes, and the organisers' invitation
 * (the organisers' answers are the contract's: app/api/admin/speakers.ts). Shared by the page
 * (app/components/speakers/own-page/), the People tab and the server (server/speakers/), which checks again as the
 * authority. zod/mini, as the editor's schemas.
 */
import * as z from "zod/mini";
import { EMAIL_SHAPE } from "./email";
import { PLAIN_NAME } from "./plain-text";
import type { SessionFigures } from "../lib/feedback/summary";

/** The speaker's private link: /speaker-page/<32 characters> (server/http-policy.ts: rendered in the browser only). */
export const SPEAKER_PAGE = "/speaker-page";
export const SPEAKER_TOKEN = /^[A-Za-z0-9_-]{32}$/;
export const speakerPagePath = (token: string) => `${SPEAKER_PAGE}/${token}`;
/** The one answer to a link that is unknown, revoked, or used for someone else's session. */
export const LINK_DOES_NOT_WORK =
  "This link does not work. It may be mistyped or no longer in use: ask the organisers to send you a new one.";

export const MAX_NAME = 80;
export const MAX_BIO = 5000;
export const MAX_SESSION_TEXT = 2000;
export const MAX_URL = 300;
export const MAX_LINKS = 4;

/** Text with an HTML tag or comment in it (`<b>`, `</p>`, `<script`, `<!--`): refused, the site shows text. */
const HTML = /<\s*[a-z!/?]/i;
const plain = (what: string, max: number) =>
  z.string(`${what} is missing.`).check(
    z.trim(),
    z.minLength(1, `${what} is empty: please write it.`),
    z.maxLength(max, `${what} is longer than ${max} characters: please shorten it.`),
    z.refine((t) => !HTML.test(t), `${what} has HTML in it (a < followed by a letter): please write plain text.`),
  );

export const speakerEditSchema = z.object({
  profile: z.object({
    name: z
      .string("Your name is missing.")
      .check(
        z.trim(),
        z.minLength(1, "Your name is empty: please write it."),
        z.maxLength(MAX_NAME, `Your name is longer than ${MAX_NAME} characters: please shorten it.`),
        z.regex(PLAIN_NAME, "Your name: please write it on one line, without < or >."),
      ),
    designation: z.string("Choose your role.").check(z.maxLength(40, "Choose your role.")),
    bio: plain("Your bio", MAX_BIO),
    social: z
      .array(
        z.object({
          network: z.string("Choose the network.").check(z.maxLength(20, "Choose the network.")),
          url: z
            .string("The link is missing.")
            .check(
              z.trim(),
              z.maxLength(MAX_URL, `The link is longer than ${MAX_URL} characters: please shorten it.`),
              z.regex(/^https:\/\/[^\s<>"]+$/, "The link must be an address starting with https://."),
            ),
        }),
      )
      .check(z.maxLength(MAX_LINKS, `At most ${MAX_LINKS} links.`)),
  }),
  sessions: z
    .array(z.object({ number: z.int(), text: plain("The session's text", MAX_SESSION_TEXT) }))
    .check(z.maxLength(50, "Too many sessions.")),
});
export type SpeakerEdit = z.infer<typeof speakerEditSchema>;

/** Where a refused edit's message goes: "name", "bio", "social.0.url", "sessions.7.text", "photo". */
export type EditField = string;
export const fieldOf = (path: readonly PropertyKey[], edit?: SpeakerEdit): EditField => {
  const [top, ...rest] = path.map(String);
  if (top === "profile") return rest.join(".");
  if (top === "sessions" && rest.length) {
    const number = edit?.sessions[Number(rest[0])]?.number;
    return ["sessions", number ?? rest[0], ...rest.slice(1)].join(".");
  }
  return path.map(String).join(".");
};

export interface OwnSession {
  number: number;
  title: string;
  /** "Fri 25 Oct", "09:00 – 10:00": the event's own clock (the day file's date and times). */
  day: string;
  time: string;
  /** YYYY-MM-DD */
  date: string;
  place: string;
  text: string;
  status?: "cancelled" | "moved";
  /** The latest change in words ("Moved from Thu 24 Oct 10:30 (changed 20 Oct)"), or "". */
  changed: string;
}

/** `GET /api/speakers/page/:token` */
export interface SpeakerPageAnswer {
  speaker: {
    id: number;
    name: string;
    designation: string;
    bio: string;
    /** The photo's address on the site, or the waiting one's. */
    photo: string;
    social: { network: string; url: string }[];
  };
  sessions: OwnSession[];
  /** How their sessions were rated (issue 63 item 4): averages from 5 ratings, comments an organiser let through. */
  feedback: SessionFigures[];
  roles: readonly string[];
  networks: readonly string[];
  /** Each content file's version when the page was opened: sent back with an edit (a save since is told). */
  bases: Record<string, string>;
  /** The edit sent and not yet reviewed: what the form shows, sent on. */
  waiting: { sentAt: string; edit: SpeakerEdit; photo: boolean } | null;
  /** The last decision on an edit, in words, or null. */
  decided: { outcome: "accepted" | "declined"; at: string } | null;
}

/** A refused edit (400, 409, 413, 415, 422): the message, and the field it concerns. */
export interface SpeakerEditError {
  error: string;
  field?: EditField;
}

/** `POST /api/admin/speakers/:id/invite` */
export const speakerInviteSchema = z.object({
  email: z
    .string("Please enter the speaker's e-mail address.")
    .check(
      z.trim(),
      z.maxLength(254, "That address is too long."),
      z.regex(EMAIL_SHAPE, "Please enter an e-mail address, like name@example.org."),
    ),
});
