/**
 * A session's rating (issue 63): the browser–server contract of `POST /api/feedback/:session`, read by the
 * server (server/feedback/) and by the form's sending (./send.ts). zod/mini, as the other public forms.
 * No account and no address: the rater is a random key this device keeps (./send.ts), of which the server
 * keeps only the SHA-256, so the same phone rating again replaces its rating.
 */
import * as z from "zod/mini";

/** The path of one session's rating: its state (GET) and the rating (POST). */
export const feedbackPath = (session: number) => `/api/feedback/${session}`;

export const COMMENT_MAX = 2000;
export const STAR_WORDS = ["", "Poor", "Fair", "Good", "Very good", "Excellent"] as const;

/** A comment may run over several lines; any other control character (and U+2028, U+2029) is refused. */
const COMMENT_TEXT = /^[^\p{Cc}\u2028\u2029]*$/u;
export const RATER_PATTERN = /^[\w-]{22,64}$/;

export const RatingSchema = z.object({
  rater: z.string().check(z.regex(RATER_PATTERN, "This phone's rating key is not readable: reload the page.")),
  stars: z
    .number("Please choose from 1 to 5 stars.")
    .check(z.int("Please choose from 1 to 5 stars."), z.minimum(1), z.maximum(5)),
  comment: z.optional(
    z
      .pipe(
        z.string(),
        z.transform((s) => s.replace(/\r\n?/g, "\n").trim()),
      )
      .check(
        z.maxLength(COMMENT_MAX, `Please keep your comment under ${COMMENT_MAX} characters.`),
        z.refine(
          (s) => COMMENT_TEXT.test(s.replace(/[\n\t]/g, "")),
          "Please write your comment as plain text, without special characters.",
        ),
      ),
  ),
});
export type Rating = z.infer<typeof RatingSchema>;

/** What the server says of a session's form: open, or why not. */
export type FeedbackState = "open" | "before" | "closed" | "off";

export const FeedbackStateSchema = z.object({ state: z.enum(["open", "before", "closed", "off"]) });

/** The form's words for the states the server can refuse with. */
export const FEEDBACK_WORDS = {
  closed: "Rating this session has closed.",
  off: "The organisers have turned feedback off for this session.",
  unknown: "This session is not in the programme (any more).",
} as const;
