/**
 * The preview tab's page (issue 41), from the server: of the editor's unsaved text (`draft=1`, issue 51: the text
 * asked of the editor that opened the tab, app/lib/admin/content-preview.ts), else of the saved content.
 */
import { callAdmin } from "~/lib/admin/api";
import { askEditorForDraft } from "~/lib/admin/content-preview";
import type { PreviewRoute } from "~/lib/admin/preview";
import { checked } from "~/lib/admin/route";
import {
  previewContent,
  previewPages,
  previewProblems,
  previewSavedPage,
  type PreviewPage,
  type PreviewPageAnswer,
} from "~/api/admin/content";

/** What the preview's bar shows, and (when shown) the page's route. */
interface BarState {
  file: string;
  page: string;
  pages: PreviewPage[];
  draft: boolean;
  /** A draft that is the file as saved (issue 62). */
  saved: boolean;
}
export type PreviewState =
  | (BarState & { state: "shown"; route: PreviewRoute })
  | (BarState & { state: "signed-out" | "problem"; message?: string; problems?: string[] });

/** The page's data as the server drew it, with the bar's state. */
export interface LoadedPreview {
  bar: PreviewState;
  data?: unknown;
}

export const GONE =
  "This preview shows what is typed in the editor that opened it, and that editor is closed or shows another file now. Press “Preview this page” in the editor again.";

const NOT_DRAWN = "The server did not draw the page. Reload the page and try again.";

/** A page's data: of the editor's unsaved text (`draft=1`), else of the saved content (issue 41). */
export async function loadPreview(query: URLSearchParams): Promise<LoadedPreview> {
  const file = query.get("file") ?? "";
  const draft = query.get("draft") === "1" && file !== "";
  let page = query.get("page") ?? "";
  let pages: PreviewPage[] = [];
  let saved = false;
  const base = () => ({ file, page, pages, draft, saved });
  const refused = (res: { status: number; error: string; data?: unknown }): LoadedPreview => ({
    bar:
      res.status === 401
        ? { state: "signed-out", ...base() }
        : {
            state: "problem",
            ...base(),
            message: res.error,
            problems: checked(previewProblems, res.data)?.data.problems,
          },
  });

  let shown: PreviewPageAnswer;
  if (draft) {
    const typed = await askEditorForDraft(file);
    if (typed === null) return { bar: { state: "problem", ...base(), message: GONE } };
    saved = typed.saved;
    const res = await callAdmin(previewContent, {
      body: { path: file, text: typed.text, ...(page ? { page } : {}) },
    });
    if (!res.ok) return refused(res);
    // With a path, the server draws the page (only a text without one is answered as Markdown's HTML).
    if (!("route" in res.data)) return { bar: { state: "problem", ...base(), message: NOT_DRAWN } };
    ({ page, pages } = res.data);
    shown = res.data;
  } else {
    if (file) {
      const res = await callAdmin(previewPages, { query: { path: file } });
      if (!res.ok) return refused(res);
      pages = res.data.pages;
    }
    page ||= pages[0]?.page ?? "";
    if (!page)
      return { bar: { state: "problem", ...base(), message: "This file is shown on no page that can be previewed." } };
    const res = await callAdmin(previewSavedPage, { query: { page } });
    if (!res.ok) return refused(res);
    shown = res.data;
  }
  return { bar: { state: "shown", ...base(), route: shown.route }, data: shown.data };
}
