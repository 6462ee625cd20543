/**
 * The organisers' home (issue 41): what needs attention, in one answer: server/home/routes.ts, shown by
 * app/components/admin/home-view.tsx.
 */
import * as z from "zod/mini";
import { adminRoute } from "../../lib/admin/route";

/** Issue 63: ratings given today and the best-rated session so far; only on the event's days. */
const ratingsToday = z.object({
  /** Ratings given today, midnight to midnight in the event's zone. */
  count: z.number(),
  /** The best-rated session so far among those with at least MIN_RATINGS_FOR_AVERAGE ratings. */
  best: z.nullable(z.object({ title: z.string(), when: z.string(), average: z.number(), ratings: z.number() })),
});
export type RatingsToday = z.infer<typeof ratingsToday>;

const homeSummary = z.object({
  /** New submissions per form (comments aside), in the forms' order; a form with none is left out. */
  messages: z.array(z.object({ kind: z.string(), label: z.string(), count: z.number() })),
  /** Comments waiting for approval. */
  comments: z.number(),
  /**
   * Saved content changes the live build does not hold yet (commits since its content commit), or null when
   * that cannot be told (no editor on this server, or a live build that names no commit).
   */
  unpublished: z.nullable(z.number()),
  /** The box office (issue 42): people sold of all plans, their capacity, people on waiting lists; absent before any plan is on sale. */
  tickets: z.optional(z.object({ sold: z.number(), capacity: z.number(), waiting: z.number() })),
  /**
   * Orders waiting for payment (issue 61): "3 orders wait for 114.00 USD, the oldest due Tue 8 Dec 2026, 18:23 CST";
   * absent when none waits.
   */
  moneyWaiting: z.optional(z.object({ orders: z.number(), amount: z.string(), oldestDue: z.nullable(z.string()) })),
  /** Speakers' changes sent from their own page and waiting for review (issue 63); absent when none waits. */
  speakerChanges: z.optional(z.number()),
  /** The pay-later instructions buyers are mailed are still the placeholder text: the organisers should write theirs. */
  payLaterPlaceholder: z.optional(z.boolean()),
  ratingsToday: z.optional(ratingsToday),
  /**
   * Issue 66: the soonest shift not yet over that is short of people ("Door at Door 1", "Thursday 24 October 2024,
   * 13:00 to 17:00 (CDT)", 0 of 2), and how many shifts are short; absent when none is.
   */
  nextGap: z.optional(
    z.object({ what: z.string(), when: z.string(), filled: z.number(), needed: z.number(), gaps: z.number() }),
  ),
});
export type HomeSummary = z.infer<typeof homeSummary>;

/** What waits in every feature, on one page. */
export const showHome = adminRoute({ method: "GET", path: "/home", answer: homeSummary });
