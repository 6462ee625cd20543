import { useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import { previewContent } from "~/api/admin/content";
import { ContentPreviewButton } from "./content-preview-button";

export interface ContentActionsProps {
  /** The file chosen, and the version of it shown ("site.yaml@2"): a Markdown preview is of one of them. */
  selected: string;
  shownAs: string;
  /** The file as read, when it is the one chosen. */
  path: string | null;
  draft: string;
  busy: boolean;
  dirty: boolean;
  /** The text in the form is the file as saved (not a new file's first text). */
  saved: boolean;
  onSave: () => void;
  onReload: () => void;
  fail: (status: number, message: string) => void;
}

/** Save, Reload, and the previews: the Markdown text as visitors will read it, and the page in a tab of its own. */
export function ContentActions({
  selected,
  shownAs,
  path,
  draft,
  busy,
  dirty,
  saved,
  onSave,
  onReload,
  fail,
}: ContentActionsProps) {
  /** The Markdown text's preview, for the file and version it was made of. */
  const [markdown, setMarkdown] = useState<{ of: string; html: string } | null>(null);

  async function showMarkdown() {
    const res = await callAdmin(previewContent, { body: { text: draft } });
    if (!res.ok) return fail(res.status, res.error);
    // Without a path the server answers the text's HTML.
    if ("html" in res.data) setMarkdown({ of: shownAs, html: res.data.html });
  }

  return (
    <>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-primary" disabled={busy || !dirty} onClick={onSave}>
          Save
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={onReload}>
          {dirty ? "Discard my changes and reload" : "Reload"}
        </button>
        {selected.endsWith(".md") ? (
          <button type="button" className="btn btn-outline" onClick={() => void showMarkdown()}>
            Preview the text
          </button>
        ) : null}
        {path === selected ? <ContentPreviewButton file={path} text={draft} saved={saved} /> : null}
      </div>
      {markdown?.of === shownAs ? (
        <section aria-label="Preview" className="prose mt-4 max-w-3xl rounded-[var(--radius-card)] bg-paper p-4">
          {/* The site's own Markdown renderer, on the server (raw HTML is dropped): the text as visitors will see it. */}
          <div dangerouslySetInnerHTML={{ __html: markdown.html }} />
        </section>
      ) : null}
    </>
  );
}
