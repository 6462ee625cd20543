import { Form, Link } from "react-router";
import type { PreviewPage } from "~/api/admin/content";

export interface PreviewBarProps {
  /** The content file the preview was opened from ("" when none). */
  file: string;
  /** The page shown, and the pages the file shows on (the picker). */
  page: string;
  pages: PreviewPage[];
  /** Of the text in the editor that opened this tab, saved or not (issue 51); else of the saved content. */
  draft?: boolean;
  /** That text is the file as saved (issue 62). */
  saved?: boolean;
  /** Asks the editor for its text again. */
  onRefresh?: () => void;
}

/**
 * Above a previewed page: what it is, a picker of the file's other pages, and the way back to the editor (a
 * preview of typed text is a tab of its own, closed to go back: the editor is still open where it was).
 */
/** Closes this tab (the editor opened it); a tab the browser will not close goes to the editor instead. */
function closeOr(back: string) {
  window.close();
  if (!window.closed) window.location.assign(back);
}

export function PreviewBar({ file, page, pages, draft = false, saved = false, onRefresh }: PreviewBarProps) {
  const back = file ? `/admin/content?file=${encodeURIComponent(file)}` : "/admin/content";
  return (
    <section aria-label="Preview" className="on-dark print-hide border-b-4 border-gold bg-night py-4 text-paper">
      <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-3">
        <p className="font-semibold">
          {draft && !saved
            ? "Preview of what you typed — not saved yet, not published"
            : "Preview of your changes — saved, not yet published"}
        </p>
        {pages.length > 1 && (
          <Form method="get" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="file" value={file} />
            {draft ? <input type="hidden" name="draft" value="1" /> : null}
            <label htmlFor="preview-page">Page</label>
            {/* Keyed by the page shown, so it shows that page again after a navigation. */}
            <select
              key={page}
              id="preview-page"
              name="page"
              defaultValue={page}
              className="min-h-10 max-w-[16rem] rounded border border-paper/40 bg-paper px-2 text-ink"
            >
              {pages.map((p) => (
                <option key={p.page} value={p.page}>
                  {p.label}
                </option>
              ))}
            </select>
            <button type="submit" className="btn btn-primary min-h-10 py-1">
              Show
            </button>
          </Form>
        )}
        {draft ? (
          <div className="ms-auto flex flex-wrap gap-3">
            <button type="button" className="btn btn-outline min-h-10 py-1" onClick={onRefresh}>
              Show my latest typing
            </button>
            <button type="button" className="btn btn-primary min-h-10 py-1" onClick={() => closeOr(back)}>
              Close the preview
            </button>
          </div>
        ) : (
          <Link to={back} className="ms-auto underline underline-offset-4 hover:text-gold">
            Back to the editor
          </Link>
        )}
      </div>
    </section>
  );
}
