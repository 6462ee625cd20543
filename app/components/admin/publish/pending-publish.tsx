import { useEffect, useRef, useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import { audienceText } from "~/lib/admin/publish";
import { pendingChanges, restoreSession, type PendingPublish } from "~/api/admin/publish";

export interface PendingPublishProps {
  /** Asks again (after a publish, a roll back or a session put back). */
  version: number;
  /** The programme changes the organiser chose not to announce. */
  quiet: ReadonlySet<number>;
  onQuiet: (quiet: Set<number>) => void;
  fail: (status: number, message: string) => void;
  disabled: boolean;
}

/**
 * What "Publish" would put live (issue 51), found by the server, not typed: each programme change in words with
 * who would be told and "Don't announce (a typo fix)", a session taken out offered back, and the other saved
 * changes. Nothing is announced that the organiser did not see here first.
 */
export function PendingPublishList({ version, quiet, onQuiet, fail, disabled }: PendingPublishProps) {
  const [pending, setPending] = useState<PendingPublish | null>(null);
  const [asked, setAsked] = useState(0);
  const [said, setSaid] = useState<string | null>(null);
  /** The version whose kept "Don't announce" choices were shown: a session put back meanwhile keeps the ticks. */
  const chosen = useRef<number | null>(null);

  useEffect(() => {
    let live = true;
    void callAdmin(pendingChanges).then((res) => {
      if (!live) return;
      if (!res.ok) return fail(res.status, res.error);
      setPending(res.data);
      // The changes an organiser chose not to announce before stay ticked (issue 62), until unticked here.
      if (chosen.current !== version) {
        chosen.current = version;
        onQuiet(new Set(res.data.programme.filter((c) => c.quiet).map((c) => c.number)));
      }
    });
    return () => {
      live = false;
    };
    // `onQuiet` is the page's state setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fail, version, asked]);

  async function putBack(number: number, title: string) {
    const res = await callAdmin(restoreSession, { body: { number } });
    if (!res.ok) return fail(res.status, res.error);
    setSaid(`${title} is back in the programme, as it is live.`);
    setAsked((n) => n + 1);
  }

  const toggle = (number: number, on: boolean) => {
    const next = new Set(quiet);
    if (on) next.add(number);
    else next.delete(number);
    onQuiet(next);
  };

  if (!pending) return null;
  const { programme, files, problem } = pending;
  return (
    <section aria-labelledby="pending-title" className="mt-6">
      <h3 id="pending-title" className="text-xl font-semibold">
        What goes live
      </h3>
      {problem ? (
        <p className="mt-2 text-rose">The saved content has a problem, so the publish would stop: {problem}</p>
      ) : programme.length === 0 && files.length === 0 ? (
        <p className="mt-2 text-muted">Nothing new since the live version.</p>
      ) : null}
      <p aria-live="polite" className="mt-2 font-semibold empty:hidden">
        {said}
      </p>
      {programme.length ? (
        <>
          <p className="mt-2 text-muted">
            Programme changes are announced: marked on the pages, listed on “Changes”, updated in calendars, and mailed
            to people who asked for alerts and to the session’s speaker.
          </p>
          <ul aria-label="Programme changes" className="mt-3 grid gap-3">
            {programme.map((change) => (
              <li
                key={`${change.kind}-${change.number}`}
                className="rounded-[var(--radius-card)] border border-ink/15 p-3"
              >
                <p className="font-semibold break-words">{change.text}</p>
                {change.kind === "removed" ? (
                  <>
                    <p className="mt-1 text-sm text-muted">
                      Taken out by mistake? Put it back. Published as it is, it shows as cancelled and struck through.
                    </p>
                    <button
                      type="button"
                      className="btn btn-outline mt-2"
                      disabled={disabled}
                      onClick={() => void putBack(change.number, change.title)}
                    >
                      Put {change.title} back
                    </button>
                  </>
                ) : (
                  <>
                    <p className="mt-1 text-sm text-muted">{audienceText(change.audience)}</p>
                    {change.kind !== "added" ? (
                      <label className="mt-2 flex min-h-11 items-center gap-2">
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={quiet.has(change.number)}
                          disabled={disabled}
                          onChange={(e) => toggle(change.number, e.currentTarget.checked)}
                        />
                        Don’t announce (a typo fix)
                      </label>
                    ) : null}
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {files.length ? (
        <>
          <p className="mt-3 font-semibold">
            {files.length === 1 ? "Also 1 other change:" : `Also ${files.length} other changes:`}
          </p>
          <ul aria-label="Other saved changes" className="mt-1 list-disc ps-6">
            {files.map((what) => (
              <li key={what}>{what}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
