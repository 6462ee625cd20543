import { applyEdit, split, setBody, type JsonSchema } from "~/lib/admin/content-yaml";
import { Field } from "./fields/field";
import { FieldNode } from "./fields/field-node";
import { Fields, type Change, type FieldsContext } from "./fields/fields-context";

export interface ContentFieldsProps {
  schema: JsonSchema;
  text: string;
  markdown: boolean;
  onChange: (text: string) => void;
  context: FieldsContext;
}

/**
 * The editor's form (issue 30): the fields of a content file, drawn from its JSON Schema (made from the
 * content's zod schemas on the server: a field added to a schema appears here), over the same text the
 * "Text" view edits. A change is written into the file's own text (app/lib/admin/content-yaml.ts), so
 * comments and the order of the file survive; a Markdown file's front matter is the document and its text is `body`.
 *
 * What the schemas' metadata says (issue 41, app/content/schemas/fields.ts `EditorMeta`): ids and numbers the
 * save assigns are not shown; dates and times use the browser's pickers; a field naming a speaker, category or
 * tag offers them by name; a picture is chosen from thumbnails. Each control is named by its label alone (its
 * hint and any problem are its description), and a problem the save found is shown at its field.
 */
export function ContentFields({ schema, text, markdown, onChange, context }: ContentFieldsProps) {
  const parts = split(text, markdown);
  if (parts.doc.errors.length)
    return (
      <p role="alert" className="mt-4 font-semibold text-rose">
        The text is not valid YAML ({parts.doc.errors[0]!.message.split("\n")[0]}): correct it in the Text view.
      </p>
    );
  const value = (parts.doc.toJS() ?? {}) as Record<string, unknown>;
  const change: Change = (edit, inPlace) => onChange(applyEdit(text, markdown, edit, inPlace));
  const fields = { ...(schema.properties ?? {}) };
  delete fields.body;
  return (
    <Fields.Provider value={context}>
      <div className="mt-4 grid max-w-3xl gap-4">
        <FieldNode schema={{ ...schema, properties: fields }} value={value} path={[]} change={change} label="" />
        {parts.body !== null ? (
          <Field path={["body"]} label="Text (Markdown)" hint={null}>
            {(props) => (
              <textarea
                {...props}
                className="h-64 rounded border border-ink/30 bg-paper p-3 font-mono text-sm font-normal"
                value={parts.body ?? ""}
                onChange={(event) => onChange(setBody(text, event.target.value))}
              />
            )}
          </Field>
        ) : null}
      </div>
    </Fields.Provider>
  );
}
