import { isMap, isScalar, isSeq, parseDocument, stringify, type Document } from "yaml";
import { splitFrontMatter } from "~/lib/front-matter";

/**
 * The editor's form (issue 30): the fields of a content file, drawn from its JSON Schema (made from the
 * content's zod schemas on the server: a field added to a schema appears here), over the same text the
 * "Text" view edits. A change is written into the YAML document (`setIn`), so comments and the order of
 * the file survive; a Markdown file's front matter is the document and its text is `body`.
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
};
type Path = (string | number)[];

/** "startTime" -> "Start time", "ticket-plans" -> "Ticket plans". */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

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
  return text.slice(0, offset + start) + written + text.slice(offset + end);
}

/** A new list entry: each required field empty (or the next id), which the save's check then names. */
function blank(schema: JsonSchema | undefined, siblings: unknown[]): unknown {
  if (!schema) return "";
  if (schema.type === "object") {
    const value: Record<string, unknown> = {};
    for (const key of schema.required ?? []) {
      const ids = siblings.map((s) => Number((s as Record<string, unknown>)?.[key])).filter(Number.isFinite);
      value[key] =
        key === "id" && schema.properties?.id?.type === "integer"
          ? Math.max(0, ...ids) + 1
          : blank(schema.properties?.[key], []);
    }
    return value;
  }
  if (schema.type === "array") return [];
  if (schema.type === "integer" || schema.type === "number") return 0;
  if (schema.type === "boolean") return false;
  return schema.enum?.[0] ?? "";
}

/** What a list entry is called in its summary: "3: Opening worship", else its first short text. */
function entryName(item: unknown): string {
  const record = (item ?? {}) as Record<string, unknown>;
  const named = record.title ?? record.name ?? record.question ?? record.label ?? record.caption;
  const text =
    typeof named === "string"
      ? named
      : Object.values(record).find((v): v is string => typeof v === "string" && v.length > 0 && v.length <= 80);
  return `${record.id !== undefined ? `${String(record.id)}: ` : ""}${text ?? ""}`;
}

const LONG = /^(body|text|description|bio|answer|excerpt|paragraphs|message|summary)$/;

export function ContentFields({
  schema,
  text,
  markdown,
  onChange,
}: {
  schema: JsonSchema;
  text: string;
  markdown: boolean;
  onChange: (text: string) => void;
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
    <div className="mt-4 grid max-w-3xl gap-4">
      <Node schema={{ ...schema, properties: fields }} value={value} path={[]} change={change} label="" />
      {parts.body !== null ? (
        <label className="grid gap-1.5 font-semibold">
          Text (Markdown)
          <textarea
            className="h-64 rounded border border-ink/30 bg-paper p-3 font-mono text-sm font-normal"
            value={parts.body}
            onChange={(event) => {
              // The front matter stays as written; only the text after it changes.
              const head = splitFrontMatter(text)?.head;
              onChange(
                head ? head + event.target.value : join({ doc: split(text, true).doc, body: event.target.value }),
              );
            }}
          />
        </label>
      ) : null}
    </div>
  );
}

const control = "min-h-11 rounded border border-ink/30 bg-paper px-3 font-normal";

function Node({
  schema,
  value,
  path,
  change,
  label,
}: {
  schema: JsonSchema;
  value: unknown;
  path: Path;
  change: (edit: (doc: Document) => void, inPlace?: { path: Path; value: unknown }) => void;
  label: string;
}) {
  const hint = schema.description ? (
    <span className="block text-sm font-normal text-muted">{schema.description}</span>
  ) : null;
  const set = (next: unknown) => change((doc) => doc.setIn(path, next), { path, value: next });

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
        {hint}
        {body}
      </fieldset>
    );
  }

  if (schema.type === "array" && schema.items) {
    const list = Array.isArray(value) ? value : [];
    const objects = schema.items.type === "object";
    return (
      <fieldset className="grid gap-2 rounded border border-ink/15 p-3">
        <legend className="px-1 font-semibold">{label}</legend>
        {hint}
        {list.map((item, i) => {
          const name = objects ? entryName(item) : String(item ?? "");
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
              Remove<span className="sr-only"> {name || `entry ${i + 1}`}</span>
            </button>
          );
          return objects ? (
            <details key={i} className="rounded border border-ink/10 p-2">
              <summary className="min-h-11 cursor-pointer py-2 font-semibold">{name || `Entry ${i + 1}`}</summary>
              <div className="mt-2 grid gap-3">
                <Node schema={schema.items!} value={item} path={[...path, i]} change={change} label="" />
                <div>{remove}</div>
              </div>
            </details>
          ) : (
            <div key={i} className="flex flex-wrap items-end gap-2">
              <div className="min-w-0 flex-1">
                <Node
                  schema={schema.items!}
                  value={item}
                  path={[...path, i]}
                  change={change}
                  label={`${label} ${i + 1}`}
                />
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
                const entry = blank(schema.items, list);
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

  const options = schema.enum ?? schema.anyOf?.filter((o) => "const" in o).map((o) => o.const);
  if (options?.length)
    return (
      <label className="grid gap-1.5 font-semibold">
        {label}
        {hint}
        <select
          className={control}
          value={String(value ?? "")}
          onChange={(event) => set(options.find((o) => String(o) === event.target.value))}
        >
          {value === undefined ? <option value="">(none)</option> : null}
          {options.map((o) => (
            <option key={String(o)} value={String(o)}>
              {String(o)}
            </option>
          ))}
        </select>
      </label>
    );

  if (schema.type === "boolean")
    return (
      <label className="inline-flex min-h-11 items-center gap-2 font-semibold">
        <input type="checkbox" className="size-6" checked={value === true} onChange={(e) => set(e.target.checked)} />
        {label}
      </label>
    );

  if (schema.type === "integer" || schema.type === "number")
    return (
      <label className="grid gap-1.5 font-semibold">
        {label}
        {hint}
        <input
          type="number"
          className={control}
          step={schema.type === "integer" ? 1 : "any"}
          value={typeof value === "number" ? value : ""}
          onChange={(event) => set(event.target.value === "" ? null : Number(event.target.value))}
        />
      </label>
    );

  if (schema.type === "string" || value === undefined || typeof value === "string") {
    const key = String(path.at(-1) ?? "");
    const long = LONG.test(key) || (typeof value === "string" && value.length > 80);
    return (
      <label className="grid gap-1.5 font-semibold">
        {label}
        {hint}
        {long ? (
          <textarea
            className={`${control} h-28 py-2`}
            value={String(value ?? "")}
            onChange={(event) => set(event.target.value)}
          />
        ) : (
          <input className={control} value={String(value ?? "")} onChange={(event) => set(event.target.value)} />
        )}
      </label>
    );
  }

  // A shape the form does not draw (several types at once): the Text view edits it.
  return (
    <p className="text-muted">
      {label}: edit in the Text view{isMap(value) ? "" : ` (${JSON.stringify(value)})`}.
    </p>
  );
}
