import { createContext, useContext, useEffect, useRef } from "react";
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document } from "yaml";
import type { Choice } from "~/lib/admin/content";
import { entryTitle, fieldId, labelOf, pathKey, singular } from "~/lib/content-words";
import { splitFrontMatter } from "~/lib/front-matter";
import { PicturePicker } from "./picture-picker";

export { labelOf };

/**
 * The editor's form (issue 30): the fields of a content file, drawn from its JSON Schema (made from the
 * content's zod schemas on the server: a field added to a schema appears here), over the same text the
 * "Text" view edits. A change is written into the YAML document (`setIn`), so comments and the order of
 * the file survive; a Markdown file's front matter is the document and its text is `body`.
 *
 * What the schemas' metadata says (issue 41, app/content/schemas/fields.ts `EditorMeta`): ids and numbers the
 * save assigns are not shown; dates and times use the browser's pickers; a field naming a speaker, category or
 * tag offers them by name; a picture is chosen from thumbnails. Each control is named by its label alone (its
 * hint and any problem are its description), and a problem the save found is shown at its field.
 */
type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  const?: unknown;
  description?: string;
  title?: string;
  minimum?: number;
  exclusiveMinimum?: number;
  auto?: boolean;
  ref?: string;
  input?: "date" | "time";
  picture?: boolean;
};
type Path = (string | number)[];

interface Split {
  doc: Document;
  body: string | null;
}

/** The file as a YAML document (a Markdown file: its front matter) and, for Markdown, its text. */
export function split(text: string, markdown: boolean): Split {
  if (!markdown) return { doc: parseDocument(text), body: null };
  const parts = splitFrontMatter(text);
  return { doc: parseDocument(parts?.yaml ?? ""), body: parts?.body ?? text };
}

/** Width the content's folded paragraphs are wrapped at when a file is written whole. */
const LINE_WIDTH = 100;

function join({ doc, body }: Split): string {
  const yaml = doc.toString({ lineWidth: LINE_WIDTH });
  return body === null ? yaml : `---\n${yaml}---\n${body}`;
}

/**
 * A one-line value written in place: only its own characters change, so the rest of the file (comments,
 * wrapped paragraphs, quotes) stays as the organisers wrote it. Null when it cannot be (a new key, a
 * paragraph, a block): then the document is written whole.
 */
export function setInPlace(text: string, markdown: boolean, path: (string | number)[], value: unknown): string | null {
  if (value === null || typeof value === "object" || (typeof value === "string" && /[\r\n]/.test(value))) return null;
  const offset = markdown ? text.indexOf("\n") + 1 : 0;
  const { doc } = split(text, markdown);
  const node = doc.getIn(path, true);
  if (!isScalar(node) || !node.range || node.type === "BLOCK_FOLDED" || node.type === "BLOCK_LITERAL") return null;
  const written =
    node.type === "QUOTE_DOUBLE" && typeof value === "string"
      ? JSON.stringify(value)
      : stringify(value, { lineWidth: 0 }).trimEnd();
  if (/\n/.test(written)) return null;
  const [start, end] = node.range;
  // An empty value right after its colon ("excerpt:", as a whole-document write leaves it) needs its space.
  const lead = start === end && text[offset + start - 1] === ":" ? " " : "";
  return text.slice(0, offset + start) + lead + written + text.slice(offset + end);
}

/** A new list entry: each required field empty; ids and numbers are left for the save to assign. */
function blank(schema: JsonSchema | undefined): unknown {
  if (!schema) return "";
  if (schema.type === "object") {
    const value: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      const child = schema.properties?.[key];
      if (!child?.auto) value[key] = blank(child);
    }
    return value;
  }
  if (schema.type === "array") return [];
  if (schema.type === "integer" || schema.type === "number") return null;
  if (schema.type === "boolean") return false;
  return schema.enum?.[0] ?? "";
}

/** One type for a field that may also be left empty (`["string", "null"]`, or `anyOf` with null). */
function plainType(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== "null") };
  const options = schema.anyOf?.filter((o) => o.type !== "null");
  if (options?.length === 1 && !options.some((o) => "const" in o)) {
    const rest = { ...schema };
    delete rest.anyOf;
    return { ...rest, ...options[0] };
  }
  return schema;
}

const LONG = /^(body|text|description|bio|answer|excerpt|paragraphs|message|summary)$/;

export interface FieldsContext {
  /** The save's problems at this file's fields, by path key ("sessions.1.end"). */
  problems: Map<string, string>;
  /** For each collection a field names, its entries by name. */
  choices: Record<string, Choice[]>;
  /** Where a picture uploaded in place goes. */
  pictureFolders: string[];
}
const Fields = createContext<FieldsContext>({ problems: new Map(), choices: {}, pictureFolders: [] });

export function ContentFields({
  schema,
  text,
  markdown,
  onChange,
  context,
}: {
  schema: JsonSchema;
  text: string;
  markdown: boolean;
  onChange: (text: string) => void;
  context: FieldsContext;
}) {
  const parts = split(text, markdown);
  if (parts.doc.errors.length)
    return (
      <p role="alert" className="mt-4 font-semibold text-rose">
        The text is not valid YAML ({parts.doc.errors[0]!.message.split("\n")[0]}): correct it in the Text view.
      </p>
    );
  const value = (parts.doc.toJS() ?? {}) as Record<string, unknown>;
  const change = (edit: (doc: Document) => void, inPlace?: { path: Path; value: unknown }) => {
    const spliced = inPlace && setInPlace(text, markdown, inPlace.path, inPlace.value);
    if (spliced) return onChange(spliced);
    const next = split(text, markdown);
    edit(next.doc);
    onChange(join(next));
  };
  const fields = { ...(schema.properties ?? {}) };
  delete fields.body;
  return (
    <Fields.Provider value={context}>
      <div className="mt-4 grid max-w-3xl gap-4">
        <Node schema={{ ...schema, properties: fields }} value={value} path={[]} change={change} label="" />
        {parts.body !== null ? (
          <Field path={["body"]} label="Text (Markdown)" hint={null}>
            {(props) => (
              <textarea
                {...props}
                className="h-64 rounded border border-ink/30 bg-paper p-3 font-mono text-sm font-normal"
                value={parts.body ?? ""}
                onChange={(event) => {
                  // The front matter stays as written; only the text after it changes.
                  const head = splitFrontMatter(text)?.head;
                  onChange(
                    head ? head + event.target.value : join({ doc: split(text, true).doc, body: event.target.value }),
                  );
                }}
              />
            )}
          </Field>
        ) : null}
      </div>
    </Fields.Provider>
  );
}

const control = "min-h-11 w-full rounded border border-ink/30 bg-paper px-3 font-normal";

/** What a control needs to be named by its label and described by its hint and problem. */
interface ControlProps {
  id: string;
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

/** A labelled control: the label names it; the hint and the save's problem (if any) describe it. */
function Field({
  path,
  label,
  hint,
  children,
  inline = false,
}: {
  path: Path;
  label: string;
  hint: string | null | undefined;
  children: (props: ControlProps) => React.ReactNode;
  inline?: boolean;
}) {
  const { problems } = useContext(Fields);
  const id = fieldId(path);
  const problem = problems.get(pathKey(path));
  const described = [hint ? `${id}-hint` : "", problem ? `${id}-problem` : ""].filter(Boolean).join(" ");
  const props: ControlProps = {
    id,
    ...(problem ? { "aria-invalid": true as const } : {}),
    ...(described ? { "aria-describedby": described } : {}),
  };
  const notes = (
    <>
      {hint ? (
        <span id={`${id}-hint`} className="block text-sm text-muted">
          {hint}
        </span>
      ) : null}
      {problem ? (
        <span id={`${id}-problem`} className="block text-sm font-semibold text-rose">
          {problem}
        </span>
      ) : null}
    </>
  );
  if (inline)
    return (
      <div className="grid gap-1">
        <div className="inline-flex min-h-11 items-center gap-2">
          {children(props)}
          <label htmlFor={id} className="font-semibold">
            {label}
          </label>
        </div>
        {notes}
      </div>
    );
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      {notes}
      {children(props)}
    </div>
  );
}

type Change = (edit: (doc: Document) => void, inPlace?: { path: Path; value: unknown }) => void;

function Node({
  schema: given,
  value,
  path,
  change,
  label,
}: {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  change: Change;
  label: string;
}) {
  const { problems, choices, pictureFolders } = useContext(Fields);
  const schema = plainType(given);
  const set = (next: unknown) => change((doc) => doc.setIn(path, next), { path, value: next });
  // Assigned by the save (server/content/auto-ids.ts): nothing to type.
  if (schema.auto === true && schema.type === "integer") return null;

  if (schema.type === "object" && schema.properties) {
    const record = (value ?? {}) as Record<string, unknown>;
    const body = Object.entries(schema.properties).map(([key, child]) => (
      <Node
        key={key}
        schema={child}
        value={record[key]}
        path={[...path, key]}
        change={change}
        label={child.title ?? labelOf(key)}
      />
    ));
    if (!label) return <>{body}</>;
    return (
      <fieldset className="grid gap-3 rounded border border-ink/15 p-3">
        <legend className="px-1 font-semibold">{label}</legend>
        {schema.description ? <p className="text-sm text-muted">{schema.description}</p> : null}
        {body}
      </fieldset>
    );
  }

  if (schema.type === "array" && schema.items) {
    const list = Array.isArray(value) ? value : [];
    const items = plainType(schema.items);
    const one = singular(label);
    if (items.ref && choices[items.ref])
      return <ChoiceList path={path} label={label} list={list} options={choices[items.ref]!} set={set} />;
    const objects = items.type === "object";
    const key = pathKey(path);
    const problemInside = (i: number) =>
      [...problems.keys()].some((k) => k === `${key}.${i}` || k.startsWith(`${key}.${i}.`));
    return (
      <fieldset className="grid gap-2 rounded border border-ink/15 p-3">
        <legend className="px-1 font-semibold">{label}</legend>
        {schema.description ? <p className="text-sm text-muted">{schema.description}</p> : null}
        {list.map((item, i) => {
          const title = objects ? entryTitle(item) : undefined;
          const name = `${one} ${i + 1}${title ? `: ${title}` : ""}`;
          const remove = (
            <button
              type="button"
              className="btn btn-outline"
              onClick={() =>
                change((doc) => {
                  const seq = doc.getIn(path);
                  if (isSeq(seq)) seq.delete(i);
                })
              }
            >
              Remove<span className="sr-only"> {name}</span>
            </button>
          );
          return objects ? (
            <Entry key={i} name={name} problem={problemInside(i)}>
              <Node schema={items} value={item} path={[...path, i]} change={change} label="" />
              <div>{remove}</div>
            </Entry>
          ) : (
            <div key={i} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1">
                <Node schema={items} value={item} path={[...path, i]} change={change} label={`${one} ${i + 1}`} />
              </div>
              {remove}
            </div>
          );
        })}
        <div>
          <button
            type="button"
            className="btn btn-outline"
            onClick={() =>
              change((doc) => {
                const seq = doc.getIn(path);
                const entry = blank(items);
                if (isSeq(seq)) seq.add(doc.createNode(entry));
                else doc.setIn(path, [entry]);
              })
            }
          >
            Add to {label.toLowerCase()}
          </button>
        </div>
      </fieldset>
    );
  }

  const hint = schema.input ? null : schema.description;
  const ref = schema.ref ? choices[schema.ref] : undefined;
  const options: { value: unknown; label: string }[] | undefined = ref
    ? ref.map((c) => ({ value: c.value, label: c.label }))
    : (schema.enum ?? schema.anyOf?.filter((o) => "const" in o).map((o) => o.const))?.map((o) => ({
        value: o,
        label: String(o),
      }));
  if (options?.length) {
    const known = options.some((o) => String(o.value) === String(value ?? ""));
    return (
      <Field path={path} label={label} hint={ref ? schema.description : hint}>
        {(props) => (
          <select
            {...props}
            className={control}
            value={String(value ?? "")}
            onChange={(event) => {
              const picked = options.find((o) => String(o.value) === event.target.value);
              // "(none)" removes an optional reference (a session without a speaker).
              if (!picked) return change((doc) => doc.deleteIn(path));
              set(picked.value);
            }}
          >
            {ref || value === undefined || value === null || value === "" ? <option value="">(none)</option> : null}
            {!known && value !== undefined && value !== null && value !== "" ? (
              <option value={String(value)}>{String(value)} (unknown)</option>
            ) : null}
            {options.map((o) => (
              <option key={String(o.value)} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    );
  }

  if (schema.type === "boolean")
    return (
      <Field path={path} label={label} hint={hint} inline>
        {(props) => (
          <input
            {...props}
            type="checkbox"
            className="size-6"
            checked={value === true}
            onChange={(e) => set(e.target.checked)}
          />
        )}
      </Field>
    );

  if (schema.type === "integer" || schema.type === "number")
    return (
      <Field path={path} label={label} hint={hint}>
        {(props) => (
          <input
            {...props}
            type="number"
            className={control}
            step={schema.type === "integer" ? 1 : "any"}
            value={typeof value === "number" ? value : ""}
            onChange={(event) => set(event.target.value === "" ? null : Number(event.target.value))}
          />
        )}
      </Field>
    );

  if (schema.picture)
    return (
      <Field path={path} label={label} hint={hint}>
        {(props) => (
          <PicturePicker
            {...props}
            label={label}
            folders={pictureFolders}
            value={typeof value === "string" ? value : ""}
            onChange={set}
          />
        )}
      </Field>
    );

  if (schema.type === "string" || value === undefined || value === null || typeof value === "string") {
    const key = String(path.at(-1) ?? "");
    const long = !schema.input && (LONG.test(key) || (typeof value === "string" && value.length > 80));
    return (
      <Field path={path} label={label} hint={hint}>
        {(props) =>
          long ? (
            <textarea
              {...props}
              className={`${control} h-28 py-2`}
              value={String(value ?? "")}
              onChange={(event) => set(event.target.value)}
            />
          ) : (
            <input
              {...props}
              type={schema.input ?? "text"}
              className={control}
              value={String(value ?? "")}
              onChange={(event) => set(event.target.value)}
            />
          )
        }
      </Field>
    );
  }

  // A shape the form does not draw (several types at once): the Text view edits it.
  return (
    <p className="text-muted">
      {label}: edit in the Text view{isMap(value) ? "" : ` (${JSON.stringify(value)})`}.
    </p>
  );
}

/** A list entry, folded under its name; opened when the save found a problem in it (and left open after). */
function Entry({ name, problem, children }: { name: string; problem: boolean; children: React.ReactNode }) {
  const details = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (problem && details.current) details.current.open = true;
  }, [problem]);
  return (
    <details ref={details} className="rounded border border-ink/10 p-2">
      <summary className="min-h-11 cursor-pointer py-2 font-semibold">{name}</summary>
      <div className="mt-2 grid gap-3" role="group" aria-label={name}>
        {children}
      </div>
    </details>
  );
}

/** A list of references (a post's tags): one checkbox per entry of the named collection. */
function ChoiceList({
  path,
  label,
  list,
  options,
  set,
}: {
  path: Path;
  label: string;
  list: unknown[];
  options: Choice[];
  set: (next: unknown) => void;
}) {
  const { problems } = useContext(Fields);
  const key = pathKey(path);
  const problem = [...problems.entries()].find(([k]) => k === key || k.startsWith(`${key}.`))?.[1];
  const id = fieldId(path);
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      className="grid gap-1 rounded border border-ink/15 p-3"
      aria-describedby={problem ? `${id}-problem` : undefined}
    >
      <legend className="px-1 font-semibold">{label}</legend>
      {problem ? (
        <p id={`${id}-problem`} className="text-sm font-semibold text-rose">
          {problem}
        </p>
      ) : null}
      {options.map((choice) => (
        <label key={String(choice.value)} className="inline-flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            className="size-6"
            checked={list.includes(choice.value)}
            onChange={(event) =>
              set(event.target.checked ? [...list, choice.value] : list.filter((v) => v !== choice.value))
            }
          />
          {choice.label}
        </label>
      ))}
    </fieldset>
  );
}
