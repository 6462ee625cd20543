import { isScalar, isSeq, parseDocument, stringify, type Document } from "yaml";
import { splitFrontMatter } from "../front-matter";

/**
 * The editor's form writes into the file's own text (issue 30): a change is written into the YAML document
 * (`setIn`), so comments and the order of the file survive; a one-line value is written in place, so only its
 * own characters change; a Markdown file's front matter is the document and its text is `body`. Pure functions
 * over text, tested beside; the form (app/components/admin/content/content-fields.tsx) draws the fields.
 */

/** A content file's JSON Schema as the server answers it, with the editor's metadata (issue 41, `EditorMeta`). */
export type JsonSchema = {
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
  advanced?: string;
};

/** Where a value is in the document: keys and list positions ("sessions", 1, "end"). */
export type Path = (string | number)[];

/** A change to the document, for when the value cannot be written in place. */
export type Edit = (doc: Document) => void;

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
export function setInPlace(text: string, markdown: boolean, path: Path, value: unknown): string | null {
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

/** The file after a change: the value in place when it can be, else the document written whole. */
export function applyEdit(
  text: string,
  markdown: boolean,
  edit: Edit,
  inPlace?: { path: Path; value: unknown },
): string {
  const spliced = inPlace && setInPlace(text, markdown, inPlace.path, inPlace.value);
  if (spliced) return spliced;
  const next = split(text, markdown);
  edit(next.doc);
  return join(next);
}

/** A Markdown file with a new text: the front matter stays as written; only the text after it changes. */
export function setBody(text: string, body: string): string {
  const head = splitFrontMatter(text)?.head;
  return head ? head + body : join({ doc: split(text, true).doc, body });
}

/** Removes a list's entry. */
export const removeAt =
  (path: Path, index: number): Edit =>
  (doc) => {
    const seq = doc.getIn(path);
    if (isSeq(seq)) seq.delete(index);
  };

/** Adds a blank entry at the end of a list (the list itself when there was none). */
export const append =
  (path: Path, items: JsonSchema): Edit =>
  (doc) => {
    const seq = doc.getIn(path);
    const entry = blank(items);
    if (isSeq(seq)) seq.add(doc.createNode(entry));
    else doc.setIn(path, [entry]);
  };

/** A new list entry: each required field empty; ids and numbers are left for the save to assign. */
export function blank(schema: JsonSchema | undefined): unknown {
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
export function plainType(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.type)) return { ...schema, type: schema.type.find((t) => t !== "null") };
  const options = schema.anyOf?.filter((o) => o.type !== "null");
  if (options?.length === 1 && !options.some((o) => "const" in o)) {
    const rest = { ...schema };
    delete rest.anyOf;
    return { ...rest, ...options[0] };
  }
  return schema;
}
