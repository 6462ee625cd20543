import { useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { fieldId, pathKey } from "~/lib/content-words";
import { ContentActions } from "./content-actions";
import { ContentForm } from "./content-form";
import { ContentFilePicker, newFileLabel } from "./content-file-picker";
import { useContentFile, useContentFiles, useContentForm } from "./content-file-state";
import { ChangesSincePublish, FileHistory } from "./content-history";
import { LeaveDialog, useLeaveGuard } from "./content-leave-guard";
import { ContentNewFile } from "./content-new-file";
import { ContentResult } from "./content-result";
import { ContentUpload } from "./content-upload";
import { useContentSave } from "./use-content-save";

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
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((v) => v + 1);
  // A new file's text starts from its folder's template: null while the folders are on their way.
  const newIn = params.get("new");
  const template =
    newIn === null ? undefined : folders === null ? null : folders.find((f) => f.folder === newIn)?.template;
  const { file, draft, setDraft, history, changes } = useContentFile(selected, template, version, fail);
  const shownAs = `${selected}@${version}`;
  const schema = form?.schema ?? null;
  const [view, setView] = useState<"fields" | "text">("fields");
  const textId = useId();
  const dirty = file !== null && draft !== file.text;
  const { blocker, letThrough } = useLeaveGuard(dirty);
  const onCreated = (path: string) => {
    void listFiles();
    letThrough(() => setParams({ file: path }));
  };
  const label =
    files.find((f) => f.path === selected)?.label ??
    newFileLabel(selected, folders?.find((f) => selected.startsWith(`${f.folder}/`))?.label);
  const { result, setResult, busy, resultBox, save, undo } = useContentSave({
    file,
    label,
    draft,
    fail,
    reload,
    onCreated,
  });

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
      <ContentActions
        selected={selected}
        shownAs={shownAs}
        path={file?.path ?? null}
        draft={draft}
        busy={busy}
        dirty={dirty}
        saved={file !== null && file.blob !== "" && !dirty}
        onSave={() => void save()}
        onReload={reload}
        fail={fail}
      />
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
