/**
 * When attendees may rate a session (issue 63): from 10 minutes before it ends (its start when it has no end)
 * until the end of the Nth day after the event's last day (site.yaml `feedbackDays`), in the event's time zone.
 * Pure: the clock is the caller's (the browser's island, the server's route), so both judge the same way.
 */
import { zonedIso } from "../schedule/zoned-time";

/** The form opens this long before the session ends, while people are still in the room. */
export const OPENS_BEFORE_END_MS = 10 * 60_000;

/** site.yaml's `feedbackDays` when it is absent. */
export const DEFAULT_FEEDBACK_DAYS = 14;

export interface RatedSession {
  startsAt: string;
  endsAt?: string;
}

export type RatingWindow = { state: "before"; opensAt: number } | { state: "open" } | { state: "closed" };

/** The instant ratings close: the end of the day `days` after `lastDay` ("2024-10-27"), in `timeZone`. */
export function feedbackClosesAt(lastDay: string, days: number, timeZone: string): string {
  const [y, m, d] = lastDay.split("-").map(Number);
  const next = new Date(Date.UTC(y!, m! - 1, d! + days + 1)).toISOString().slice(0, 10);
  return zonedIso(next, "00:00", timeZone);
}

/** The instant a session's form opens. */
export const ratingOpensAt = (session: RatedSession) =>
  session.endsAt ? Date.parse(session.endsAt) - OPENS_BEFORE_END_MS : Date.parse(session.startsAt);

/** Whether a session may be rated at `now`, and if not yet, from when. */
export function ratingWindow(session: RatedSession, closesAt: string, now: number): RatingWindow {
  const opensAt = ratingOpensAt(session);
  if (now < opensAt) return { state: "before", opensAt };
  return now < Date.parse(closesAt) ? { state: "open" } : { state: "closed" };
}

/** "Fri 25 Oct at 16:50": a moment on the event's clock, as the form says when rating opens. */
export function opensText(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    weekday: "short",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("weekday")} ${part("day")} ${part("month")} at ${part("hour")}:${part("minute")}`;
}
