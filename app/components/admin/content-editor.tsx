import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { adminApi } from "~/lib/admin/api";
import {
  MAX_IMAGE_BYTES,
  type ContentChange,
  type ContentFileAnswer,
  type ContentFilesAnswer,
  type ContentProblemsAnswer,
  type ContentSchemaAnswer,
  type FieldProblem,
  type NewFileFolder,
} from "~/lib/admin/content";
import { fieldId, pathKey } from "~/lib/content-words";
import { ContentFields } from "./content-fields";
import { PreviewLink } from "./preview-link";
import { when } from "./submission-list";

type Saved =
  | { kind: "saved"; text: string }
  | { kind: "problems"; text: string; problems: string[]; fields: FieldProblem[] }
  | null;

/** A refused save's or undo's problems, as the result box shows them. */
function refused(error: string, data: unknown): Saved {
  const answer = (data ?? {}) as Partial<ContentProblemsAnswer>;
  return { kind: "problems", text: error, problems: answer.problems ?? [], fields: answer.fields ?? [] };
}

/**
 * `/admin/content` (issue 30): a content file's text, saved only when the build's checks pass (the problems
 * are shown, naming file, entry and field), each save a commit; the file's history with "Undo"; what changed
 * since the last publish. A save over someone else's newer version is refused and the typed text kept.
 */
export function ContentEditor({ fail }: { fail: (status: number, message: string) => void }) {
  const [params, setParams] = useSearchParams();
  const selected = params.get("file") ?? "site.yaml";
  const [files, setFiles] = useState<string[]>([]);
  /** Where a file can be added (null until the server answered). */
  const [folders, setFolders] = useState<NewFileFolder[] | null>(null);
  const [file, setFile] = useState<ContentFileAnswer | null>(null);
  const [draft, setDraft] = useState("");
  const [result, setResult] = useState<Saved>(null);
  const [history, setHistory] = useState<ContentChange[]>([]);
  const [changes, setChanges] = useState<ContentChange[]>([]);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const [preview, setPreview] = useState<string | null>(null);
  const [imageFolders, setImageFolders] = useState<string[]>([]);
  const [upload, setUpload] = useState<{ ok: boolean; text: string } | null>(null);
  const [form, setForm] = useState<ContentSchemaAnswer | null>(null);
  const schema = form?.schema ?? null;
  const resultBox = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<"fields" | "text">("fields");
  const textId = useId();

  useEffect(() => {
    void adminApi<ContentFilesAnswer>("/content/files").then((res) => {
      if (!res.ok) return fail(res.status, res.error);
      setFiles(res.data.files);
      setFolders(res.data.folders);
    });
    void adminApi<{ folders: string[] }>("/content/images").then((res) => res.ok && setImageFolders(res.data.folders));
  }, [fail]);

  useEffect(() => {
    let current = true;
    setForm(null);
    void adminApi<ContentSchemaAnswer>(`/content/schema?path=${encodeURIComponent(selected)}`).then(
      (res) => current && setForm(res.ok ? res.data : null),
    );
    return () => {
      current = false;
    };
  }, [selected]);

  // A new file's text starts from its folder's template: null while the folders are on their way.
  const newIn = params.get("new");
  const template =
    newIn === null ? undefined : folders === null ? null : folders.find((f) => f.folder === newIn)?.template;

  /** Loads the selected file; `current` is false once another file was chosen (its answers are then dropped). */
  const load = useCallback(
    async (current: () => boolean) => {
      setPreview(null);
      if (template === null) return;
      if (template !== undefined) {
        // Saving it creates it (base "").
        setFile({ path: selected, text: "", blob: "" });
        setDraft(template);
        setHistory([]);
        return;
      }
      const [one, log, since] = await Promise.all([
        adminApi<ContentFileAnswer>(`/content/file?path=${encodeURIComponent(selected)}`),
        adminApi<{ changes: ContentChange[] }>(`/content/history?path=${encodeURIComponent(selected)}`),
        adminApi<{ changes: ContentChange[] }>("/content/changes"),
      ]);
      if (!current()) return;
      if (!one.ok) return fail(one.status, one.error);
      setFile(one.data);
      setDraft(one.data.text);
      if (log.ok) setHistory(log.data.changes);
      if (since.ok) setChanges(since.data.changes);
    },
    [fail, selected, template],
  );

  // The result of a save or undo is where the eye is: scrolled to and focused (a phone's Save is at the bottom).
  useEffect(() => {
    if (!result) return;
    resultBox.current?.focus();
    resultBox.current?.scrollIntoView({ block: "center" });
  }, [result]);

  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load, version]);

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
      setResult({
        kind: "saved",
        text: `Saved: content/${file.path}. Visitors see it once the site is published.`,
      });
      if (file.blob === "") {
        setFiles((all) => [...new Set([...all, file.path])].sort());
        return setParams({ file: file.path });
      }
      return setVersion((v) => v + 1);
    }
    if (res.status === 401) return fail(res.status, res.error);
    setResult(refused(res.error, res.data));
  }

  async function showPreview() {
    const res = await adminApi<{ html: string }>("/content/preview", { method: "POST", body: { text: draft } });
    if (res.ok) setPreview(res.data.html);
    else fail(res.status, res.error);
  }

  function startNew(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const folder = folders?.find((f) => f.folder === form.get("folder"));
    const name = String(form.get("name") ?? "")
      .trim()
      .toLowerCase()
      .replace(/\.(md|ya?ml)$/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "");
    if (!folder || !name)
      return setResult({ kind: "problems", text: "Please give the new file a name.", problems: [], fields: [] });
    setResult(null);
    setParams({ file: `${folder.folder}/${name}${folder.extension}`, new: folder.folder });
  }

  async function uploadImage(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const picture = data.get("file");
    setUpload(null);
    if (!(picture instanceof File) || picture.size === 0) return setUpload({ ok: false, text: "Choose a picture." });
    if (picture.size > MAX_IMAGE_BYTES)
      return setUpload({ ok: false, text: "That picture is larger than 10 MB: please make it smaller." });
    setBusy(true);
    let res: Response | null = null;
    try {
      res = await fetch("/api/admin/content/images", { method: "POST", body: data, credentials: "same-origin" });
    } catch {
      // Shown below.
    }
    setBusy(false);
    const body = (await res?.json().catch(() => null)) as { path?: string; error?: string } | null;
    if (res?.status === 401) return fail(401, body?.error ?? "Please sign in.");
    if (!res?.ok || !body?.path)
      return setUpload({ ok: false, text: body?.error ?? "The server could not be reached. Try again." });
    form.reset();
    setUpload({ ok: true, text: `Uploaded: name it in an entry as image: ${body.path}` });
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

  const dirty = file !== null && draft !== file.text;
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
      <label className="mt-5 block font-semibold" htmlFor={`${textId}-file`}>
        File
      </label>
      <select
        id={`${textId}-file`}
        className="mt-1.5 min-h-11 w-full max-w-xl rounded border border-ink/30 bg-paper px-3"
        value={selected}
        onChange={(event) => {
          setResult(null);
          setParams({ file: event.target.value });
        }}
      >
        {(files.includes(selected) ? files : [...files, selected]).map((f) => (
          <option key={f} value={f}>
            {f}
          </option>
        ))}
      </select>
      {schema ? (
        <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label="How to edit">
          {(["fields", "text"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`btn ${view === v ? "btn-primary" : "btn-outline"}`}
              onClick={() => setView(v)}
            >
              {v === "fields" ? "Fields" : "Text"}
            </button>
          ))}
        </div>
      ) : null}
      {schema && view === "fields" ? (
        <ContentFields
          key={selected}
          schema={schema}
          text={draft}
          markdown={selected.endsWith(".md")}
          onChange={setDraft}
          context={{ problems: marked, choices: form?.choices ?? {}, pictureFolders: form?.pictureFolders ?? [] }}
        />
      ) : (
        <>
          <label className="mt-5 block font-semibold" htmlFor={textId}>
            Text of content/{selected}
          </label>
          <textarea
            id={textId}
            className="mt-1.5 h-[28rem] w-full rounded border border-ink/30 bg-paper p-3 font-mono text-sm"
            spellCheck={false}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            aria-describedby={result ? `${textId}-result` : undefined}
          />
        </>
      )}
      <div className="mt-3 flex flex-wrap gap-3">
        <button type="button" className="btn btn-primary" disabled={busy || !dirty} onClick={() => void save()}>
          Save
        </button>
        <button type="button" className="btn btn-outline" disabled={busy} onClick={() => setVersion((v) => v + 1)}>
          {dirty ? "Discard my changes and reload" : "Reload"}
        </button>
        {selected.endsWith(".md") ? (
          <button type="button" className="btn btn-outline" onClick={() => void showPreview()}>
            Preview the text
          </button>
        ) : null}
        {file?.blob ? <PreviewLink file={selected} /> : null}
      </div>
      {preview !== null ? (
        <section aria-label="Preview" className="prose mt-4 max-w-3xl rounded-[var(--radius-card)] bg-paper p-4">
          {/* The site's own Markdown renderer, on the server (raw HTML is dropped): the text as visitors will see it. */}
          <div dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      ) : null}
      <div id={`${textId}-result`} ref={resultBox} tabIndex={-1} className="scroll-mt-24 outline-offset-4">
        {result?.kind === "saved" ? (
          <p role="status" className="mt-4 font-semibold">
            {result.text}
          </p>
        ) : null}
        {result?.kind === "problems" ? (
          <div role="alert" className="mt-4 rounded-[var(--radius-card)] border-2 border-rose bg-paper p-4">
            <p className="font-semibold">{result.text}</p>
            {result.problems.length ? (
              <ul className="mt-2 list-disc ps-6">
                {result.problems.map((p) => {
                  const link = linkOf(p);
                  return (
                    <li key={p} className="break-words">
                      {link ? (
                        <a
                          href={`#${link}`}
                          onClick={(event) => {
                            event.preventDefault();
                            const field = document.getElementById(link);
                            field?.focus();
                            field?.scrollIntoView({ block: "center" });
                          }}
                        >
                          {p}
                        </a>
                      ) : (
                        p
                      )}
                    </li>
                  );
                })}
              </ul>
            ) : null}
          </div>
        ) : null}
      </div>

      <form onSubmit={uploadImage} className="mt-8 grid max-w-xl gap-3">
        <h3 className="text-xl font-semibold">Upload a picture</h3>
        <p className="text-muted">JPEG, PNG or WebP, up to 10 MB. The site makes every size and format it needs.</p>
        <div className="grid gap-1.5">
          <label htmlFor={`${textId}-picture-folder`} className="font-semibold">
            Picture folder
          </label>
          <select
            id={`${textId}-picture-folder`}
            name="folder"
            className="min-h-11 rounded border border-ink/30 bg-paper px-3"
          >
            {imageFolders.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${textId}-picture`} className="font-semibold">
            Picture
          </label>
          <input id={`${textId}-picture`} name="file" type="file" required accept="image/jpeg,image/png,image/webp" />
        </div>
        <div className="grid gap-1.5">
          <label htmlFor={`${textId}-alt`} className="font-semibold">
            What the picture shows (alt text)
          </label>
          <input
            id={`${textId}-alt`}
            name="alt"
            required
            minLength={3}
            className="min-h-11 rounded border border-ink/30 bg-paper px-3"
          />
        </div>
        <div>
          <button type="submit" className="btn btn-outline" disabled={busy}>
            Upload
          </button>
        </div>
        {upload ? (
          <p role={upload.ok ? "status" : "alert"} className={`font-semibold ${upload.ok ? "" : "text-rose"}`}>
            {upload.text}
          </p>
        ) : null}
      </form>

      <form onSubmit={startNew} className="mt-8 flex max-w-3xl flex-wrap items-end gap-3">
        <h3 className="w-full text-xl font-semibold">Add a file</h3>
        <div className="grid gap-1.5">
          <label htmlFor={`${textId}-new-folder`} className="font-semibold">
            Folder of the new file
          </label>
          <select
            id={`${textId}-new-folder`}
            name="folder"
            className="min-h-11 rounded border border-ink/30 bg-paper px-3"
          >
            {(folders ?? []).map((f) => (
              <option key={f.folder} value={f.folder}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
        <div className="grid min-w-48 flex-1 gap-1.5">
          <label htmlFor={`${textId}-new-name`} className="font-semibold">
            Name of the new file
          </label>
          <input
            id={`${textId}-new-name`}
            name="name"
            className="min-h-11 rounded border border-ink/30 bg-paper px-3"
          />
        </div>
        <button type="submit" className="btn btn-outline">
          Start the new file
        </button>
      </form>

      <h3 className="mt-8 text-xl font-semibold">Changed since the last publish</h3>
      {changes.length ? (
        <ul className="mt-2 grid gap-1">
          {changes.map((c) => (
            <li key={c.commit} className="break-words">
              {c.message}{" "}
              <span className="text-muted">
                ({c.author}, {when(c.date)})
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">Nothing: the live site shows the saved content.</p>
      )}

      <h3 className="mt-8 text-xl font-semibold">History of content/{selected}</h3>
      {history.length ? (
        <ul className="mt-2 divide-y divide-ink/10 rounded-[var(--radius-card)] bg-paper">
          {history.map((c) => (
            <li key={c.commit} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <span className="min-w-0 flex-1 break-words">
                {c.message}
                <span className="block text-muted">
                  {c.author}, {when(c.date)}
                </span>
              </span>
              <button type="button" className="btn btn-outline" disabled={busy} onClick={() => void undo(c)}>
                Undo<span className="sr-only">: {c.message}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2">No saved changes yet.</p>
      )}
    </section>
  );
}
