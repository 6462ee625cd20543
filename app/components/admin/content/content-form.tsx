import { useId } from "react";
import type { ContentSchemaAnswer } from "~/api/admin/content";
import { ContentFields } from "./content-fields";

export interface ContentFormProps {
  /** The file, relative to content/, and what organisers call it. */
  file: string;
  label: string;
  /** Its fields (null: edited as text only). */
  form: ContentSchemaAnswer | null;
  text: string;
  onChange: (text: string) => void;
  /** The problems at its fields, by their place ("sessions.0.end"). */
  problems: Map<string, string>;
  /** The id of the save's result, which describes the text box. */
  describedBy?: string;
  /** Which way it is edited, shared with the editor (a problem links to a field only in the form). */
  view: "fields" | "text";
  onView: (view: "fields" | "text") => void;
}

/** A file as a form of its fields, or as its text ("How to edit"). */
export function ContentForm({
  file,
  label,
  form,
  text,
  onChange,
  problems,
  describedBy,
  view,
  onView,
}: ContentFormProps) {
  const textId = useId();
  const schema = form?.schema ?? null;
  return (
    <>
      {schema ? (
        <div className="mt-5 flex flex-wrap gap-2" role="group" aria-label="How to edit">
          {(["fields", "text"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`btn ${view === v ? "btn-primary" : "btn-outline"}`}
              onClick={() => onView(v)}
            >
              {v === "fields" ? "Fields" : "Text"}
            </button>
          ))}
        </div>
      ) : null}
      {schema && view === "fields" ? (
        <ContentFields
          key={file}
          schema={schema}
          text={text}
          markdown={file.endsWith(".md")}
          onChange={onChange}
          context={{ problems, choices: form?.choices ?? {}, pictureFolders: form?.pictureFolders ?? [] }}
        />
      ) : (
        <>
          <label className="mt-5 block font-semibold" htmlFor={textId}>
            Text of content/{file} ({label})
          </label>
          <textarea
            id={textId}
            className="mt-1.5 h-[28rem] w-full rounded border border-ink/30 bg-paper p-3 font-mono text-sm"
            spellCheck={false}
            value={text}
            onChange={(event) => onChange(event.target.value)}
            aria-describedby={describedBy}
          />
        </>
      )}
    </>
  );
}
