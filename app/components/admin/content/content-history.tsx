import type { ContentChange } from "~/api/admin/content";
import { when } from "~/lib/admin/when";

/** Who made a change and when: an organiser by their name; a site update by its date alone. */
const byline = (c: ContentChange) => (c.author ? `${c.author}, ${when(c.date)}` : when(c.date));

/** The saved changes visitors do not see yet, in people's words (issue 51). */
export function ChangesSincePublish({ changes }: { changes: ContentChange[] }) {
  return (
    <>
      <h3 className="mt-8 text-xl font-semibold">Changed since the last publish</h3>
      {changes.length ? (
        <ul className="mt-2 grid gap-1">
          {changes.map((c) => (
            <li key={c.commit} className="break-words">
              {c.message} <span className="text-muted">({byline(c)})</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">Nothing: the live site shows the saved content.</p>
      )}
    </>
  );
}

export interface FileHistoryProps {
  /** What organisers call the file. */
  label: string;
  history: ContentChange[];
  busy: boolean;
  onUndo: (change: ContentChange) => void;
}

/**
 * A file's history: the organisers' saves by their display name with what changed, anyone else's commits as
 * "Site update" (no message, no address: the server says so, server/content/words.ts); each can be undone.
 */
export function FileHistory({ label, history, busy, onUndo }: FileHistoryProps) {
  return (
    <>
      <h3 className="mt-8 text-xl font-semibold">History of {label}</h3>
      {history.length ? (
        <ul className="mt-2 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper">
          {history.map((c) => (
            <li key={c.commit} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="min-w-0 flex-1 break-words">
                {c.message}
                <span className="block text-muted">{byline(c)}</span>
              </span>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => onUndo(c)}>
                Undo
                <span className="sr-only">
                  : {c.message}, {byline(c)}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">No saved changes yet.</p>
      )}
    </>
  );
}
