/**
 * The organisers' home (issue 41): what needs attention, in one answer of `GET /api/admin/home`, shared by
 * the page (app/components/admin/home-view.tsx) and the server (server/home/routes.ts). The box office
 * and the door add their own parts here when they come.
 */

import type { RatingsToday } from "../feedback/summary";

/** `GET /api/admin/home` */
export interface HomeSummary {
  /** New submissions per form (comments aside), in the forms' order; a form with none is left out. */
  messages: { kind: string; label: string; count: number }[];
  /** Comments waiting for approval. */
  comments: number;
  /**
   * Saved content changes the live build does not hold yet (commits since its content commit), or null when
   * that cannot be told (no editor on this server, or a live build that names no commit).
   */
  unpublished: number | null;
  /** The box office (issue 42): people sold of all plans, their capacity, people on waiting lists; absent before any plan is on sale. */
  tickets?: { sold: number; capacity: number; waiting: number };
  /**
   * Orders waiting for payment (issue 61): "3 orders wait for 114.00 USD, the oldest due Tue 8 Dec 2026, 18:23 CST";
   * absent when none waits.
   */
  moneyWaiting?: { orders: number; amount: string; oldestDue: string | null };
  /** Speakers' changes sent from their own page and waiting for review (issue 63); absent when none waits. */
  speakerChanges?: number;
  /** The pay-later instructions buyers are mailed are still the placeholder text: the organisers should write theirs. */
  payLaterPlaceholder?: boolean;
  /** Issue 63: ratings given today and the best-rated session so far; only on the event's days. */
  ratingsToday?: RatingsToday;
  /**
   * Issue 66: the soonest shift not yet over that is short of people ("Door at Door 1", "Thursday 24 October 2024,
   * 13:00 to 17:00 (CDT)", 0 of 2), and how many shifts are short; absent when none is.
   */
  nextGap?: { what: string; when: string; filled: number; needed: number; gaps: number };
}
