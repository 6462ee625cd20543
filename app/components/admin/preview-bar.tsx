import { Form, Link } from "react-router";
import type { PreviewPage } from "~/lib/admin/preview";

export interface PreviewBarProps {
  /** The content file the preview was opened from ("" when none). */
  file: string;
  /** The page shown, and the pages the file shows on (the picker). */
  page: string;
  pages: PreviewPage[];
}

/** Above a previewed page: what it is, a picker of the file's other pages, and the way back to the editor. */
export function PreviewBar({ file, page, pages }: PreviewBarProps) {
  const back = file ? `/admin/content?file=${encodeURIComponent(file)}` : "/admin/content";
  return (
    <section aria-label="Preview" className="on-dark print-hide border-b-4 border-gold bg-night py-4 text-paper">
      <div className="container-page flex flex-wrap items-center gap-x-6 gap-y-3">
        <p className="font-semibold">Preview of your saved changes — not yet published</p>
        {pages.length > 1 && (
          <Form method="get" className="flex flex-wrap items-center gap-2">
            <input type="hidden" name="file" value={file} />
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
        <Link to={back} className="ms-auto underline underline-offset-4 hover:text-gold">
          Back to the editor
        </Link>
      </div>
    </section>
  );
}
