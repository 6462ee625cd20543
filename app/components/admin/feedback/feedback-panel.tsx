import { useEffect, useRef, useState } from "react";
import { SessionFeedback } from "~/components/feedback/feedback-summary";
import {
  setFeedbackSwitches,
  showFeedback,
  type FeedbackSummary,
  type OrganiserSessionFigures,
} from "~/api/admin/feedback";
import { callAdmin } from "~/lib/admin/api";
import type { FeedbackSwitchesChange } from "~/lib/feedback/summary";

type Switch = keyof FeedbackSwitchesChange;

const SWITCHES: { key: Switch; label: string; on: string; off: string }[] = [
  { key: "off", label: "Feedback off", on: "feedback is off", off: "feedback is open" },
  { key: "commentsHidden", label: "Hide comments", on: "comments are hidden", off: "comments show" },
  {
    key: "commentsToSpeaker",
    label: "Show comments to the speaker",
    on: "the speaker sees the comments",
    off: "the speaker no longer sees the comments",
  },
];

/** One session's switches, each saved as it is ticked; what was saved (or went wrong) said beside them. */
function Switches({
  figures,
  onSaved,
}: {
  figures: OrganiserSessionFigures;
  onSaved: (next: FeedbackSummary) => void;
}) {
  // The switch as ticked, until the server has answered (the box does not flick back meanwhile).
  const [pending, setPending] = useState<{ key: Switch; value: boolean } | null>(null);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const error = useRef<HTMLParagraphElement>(null);
  const { switches } = figures;

  async function change(key: Switch, value: boolean) {
    setPending({ key, value });
    const res = await callAdmin(setFeedbackSwitches, {
      params: { session: figures.session },
      body: { [key]: value },
    });
    setPending(null);
    const words = SWITCHES.find((s) => s.key === key)!;
    if (!res.ok) {
      setSaid({ text: `Not saved: ${res.error}`, error: true });
      requestAnimationFrame(() => error.current?.focus());
      return;
    }
    setSaid({ text: `Saved: ${value ? words.on : words.off}.`, error: false });
    onSaved(res.data);
  }

  return (
    <fieldset className="mt-3 border-t border-ink/15 pt-3" disabled={pending !== null}>
      <legend className="sr-only">
        Feedback settings for {figures.title}, {figures.when}
      </legend>
      <div className="flex flex-wrap gap-x-5">
        {SWITCHES.map((s) => (
          <label key={s.key} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={pending?.key === s.key ? pending.value : switches[s.key]}
              onChange={(e) => void change(s.key, e.target.checked)}
            />
            {s.label}
          </label>
        ))}
      </div>
      {switches.changedBy ? (
        <p className="text-sm text-muted">
          Last changed by {switches.changedBy}, {switches.changedAt}.
        </p>
      ) : null}
      <p
        ref={error}
        tabIndex={-1}
        role={said?.error ? "alert" : "status"}
        className={`mt-1 text-sm font-semibold empty:hidden ${said?.error ? "text-rose" : ""}`}
      >
        {said?.text}
      </p>
    </fieldset>
  );
}

/**
 * The Feedback tab (issue 63, item 4): every session ranked by its average (from five ratings; fewer say "3
 * ratings so far"), its spread and its comments, with the switches per session and the CSV of every rating.
 */
export function FeedbackPanel({ fail }: { fail: (status: number, message: string) => void }) {
  const [summary, setSummary] = useState<FeedbackSummary | null>(null);

  useEffect(() => {
    let live = true;
    void callAdmin(showFeedback).then((res) => {
      if (!live) return;
      if (res.ok) setSummary(res.data);
      else fail(res.status, res.error);
    });
    return () => {
      live = false;
    };
    // Once, when the tab opens (`fail` changes with every render of the page above).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section aria-labelledby="feedback-title" className="mt-8">
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <h2 id="feedback-title" className="text-2xl font-semibold">
          Feedback
        </h2>
        <a className="font-semibold underline underline-offset-4" href="/api/admin/feedback/export" download>
          Download every rating (CSV)
        </a>
      </div>
      <p className="mt-2 max-w-2xl text-muted">
        Attendees rate each session from 1 to 5 stars, anonymously, with an optional comment. Sessions are ranked by
        their average, which shows from 5 ratings. Feedback off closes the form for that session; hidden comments are
        left out here, in the CSV and on the speaker&apos;s page; the speaker sees comments only once you let them
        through.
      </p>
      {summary === null ? (
        <p className="mt-4">Loading…</p>
      ) : summary.sessions.length ? (
        <ol className="mt-4 grid gap-3" aria-label="Sessions, best rated first">
          {summary.sessions.map((s) => (
            <li key={s.session}>
              <SessionFeedback
                figures={s}
                noComments={
                  s.hiddenComments
                    ? `${s.hiddenComments} ${s.hiddenComments === 1 ? "comment" : "comments"} hidden.`
                    : "No comments."
                }
              >
                <Switches figures={s} onSaved={setSummary} />
              </SessionFeedback>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4">The programme has no sessions yet.</p>
      )}
    </section>
  );
}
