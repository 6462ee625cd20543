import type { ContentFile } from "~/api/admin/content";

export interface ContentFilePickerProps {
  id: string;
  /** Every content file with what organisers call it, in the collections' order. */
  files: ContentFile[];
  /** The file in the form (a new one is not in the list yet). */
  selected: string;
  /** What the selected file is called when it is not in the list (a new one). */
  selectedLabel: string;
  onChoose: (path: string) => void;
}

/** What a file not in the list is called: a new one, by its folder's collection and name until it is saved. */
export const newFileLabel = (path: string, folder?: string) =>
  `New in ${folder ?? "the content"}: ${(path.split("/").pop() ?? path).replace(/\.[a-z]+$/, "")}`;

/**
 * The file to edit, by what it holds ("Programme · Day 1, Thu 24 Oct", "Blog · comments", a speaker by their
 * name: issue 51), never by its file name.
 */
export function ContentFilePicker({ id, files, selected, selectedLabel, onChoose }: ContentFilePickerProps) {
  const shown = files.some((f) => f.path === selected) ? files : [...files, { path: selected, label: selectedLabel }];
  return (
    <>
      <label className="mt-5 block font-semibold" htmlFor={id}>
        File
      </label>
      <select
        id={id}
        className="mt-1.5 min-h-11 w-full max-w-xl rounded border border-ink/30 bg-paper px-3"
        value={selected}
        onChange={(event) => onChoose(event.target.value)}
      >
        {shown.map((f) => (
          <option key={f.path} value={f.path}>
            {f.label}
          </option>
        ))}
      </select>
    </>
  );
}
