/**
 * The organisers' Feedback tab (issue 63, item 4): server/feedback/admin-routes.ts. A session is named by its
 * title, day and time, never by its number; no average below five ratings (app/lib/feedback/summary.ts).
 */
import * as z from "zod/mini";
import { feedbackSwitchesSchema } from "../../lib/feedback/summary";
import { adminRoute } from "../../lib/admin/route";

/** An organiser's switches of one session (session_feedback); who changed them last, and when. */
const feedbackSwitches = z.object({
  /** Feedback off: the form closes and no new rating is taken (those given stay in the summary). */
  off: z.boolean(),
  /** Comments hidden from the summary, the CSV and the speaker. */
  commentsHidden: z.boolean(),
  /** Comments let through to the speaker's page (off until an organiser says so). */
  commentsToSpeaker: z.boolean(),
  /** The organiser by the name they gave (issue 62), never their address. */
  changedBy: z.nullable(z.string()),
  /** "Fri 25 Oct 2024, 14:02 CDT", in the event's zone. */
  changedAt: z.nullable(z.string()),
});
export type FeedbackSwitches = z.infer<typeof feedbackSwitches>;

/** One session of the organisers' summary: a speaker's figures (SessionFigures), its switches and hidden comments. */
const organiserSessionFigures = z.object({
  session: z.number(),
  title: z.string(),
  when: z.string(),
  ratings: z.number(),
  average: z.nullable(z.number()),
  spread: z.tuple([z.number(), z.number(), z.number(), z.number(), z.number()]),
  comments: z.array(z.object({ stars: z.number(), text: z.string() })),
  switches: feedbackSwitches,
  /** Comments there are but hidden by the switch (not shown, only counted). */
  hiddenComments: z.number(),
});
export type OrganiserSessionFigures = z.infer<typeof organiserSessionFigures>;

/** Every session of the programme, ranked (rankSessions). */
const feedbackSummary = z.object({ sessions: z.array(organiserSessionFigures) });
export type FeedbackSummary = z.infer<typeof feedbackSummary>;

/** Every session ranked by average, with its ratings, spread, comments and switches. */
export const showFeedback = adminRoute({ method: "GET", path: "/feedback", answer: feedbackSummary });

/** One session's switches changed (the others stay as they are); answers the summary as it now is. */
export const setFeedbackSwitches = adminRoute({
  method: "PATCH",
  path: "/feedback/sessions/:session",
  body: feedbackSwitchesSchema,
  answer: feedbackSummary,
});

/** One row per rating, as CSV (a file: a link downloads it). */
export const exportFeedback = adminRoute({ method: "GET", path: "/feedback/export", answer: null });
