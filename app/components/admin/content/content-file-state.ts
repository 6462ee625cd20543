import { useCallback, useEffect, useRef, useState } from "react";
import { callAdmin } from "~/lib/admin/api";
import {
  contentChanges,
  contentFiles,
  contentForm,
  contentHistory,
  readContent,
  type ContentChange,
  type ContentFile,
  type ContentFileAnswer,
  type ContentSchemaAnswer,
  type NewFileFolder,
} from "~/api/admin/content";

type Fail = (status: number, message: string) => void;

/**
 * The latest `fail`, read when it is called: the page above makes a new one whenever it draws again (a blocked
 * navigation does), and a load that followed it would replace the organiser's unsaved text with the saved one.
 */
function useFail(fail: Fail): Fail {
  const latest = useRef(fail);
  useEffect(() => {
    latest.current = fail;
  }, [fail]);
  return useCallback((status, message) => latest.current(status, message), []);
}

/** Every content file with its label, and where a file can be added (null until the server answered). */
export function useContentFiles(failing: Fail) {
  const fail = useFail(failing);
  const [files, setFiles] = useState<ContentFile[]>([]);
  const [folders, setFolders] = useState<NewFileFolder[] | null>(null);
  const listFiles = useCallback(
    () =>
      callAdmin(contentFiles).then((res) => {
        if (!res.ok) return fail(res.status, res.error);
        setFiles(res.data.files);
        setFolders(res.data.folders);
      }),
    [fail],
  );
  useEffect(() => void listFiles(), [listFiles]);
  return { files, folders, listFiles };
}

/** The file's form (its fields and what they offer), or null: edited as text. */
export function useContentForm(selected: string) {
  const [form, setForm] = useState<ContentSchemaAnswer | null>(null);
  useEffect(() => {
    let current = true;
    setForm(null);
    void callAdmin(contentForm, { query: { path: selected } }).then(
      (res) => current && setForm(res.ok ? res.data : null),
    );
    return () => {
      current = false;
    };
  }, [selected]);
  return form;
}

/**
 * The selected file as saved, the text in the form, its history and the changes since the last publish; loaded
 * again when `version` changes. `template` is a new file's text (null while the folders are on their way). An
 * answer for a file the organiser has left is dropped.
 */
export function useContentFile(selected: string, template: string | null | undefined, version: number, failing: Fail) {
  const fail = useFail(failing);
  const [file, setFile] = useState<ContentFileAnswer | null>(null);
  const [draft, setDraft] = useState("");
  const [history, setHistory] = useState<ContentChange[]>([]);
  const [changes, setChanges] = useState<ContentChange[]>([]);

  useEffect(() => {
    let current = true;
    async function load() {
      if (template === null) return;
      if (template !== undefined) {
        // Saving it creates it (base "").
        setFile({ path: selected, text: "", blob: "" });
        setDraft(template);
        setHistory([]);
        return;
      }
      const [one, log, since] = await Promise.all([
        callAdmin(readContent, { query: { path: selected } }),
        callAdmin(contentHistory, { query: { path: selected } }),
        callAdmin(contentChanges),
      ]);
      if (!current) return;
      if (!one.ok) return fail(one.status, one.error);
      setFile(one.data);
      setDraft(one.data.text);
      if (log.ok) setHistory(log.data.changes);
      if (since.ok) setChanges(since.data.changes);
    }
    void load();
    return () => {
      current = false;
    };
  }, [fail, selected, template, version]);

  return { file, draft, setDraft, history, changes };
}
