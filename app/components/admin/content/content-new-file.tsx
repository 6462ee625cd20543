import { useId } from "react";
import type { NewFileFolder } from "~/api/admin/content";

/** A new file's name as typed, made a file name: "Doors open early" is "doors-open-early". */
export function fileNameOf(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/\.(md|ya?ml)$/, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export interface ContentNewFileProps {
  /** Where a file can be added (null until the server answered). */
  folders: NewFileFolder[] | null;
  /** The new file's path and folder; an empty name is refused with `onProblem`. */
  onStart: (path: string, folder: string) => void;
  onProblem: (message: string) => void;
}

/** "Add a file" (issue 30): in a folder of a collection that offers it, starting from the folder's template. */
export function ContentNewFile({ folders, onStart, onProblem }: ContentNewFileProps) {
  const id = useId();
  function start(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const folder = folders?.find((f) => f.folder === form.get("folder"));
    const name = fileNameOf(String(form.get("name") ?? ""));
    if (!folder || !name) return onProblem("Please give the new file a name.");
    onStart(`${folder.folder}/${name}${folder.extension}`, folder.folder);
  }
  return (
    <form onSubmit={start} className="mt-8 flex max-w-3xl flex-wrap items-end gap-3">
      <h3 className="w-full text-xl font-semibold">Add a file</h3>
      <div className="grid gap-1.5">
        <label htmlFor={`${id}-folder`} className="font-semibold">
          Folder of the new file
        </label>
        <select id={`${id}-folder`} name="folder" className="min-h-11 rounded border border-ink/30 bg-paper px-3">
          {(folders ?? []).map((f) => (
            <option key={f.folder} value={f.folder}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid min-w-48 flex-1 gap-1.5">
        <label htmlFor={`${id}-name`} className="font-semibold">
          Name of the new file
        </label>
        <input id={`${id}-name`} name="name" className="min-h-11 rounded border border-ink/30 bg-paper px-3" />
      </div>
      <button type="submit" className="btn btn-outline">
        Start the new file
      </button>
    </form>
  );
}
