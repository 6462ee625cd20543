import { useEffect, useRef, useState } from "react";
import { answerDraftRequests, PREVIEW_TAB, tellPreviewSaved } from "~/lib/admin/content-preview";
import { previewUrl } from "~/lib/admin/preview";

export interface ContentPreviewButtonProps {
  /** The file in the form, relative to content/. */
  file: string;
  /** The text in the form now, saved or not. */
  text: string;
  /** Whether that text is the file as saved (issue 62: the preview says so, and is drawn again on a save). */
  saved: boolean;
}

/**
 * "Preview this page" (issue 51): the page as the form has it now, saved or not, in a tab of its own, so the
 * form stays as it is; the preview asks this editor for the text (app/lib/admin/content-preview.ts).
 */
export function ContentPreviewButton({ file, text, saved }: ContentPreviewButtonProps) {
  const latest = useRef({ file, text, saved });
  const tab = useRef<Window | null>(null);
  const [refused, setRefused] = useState(false);
  const note = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    latest.current = { file, text, saved };
  }, [file, text, saved]);
  // Saved since the preview opened: it shows the saved text now, and says so.
  useEffect(() => {
    if (saved) tellPreviewSaved(tab.current, file);
  }, [saved, file]);
  useEffect(() => answerDraftRequests(() => latest.current), []);
  useEffect(() => {
    if (refused) note.current?.focus();
  }, [refused]);

  function open() {
    tab.current = window.open(previewUrl(file, undefined, true), PREVIEW_TAB);
    tab.current?.focus();
    setRefused(!tab.current);
  }

  return (
    <>
      <button type="button" className="btn btn-outline" onClick={open}>
        Preview this page<span className="sr-only"> (opens a new tab; what you typed stays here)</span>
      </button>
      {refused ? (
        <p ref={note} role="alert" tabIndex={-1} className="w-full font-semibold text-rose outline-offset-4">
          The browser did not open the preview: allow pop-ups for this site, then press “Preview this page” again. What
          you typed is still here.
        </p>
      ) : null}
    </>
  );
}
