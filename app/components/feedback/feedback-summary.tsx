import { useId, type ReactNode } from "react";
import { figuresText, type SessionFigures, type Spread } from "~/lib/feedback/summary";

export interface SpreadBarsProps {
  spread: Spread;
}

/** How many gave each number of stars, 5 down to 1: the count in words and a bar as wide as its share. */
export function SpreadBars({ spread }: SpreadBarsProps) {
  const most = Math.max(1, ...spread);
  return (
    <ul className="mt-2 grid max-w-sm gap-1 text-sm" aria-label="Ratings by stars">
      {[5, 4, 3, 2, 1].map((stars) => {
        const n = spread[stars - 1]!;
        return (
          <li key={stars} className="grid grid-cols-[4.5rem_1fr_2rem] items-center gap-2">
            <span>
              {stars} {stars === 1 ? "star" : "stars"}
            </span>
            <span aria-hidden="true" className="h-2.5 rounded-full bg-mist">
              <span className="block h-full rounded-full bg-gold-deep" style={{ width: `${(n / most) * 100}%` }} />
            </span>
            <span className="text-end tabular-nums">
              {n}
              <span className="sr-only"> {n === 1 ? "rating" : "ratings"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

export interface SessionFeedbackProps {
  figures: SessionFigures;
  /** What stands in for the comments when there are none to show ("No comments yet."). */
  noComments: ReactNode;
  /** More below the comments: the organisers' switches. */
  children?: ReactNode;
}

/** One session: its name, average (or "3 ratings so far"), spread and comments, shown as text. */
export function SessionFeedback({ figures, noComments, children }: SessionFeedbackProps) {
  const id = useId();
  const { comments } = figures;
  return (
    <article aria-labelledby={id} className="rounded-[var(--radius-card)] bg-paper p-4 sm:p-5">
      <h3 id={id} className="text-lg font-semibold">
        {figures.title}
        {figures.when ? <span className="block text-base font-normal text-muted">{figures.when}</span> : null}
      </h3>
      <p className="mt-1">
        <strong className="font-serif text-2xl">
          {figures.average === null ? null : <span aria-hidden="true">★ </span>}
          {figuresText(figures)}
        </strong>
      </p>
      {figures.ratings ? <SpreadBars spread={figures.spread} /> : null}
      {comments.length ? (
        <details className="mt-3">
          <summary className="min-h-11 cursor-pointer py-2 font-semibold">
            {comments.length} {comments.length === 1 ? "comment" : "comments"}
          </summary>
          <ul className="grid gap-2">
            {comments.map((c, i) => (
              <li key={i} className="rounded-lg bg-mist px-3 py-2">
                <span className="text-sm text-muted">
                  {c.stars} {c.stars === 1 ? "star" : "stars"}:
                </span>{" "}
                <span className="break-words whitespace-pre-line">{c.text}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : (
        <p className="mt-3 text-muted">{noComments}</p>
      )}
      {children}
    </article>
  );
}

export interface FeedbackSummaryProps {
  /** The speaker's own sessions (server/feedback/summary.ts speakerSummary), in programme order. */
  sessions: readonly SessionFigures[];
}

/**
 * A speaker's feedback on their page (issue 63, item 4): each of their sessions with its average (from five
 * ratings), its spread, and the comments an organiser let through.
 */
export function FeedbackSummary({ sessions }: FeedbackSummaryProps) {
  return (
    <section aria-labelledby="feedback-summary-title" className="mt-8">
      <h2 id="feedback-summary-title" className="text-2xl font-semibold">
        How your sessions were rated
      </h2>
      <p className="mt-2 max-w-2xl text-muted">
        Attendees rate a session from 1 to 5 stars, anonymously. An average shows from 5 ratings; comments show once the
        organisers pass them on.
      </p>
      {sessions.length ? (
        <div className="mt-4 grid gap-3">
          {sessions.map((s) => (
            <SessionFeedback key={s.session} figures={s} noComments="No comments passed on to you yet." />
          ))}
        </div>
      ) : (
        <p className="mt-4">You have no session in the programme yet.</p>
      )}
    </section>
  );
}
