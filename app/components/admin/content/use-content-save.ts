import { useEffect, useRef, useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import { saveContent, undoChange, type ContentChange, type ContentFileAnswer } from "~/api/admin/content";
import { refused, type Saved } from "./content-result";

export interface ContentSaveOptions {
  file: ContentFileAnswer | null;
  /** What organisers call the file ("Programme · Day 2, Fri 25 Oct"): a save names it so, never by its path. */
  label: string;
  draft: string;
  fail: (status: number, message: string) => void;
  /** Reads the file again (its new version, its history). */
  reload: () => void;
  /** A new file is saved: the list names it, and the page becomes its own. */
  onCreated: (path: string) => void;
}

/**
 * The editor's save and undo (issue 30): each a commit when the build's checks pass, else the problems; the
 * result is where the eye is, scrolled to and focused (a phone's Save is at the bottom).
 */
export function useContentSave({ file, label, draft, fail, reload, onCreated }: ContentSaveOptions) {
  const [result, setResult] = useState<Saved>(null);
  const [busy, setBusy] = useState(false);
  const resultBox = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!result) return;
    resultBox.current?.focus();
    resultBox.current?.scrollIntoView({ block: "center" });
  }, [result]);

  async function save() {
    if (!file) return;
    setBusy(true);
    setResult(null);
    const res = await callAdmin(saveContent, { body: { path: file.path, text: draft, base: file.blob } });
    setBusy(false);
    if (res.ok) {
      setResult({ kind: "saved", text: `Saved: ${label}. Visitors see it once the site is published.` });
      // The new file is saved: its own page, and the list names it by what it holds.
      if (file.blob === "") return onCreated(file.path);
      return reload();
    }
    if (res.status === 401) return fail(res.status, res.error);
    setResult(refused(res.error, res.data));
  }

  async function undo(change: ContentChange) {
    setBusy(true);
    setResult(null);
    const res = await callAdmin(undoChange, { body: { commit: change.commit } });
    setBusy(false);
    if (res.ok) {
      setResult({ kind: "saved", text: `Undone: "${change.message}".` });
      return reload();
    }
    if (res.status === 401) return fail(res.status, res.error);
    setResult(refused(res.error, res.data));
  }

  return { result, setResult, busy, resultBox, save, undo };
}
