// Framework-free content loader: read the files of every collection (collections.ts), parse YAML/Markdown,
// validate with zod, cross-check references, resolve images; a file no collection reads is a problem too.
// Collects every problem, then throws one ContentError.
import { IMAGE_MANIFEST } from "../lib/build-outputs";
import fs from "node:fs";
import path from "node:path";
import { Marked } from "marked";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { COLLECTIONS, collectionOf, collectionSchemas, type Collection, type CollectionList } from "./collections";
import {
  imageManifestSchema,
  zonedIso,
  type Category,
  type Content,
  type ImageManifest,
  type Post,
  type ScheduleDay,
} from "./schemas";
import { splitFrontMatter } from "../lib/front-matter";
import { inWords } from "../lib/content-words";
import type { SessionChange } from "../lib/schedule/changes";

export type { Content, ImageManifest } from "./schemas";

/** A problem at a field of a file, for the organisers' editor: where it is, and in words (issue 41). */
export interface ProblemDetail {
  /** The problem's line, as `problems` has it. */
  line: string;
  /** The file, as problem lines name it ("content/schedule/day-01.yaml"). */
  file: string;
  /** The field in the file (entries by their zero-based place). */
  path: (string | number)[];
  /** "Session 2 (Morning Worship): the end, 09:00, must be after start (10:00)" */
  words: string;
}

export class ContentError extends Error {
  readonly problems: string[];
  /** The problems that concern one field, in words (a file-wide problem has only its line). */
  readonly details: ProblemDetail[];
  constructor(problems: string[], details: ProblemDetail[] = []) {
    super([`Content has ${problems.length} problem(s):`, ...problems].join("\n"));
    this.name = "ContentError";
    this.problems = problems;
    this.details = details;
  }
}

export interface LoadOptions<L extends CollectionList = typeof COLLECTIONS> {
  /** How file paths start in problem lines (relative to the repo root). */
  displayDir?: string;
  /** The collections to read (app/content/collections.ts): the site's, or a list that adds to them. */
  collections?: L;
  /**
   * Files read instead of the folder's (paths relative to it, with "/"): a text, or null for a file taken away.
   * The editor checks a change this way without copying the content (issue 41).
   */
  changes?: Readonly<Record<string, string | null>>;
}

type Output<C extends Collection> = z.output<ReturnType<C["schema"]>>;
/** What the loader read of a collection: a folder's entries (and whether all of them parsed), or one file's value. */
type Read<C extends Collection> = C["files"] extends string
  ? Output<C> | undefined
  : { entries: { file: string; data: Output<C> }[]; all: boolean };
/** A collection in the loaded content: a folder's values in file order, or one file's value. */
type Loaded<C extends Collection> = C["files"] extends string ? Output<C> : Output<C>[];
/** The content of a list that adds collections to the site's: theirs as read, beside the site's own. */
type Added<L extends CollectionList> = { [K in Exclude<keyof L, keyof typeof COLLECTIONS>]: Loaded<L[K]> };

// ---------------------------------------------------------------------------
// Markdown: raw HTML is dropped (content is trusted, but the site never needs it)

/** Raw HTML in content is dropped, and links or images may only point at http(s), mailto or the site itself. */
const marked = new Marked({
  renderer: { html: () => "" },
  walkTokens(token) {
    if ((token.type === "link" || token.type === "image") && !/^(https?:|mailto:|\/(?!\/)|#)/i.test(token.href))
      token.href = "#";
  },
});

function stripTags(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

export function renderMarkdown(source: string): { html: string; summary: string; text: string } {
  const html = marked.parse(source, { async: false });
  const first = marked.lexer(source).find((token) => token.type === "paragraph");
  const summary = first ? stripTags(marked.parseInline(first.raw, { async: false })) : "";
  return { html, summary, text: stripTags(html) };
}

// ---------------------------------------------------------------------------
// Problem lines: "content/schedule/day-02.yaml: sessions[3] (id 4).end: must be after start (10:00)"

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function formatPath(segments: readonly PropertyKey[], raw: unknown): string {
  let out = "";
  let node = raw;
  for (const segment of segments) {
    if (typeof segment === "number") {
      node = Array.isArray(node) ? node[segment] : undefined;
      out += `[${segment}]`;
      const entryId = isRecord(node) ? node.id : undefined;
      if (typeof entryId === "string" || typeof entryId === "number") out += ` (id ${entryId})`;
    } else {
      node = isRecord(node) ? node[String(segment)] : undefined;
      out += out ? `.${String(segment)}` : String(segment);
    }
  }
  return out;
}

function describeValue(value: unknown): string {
  if (value === null) return "nothing";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a group of fields";
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  return String(value);
}

const EXPECTED: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "a group of fields (key: value lines)",
};

/** Plain-English messages for zod's built-in issues (schemas set their own for custom rules). */
const errorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "is required";
      if (issue.input === null) return "is empty: fill it in";
      return `must be ${EXPECTED[issue.expected] ?? issue.expected} (got ${describeValue(issue.input)})`;
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? "must not be empty" : `must be at least ${min} characters`;
      if (issue.origin === "array") return `must have at least ${min} item(s)`;
      return `must be ${issue.inclusive ? "at least" : "greater than"} ${min} (got ${describeValue(issue.input)})`;
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return `must be at most ${max} characters`;
      if (issue.origin === "array") return `must have at most ${max} item(s)`;
      return `must be ${issue.inclusive ? "at most" : "less than"} ${max} (got ${describeValue(issue.input)})`;
    }
    case "invalid_value": {
      const options = issue.values.map((v) => (typeof v === "string" ? JSON.stringify(v) : String(v)));
      return `must be ${options.length > 1 ? "one of " : ""}${options.join(", ")} (got ${describeValue(issue.input)})`;
    }
    default:
      return undefined;
  }
};

function issueDetails(file: string, issues: readonly z.core.$ZodIssue[], raw: unknown): ProblemDetail[] {
  return issues.flatMap((issue) => {
    const keys = issue.code === "unrecognized_keys" ? issue.keys : [undefined];
    return keys.map((key) => {
      const at = (key === undefined ? issue.path : [...issue.path, key]).filter(
        (s): s is string | number => typeof s !== "symbol",
      );
      const message = key === undefined ? issue.message : "unknown field (check the spelling)";
      return detail(file, at, raw, message);
    });
  });
}

function detail(file: string, at: (string | number)[], raw: unknown, message: string): ProblemDetail {
  const where = formatPath(at, raw);
  return { line: `${file}: ${where ? `${where}: ` : ""}${message}`, file, path: at, words: inWords(at, raw, message) };
}

const issueLines = (file: string, issues: readonly z.core.$ZodIssue[], raw: unknown): string[] =>
  issueDetails(file, issues, raw).map((d) => d.line);

// ---------------------------------------------------------------------------
// Reading files

class Reader {
  readonly problems: string[] = [];
  readonly details: ProblemDetail[] = [];
  /** Files read instead of the folder's (LoadOptions.changes), by their path with "/". */
  private readonly changes: ReadonlyMap<string, string | null>;
  constructor(
    private readonly dir: string,
    private readonly displayDir: string,
    changes: Readonly<Record<string, string | null>> = {},
  ) {
    this.changes = new Map(Object.entries(changes));
  }

  /** A file's text, the changes first; null when there is no such file. */
  private text(rel: string): string | null {
    const changed = this.changes.get(rel.split(path.sep).join("/"));
    if (changed !== undefined) return changed;
    const full = path.join(this.dir, rel);
    return fs.existsSync(full) ? fs.readFileSync(full, "utf8") : null;
  }

  /** The names in a folder, with the files the changes add to it and without those they take away. */
  private names(folder: string): string[] {
    const full = path.join(this.dir, folder);
    const names = new Set(fs.existsSync(full) ? fs.readdirSync(full) : []);
    const prefix = folder ? `${folder.split(path.sep).join("/")}/` : "";
    for (const [rel, text] of this.changes) {
      const name = rel.slice(prefix.length);
      if (!rel.startsWith(prefix) || name.includes("/")) continue;
      if (text === null) names.delete(name);
      else names.add(name);
    }
    return [...names];
  }

  display(rel: string): string {
    return path.posix.join(this.displayDir, rel.split(path.sep).join("/"));
  }

  /** Files in a folder with the given extension, sorted by name (the list order). */
  list(folder: string, extension: string): string[] {
    const names = this.names(folder)
      .filter((name) => name.endsWith(extension))
      .sort();
    if (names.length === 0) this.problems.push(`${this.display(folder)}: no ${extension} files found`);
    return names.map((name) => path.join(folder, name));
  }

  /** Parse a YAML file, or a Markdown file with YAML frontmatter (its body becomes `body`). */
  raw(rel: string): { ok: true; value: unknown } | { ok: false } {
    const file = this.display(rel);
    const source = this.text(rel);
    if (source === null) {
      this.problems.push(`${file}: file is missing`);
      return { ok: false };
    }
    let yamlSource = source;
    let body: string | undefined;
    let lineOffset = 0;
    if (rel.endsWith(".md")) {
      const parts = splitFrontMatter(source);
      if (!parts) {
        this.problems.push(`${file}: must start with a frontmatter block between two "---" lines`);
        return { ok: false };
      }
      yamlSource = parts.yaml;
      body = parts.body;
      lineOffset = 1;
    }
    const doc = parseDocument(yamlSource);
    // Report the first syntax error only: the ones after it are usually its echoes.
    const error = doc.errors[0];
    if (error) {
      const line = (error.linePos?.[0].line ?? 0) + lineOffset;
      const reason = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
      this.problems.push(`${file}: line ${line}: YAML syntax error: ${reason}`);
      return { ok: false };
    }
    let value: unknown;
    try {
      value = doc.toJS();
    } catch {
      // The yaml package stops at 100 uses of an alias (`*name`): more is a resource exhaustion attack.
      this.problems.push(`${file}: too many repeated references (YAML aliases, *name): write the values out`);
      return { ok: false };
    }
    if (body === undefined) return { ok: true, value };
    return { ok: true, value: isRecord(value) ? { ...value, body } : value };
  }

  parse<S extends z.ZodType>(rel: string, schema: S): z.output<S> | undefined {
    const raw = this.raw(rel);
    if (!raw.ok) return undefined;
    const result = schema.safeParse(raw.value, { error: errorMap });
    if (result.success) return result.data;
    this.add(issueDetails(this.display(rel), result.error.issues, raw.value));
    return undefined;
  }

  /** Parse every file of a folder; `all` is false when one of them failed. */
  parseAll<S extends z.ZodType>(folder: string, extension: string, schema: S) {
    const entries: { file: string; data: z.output<S> }[] = [];
    const files = this.list(folder, extension);
    for (const rel of files) {
      const data = this.parse(rel, schema);
      if (data !== undefined) entries.push({ file: this.display(rel), data });
    }
    return { entries, all: files.length > 0 && entries.length === files.length };
  }

  /** Every YAML and Markdown file under the folder (hidden ones aside), relative with "/". */
  allFiles(rel = ""): string[] {
    const onDisk = (folder: string): string[] =>
      fs.existsSync(path.join(this.dir, folder))
        ? fs.readdirSync(path.join(this.dir, folder), { withFileTypes: true }).flatMap((entry) => {
            const child = folder ? `${folder}/${entry.name}` : entry.name;
            if (entry.name.startsWith(".")) return [];
            if (entry.isDirectory()) return onDisk(child);
            return /\.(ya?ml|md)$/.test(entry.name) ? [child] : [];
          })
        : [];
    const files = new Set(onDisk(rel));
    for (const [changed, text] of this.changes) {
      if (rel && !changed.startsWith(`${rel}/`)) continue;
      const hidden = changed.split("/").some((segment) => segment.startsWith("."));
      if (text === null) files.delete(changed);
      else if (!hidden && /\.(ya?ml|md)$/.test(changed)) files.add(changed);
    }
    return [...files];
  }

  /** Problems at fields: their lines, and their details for the editor. */
  add(details: ProblemDetail[]): void {
    this.problems.push(...details.map((d) => d.line));
    this.details.push(...details);
  }

  /** Ids must be unique across the files of a folder. */
  uniqueAcrossFiles(entries: readonly { file: string; data: { id: number } }[]): void {
    const seen = new Map<number, string>();
    for (const { file, data } of entries) {
      const first = seen.get(data.id);
      if (first === undefined) seen.set(data.id, file);
      else this.add([detail(file, ["id"], data, `duplicate id ${data.id} (also used by ${first})`)]);
    }
  }
}

function need<T>(value: T | undefined): T {
  if (value === undefined) throw new Error("content value missing after validation");
  return value;
}

// ---------------------------------------------------------------------------

export function readImageManifest(file: string, display = IMAGE_MANIFEST): ImageManifest {
  if (!fs.existsSync(file)) throw new ContentError([`${display}: not found (run "npm run images" to generate it)`]);
  let json: unknown;
  try {
    json = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch (error) {
    throw new ContentError([`${display}: invalid JSON (${String(error)})`]);
  }
  const result = imageManifestSchema.safeParse(json, { error: errorMap });
  if (!result.success) throw new ContentError(issueLines(display, result.error.issues, json));
  return result.data;
}

/** Parses every collection of the list, and names each content file that none of them reads. */
function readCollections(reader: Reader, list: Record<string, Collection>, images: ImageManifest) {
  const schemas = collectionSchemas(list, { images, markdown: renderMarkdown });
  const read = Object.fromEntries(
    Object.entries(list).map(([name, { files }]) => {
      const schema = schemas[name]!;
      return [
        name,
        typeof files === "string"
          ? reader.parse(files, schema)
          : reader.parseAll(files.folder, files.extension, schema),
      ];
    }),
  );
  for (const rel of reader.allFiles().sort())
    if (!collectionOf(list, rel))
      reader.problems.push(`${reader.display(rel)}: no collection reads this file (check its folder and name)`);
  return read as { [K in keyof typeof COLLECTIONS]: Read<(typeof COLLECTIONS)[K]> } & Record<string, unknown>;
}

export function loadContent<L extends CollectionList = typeof COLLECTIONS>(
  dir: string,
  images: ImageManifest,
  options: LoadOptions<L> = {},
): Content & Added<L> {
  const reader = new Reader(dir, options.displayDir ?? "content", options.changes);
  const list: CollectionList = options.collections ?? COLLECTIONS;
  const read = readCollections(reader, list, images);
  const { site, speakers, scheduleDays: days, categories, tags, comments, posts } = read;

  reader.uniqueAcrossFiles(speakers.entries);
  reader.uniqueAcrossFiles(days.entries);
  reader.uniqueAcrossFiles(posts.entries);

  // Session numbers (shared agenda links) are unique across every day.
  const numbered = new Map<number, string>();
  for (const { file, data } of days.entries)
    data.sessions.forEach((session, index) => {
      const first = numbered.get(session.number);
      if (first)
        reader.add([
          detail(file, ["sessions", index, "number"], data, `${session.number} is already used in ${first}`),
        ]);
      else numbered.set(session.number, file);
    });

  // References are checked only against a collection that loaded completely,
  // so one broken speaker file does not also flag every session that names it.
  const speakerById = new Map(speakers.entries.map(({ data }) => [data.id, data]));
  if (speakers.all) {
    const known = [...speakerById.keys()].join(", ");
    for (const { file, data } of days.entries)
      data.sessions.forEach((session, index) => {
        if (session.speaker !== undefined && !speakerById.has(session.speaker))
          reader.add([
            detail(file, ["sessions", index, "speaker"], data, `unknown speaker ${session.speaker} (known: ${known})`),
          ]);
      });
  }
  for (const { file, data } of posts.entries) {
    if (categories && !categories.some((c) => c.id === data.category))
      reader.add([
        detail(
          file,
          ["category"],
          data,
          `unknown category "${data.category}" (known: ${categories.map((c) => c.id).join(", ")})`,
        ),
      ]);
    if (tags)
      data.tags.forEach((tag, index) => {
        if (!tags.some((t) => t.id === tag))
          reader.add([
            detail(file, ["tags", index], data, `unknown tag "${tag}" (known: ${tags.map((t) => t.id).join(", ")})`),
          ]);
      });
  }

  if (reader.problems.length > 0) throw new ContentError(reader.problems, reader.details);

  // Everything below is valid: assemble the derived, cross-linked content.
  const timeZone = need(site).timeZone;
  const scheduleDays: ScheduleDay[] = days.entries.map(({ data: day }) => ({
    ...day,
    sessions: day.sessions.map(({ speaker, changes, ...session }) => ({
      ...session,
      dayId: day.id,
      speaker: speaker === undefined ? undefined : speakerById.get(speaker),
      startsAt: zonedIso(day.date, session.start, timeZone),
      endsAt: session.end && zonedIso(day.date, session.end, timeZone),
      changes: changes.map(({ date, from, note }, index): SessionChange => ({
        date,
        kind: from ? "moved" : session.status === "cancelled" && index === changes.length - 1 ? "cancelled" : "changed",
        ...(from ? { fromStartsAt: zonedIso(from.date, from.start, timeZone) } : {}),
        ...(note ? { note } : {}),
      })),
    })),
  }));

  const postData = posts.entries.map(({ data }) => data);
  const categoryList: Category[] = need(categories).map((c) => ({
    ...c,
    count: postData.filter((p) => p.category === c.id).length,
  }));
  const tagList = need(tags);
  // Every post shows the comments of blog/comments.yaml, so its count is theirs (a count typed in a post's
  // front matter drifted from what the page showed).
  const commentCount = need(comments).length;
  const postList: Post[] = postData.map((p) => ({
    ...p,
    comments: commentCount,
    category: need(categoryList.find((c) => c.id === p.category)),
    tags: p.tags.map((tag) => need(tagList.find((t) => t.id === tag))),
  }));

  // Each collection as read (a folder's as a list), then the ones cross-linked above.
  const loaded = Object.fromEntries(
    Object.entries(list).map(([name, { files }]) => {
      const value = read[name];
      return [
        name,
        typeof files === "string"
          ? need(value)
          : (value as { entries: { data: unknown }[] }).entries.map((e) => e.data),
      ];
    }),
  ) as { [K in keyof typeof COLLECTIONS]: Loaded<(typeof COLLECTIONS)[K]> } & Added<L>;
  return { ...loaded, scheduleDays, posts: postList, categories: categoryList };
}
