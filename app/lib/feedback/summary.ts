/**
 * The feedback summary (issue 63, item 4): what organisers (the Feedback tab, `GET /api/admin/feedback`) and
 * speakers (their own page) read of the sessions' ratings, shared by the server (server/feedback/summary.ts) and
 * the browser (app/components/feedback/, app/components/admin/feedback/). A session is named by its title, day
 * and time, never by its number; no average is shown below five ratings ("3 ratings so far").
 */
import * as z from "zod/mini";

/** Fewer ratings than this show no average (Hoverboard's rule, issue 63): one or two votes are not a verdict. */
export const MIN_RATINGS_FOR_AVERAGE = 5;

/** How many ratings gave 1, 2, 3, 4 and 5 stars, in that order. */
export type Spread = [number, number, number, number, number];

export interface FeedbackComment {
  stars: number;
  /** Plain text as the attendee typed it: shown as text, never as HTML. */
  text: string;
}

/** One session's figures, as a speaker may see them. */
export interface SessionFigures {
  /** The session's number: the key of the organisers' switches, never shown. */
  session: number;
  title: string;
  /** "Fri 25 Oct 13:30", on the event's clock. */
  when: string;
  ratings: number;
  /** The mean of the stars to one decimal, or null below MIN_RATINGS_FOR_AVERAGE ratings. */
  average: number | null;
  spread: Spread;
  /** Newest first; empty where comments are hidden or (for a speaker) not let through. */
  comments: FeedbackComment[];
}

/** `PATCH /api/admin/feedback/sessions/:session`: the switches to change (the others stay as they are). */
export const feedbackSwitchesSchema = z.object({
  off: z.optional(z.boolean("Feedback off must be on or off.")),
  commentsHidden: z.optional(z.boolean("Hide comments must be on or off.")),
  commentsToSpeaker: z.optional(z.boolean("Show comments to the speaker must be on or off.")),
});
export type FeedbackSwitchesChange = z.infer<typeof feedbackSwitchesSchema>;

export const ratingCount = (spread: Spread) => spread.reduce((sum, n) => sum + n, 0);

/** The mean to one decimal, or null below MIN_RATINGS_FOR_AVERAGE ratings. */
export function averageOf(spread: Spread): number | null {
  const n = ratingCount(spread);
  if (n < MIN_RATINGS_FOR_AVERAGE) return null;
  const total = spread.reduce((sum, count, i) => sum + count * (i + 1), 0);
  return Math.round((total / n) * 10) / 10;
}

/**
 * Sessions with an average first, best first (more ratings first on a tie), then those with fewer ratings,
 * most first; the rest keep their order (the programme's).
 */
export function rankSessions<T extends { ratings: number; average: number | null }>(sessions: readonly T[]): T[] {
  return [...sessions].sort((a, b) => {
    if (a.average !== null && b.average !== null) return b.average - a.average || b.ratings - a.ratings;
    if (a.average !== null) return -1;
    if (b.average !== null) return 1;
    return b.ratings - a.ratings;
  });
}

/** "No ratings yet", "1 rating so far", "3 ratings so far"; with an average: "4.2 from 12 ratings". */
export function figuresText({ ratings, average }: { ratings: number; average: number | null }): string {
  if (average !== null) return `${average.toFixed(1)} from ${ratings} ratings`;
  if (ratings === 0) return "No ratings yet";
  return `${ratings} ${ratings === 1 ? "rating" : "ratings"} so far`;
}
