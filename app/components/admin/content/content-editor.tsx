import { useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { adminApi } from "~/lib/admin/api";
import type { ContentChange } from "~/lib/admin/content";
import { fieldId, pathKey } from "~/lib/content-words";
import { ContentForm } from "./content-form";
import { ContentFilePicker, newFileLabel } from "./content-file-picker";
import { useContentFile, useContentFiles, useContentForm } from "./content-file-state";
import { ChangesSincePublish, FileHistory } from "./content-history";
import { LeaveDialog, useLeaveGuard } from "./content-leave-guard";
import { ContentNewFile } from "./content-new-file";
import { ContentPreviewButton } from "./content-preview-button";
import { ContentResult, refused, type Saved } from "./content-result";
import { ContentUpload } from "./content-upload";

/**
 * `/admin/content` (issue 30): a content file's text, saved only when the build's checks pass (the problems
 * are shown, naming file, entry and field), each save a commit; the file's history with "Undo"; what changed
 * since the last publish. A save over someone else's newer version is refused and the typed text kept. Files
 * are named by what they hold; the preview shows the form as it is, and leaving unsaved edits asks (issue 51).
 */
export function ContentEditor({ fail }: { fail: (status: number, message: string) => void }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get("file") ?? "site.yaml";
  const { files, folders, listFiles } = useContentFiles(fail);
  const form = useContentForm(selected);
  const [result, setResult] = useState<Saved>(null);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  // A new file's text starts from its folder's template: null while the folders are on their way.
  const newIn = params.get("new");
  const template =
    newIn === null ? undefined : folders === null ? null : folders.find((f) => f.folder === newIn)?.template;
  const { file, draft, setDraft, history, changes } = useContentFile(selected, template, version, fail);
  /** The Markdown text's preview, for the file and version it was made of. */
  const [markdown, setMarkdown] = useState<{ of: string; html: string } | null>(null);
  const shownAs = `${selected}@${version}`;
  const schema = form?.schema ?? null;
  const resultBox = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<"fields" | "text">("fields");
  const textId = useId();
  const dirty = file !== null && draft !== file.text;
  const { blocker, letThrough } = useLeaveGuard(dirty);
  const label =
    files.find((f) => f.path === selected)?.label ??
    newFileLabel(selected, folders?.find((f) => selected.startsWith(`${f.folder}/`))?.label);

  // The result of a save or undo is where the eye is: scrolled to and focused (a phone's Save is at the bottom).
  useEffect(() => {
    if (!result) return;
    resultBox.current?.focus();
    resultBox.current?.scrollIntoView({ block: "center" });
  }, [result]);

  async function save() {
    if (!file) return;
    setBusy(true);
    setResult(null);
    const res = await adminApi<{ blob: string; commit: string }>("/content/file", {
      method: "PUT",
      body: { path: file.path, text: draft, base: file.blob },
    });
    setBusy(false);
    if (res.ok) {
      setResult({ kind: "saved", text: `Saved: content/${file.path}. Visitors see it once the site is published.` });
      if (file.blob === "") {
        // The new file is saved: its own page, and the list names it by what it holds.
        void listFiles();
        return letThrough(() => setParams({ file: file.path }));
      }
      return setVersion((v) => v + 1);
    }
    if (res.status === 401) return fail(res.status, res.error);
    setResult(refused(res.error, res.data));
  }

  async function showMarkdown() {
    const res = await adminApi<{ html: string }>("/content/preview", { method: "POST", body: { text: draft } });
    if (res.ok) setMarkdown({ of: shownAs, html: res.data.html });
    else fail(res.status, res.error);
  }

  async function undo(change: ContentChange) {
    setBusy(true);
    setResult(null);
    const res = await adminApi<{ commit: string }>("/content/undo", {
      method: "POST",
      body: { commit: change.commit },
    });
    setBusy(false);
    if (res.ok) {
      setResult({ kind: "saved", text: `Undone: "${change.message}".` });
      return setVersion((v) => v + 1);
    }
    if (res.status === 401) return fail(res.status, res.error);
    setResult(refused(res.error, res.data));
  }

  // The problems at this file's fields: the form marks them, and the summary links to them.
  const here = result?.kind === "problems" ? result.fields.filter((f) => f.file === selected) : [];
  const marked = new Map(here.map((f) => [pathKey(f.path), f.message]));
  const linkOf = (message: string) => {
    const at = view === "fields" && schema ? here.find((f) => f.message === message) : undefined;
    return at && typeof document !== "undefined" && document.getElementById(fieldId(at.path)) ? fieldId(at.path) : null;
  };
  return (
    <section aria-labelledby="content-title" className="mt-8">
      <h2 id="content-title" className="text-2xl font-semibold">
        Content
      </h2>
      <p className="mt-2 max-w-3xl text-muted">
        Each save is checked as the build checks it: nothing is written while a problem remains. Visitors see your
        changes once you <Link to={{ pathname: "/admin", search: "?tab=publish" }}>publish</Link> them.
      </p>
      <ContentFilePicker
        id={`${textId}-file`}
        files={files}
        selected={selected}
        selectedLabel={label}
        onChoose={(path) => {
          setResult(null);
          setParams({ file: path });
        }}
      />
      <ContentForm
        file={selected}
        label={label}
        form={form}
        text={draft}
        onChange={setDraft}
        problems={marked}
        describedBy={result ? `${textId}-result` : undefined}
        view={view}
        onView={setView}
      />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-primary" disabled={busy || !dirty} onClick={() => void save()}>
          Save
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setVersion((v) => v + 1)}>
          {dirty ? "Discard my changes and reload" : "Reload"}
        </button>
        {selected.endsWith(".md") ? (
          <button type="button" className="btn btn-outline" onClick={() => void showMarkdown()}>
            Preview the text
          </button>
        ) : null}
        {file?.path === selected ? <ContentPreviewButton file={file.path} text={draft} /> : null}
      </div>
      {markdown?.of === shownAs ? (
        <section aria-label="Preview" className="prose mt-4 max-w-3xl rounded-[var(--radius-card)] bg-paper p-4">
          {/* The site's own Markdown renderer, on the server (raw HTML is dropped): the text as visitors will see it. */}
          <div dangerouslySetInnerHTML={{ __html: markdown.html }} />
        </section>
      ) : null}
      <ContentResult id={`${textId}-result`} ref={resultBox} result={result} linkOf={linkOf} />

      <ContentUpload fail={fail} />
      <ContentNewFile
        folders={folders}
        onProblem={(text) => setResult({ kind: "problems", text, problems: [], fields: [] })}
        onStart={(path, folder) => {
          setResult(null);
          setParams({ file: path, new: folder });
        }}
      />
      <ChangesSincePublish changes={changes} />
      <FileHistory label={label} history={history} busy={busy} onUndo={(c) => void undo(c)} />
      <LeaveDialog blocker={blocker} />
    </section>
  );
}
