/**
 * The organisers' content as a git working copy (issue 30): read a file with its git blob id, save one after
 * checking it (the build's own loader and cross-file checks, over the folder with the change read in its place), each save
 * a commit with the organiser as author, a file's history, and undo (a revert, checked the same way).
 * Nothing is written when a check fails; a save based on an older version than the file on disk is refused.
 */
import { lstat, mkdir, readFile, readdir, realpath, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { parse } from "yaml";
import * as z from "zod";
import {
  COLLECTIONS,
  collectionOf,
  collectionSchemas,
  newFileFolders,
  type CollectionList,
} from "../../app/content/collections";
import {
  ContentError,
  type ProblemDetail,
  loadContent,
  readImageManifest,
  renderMarkdown,
} from "../../app/content/load";
import type { ContentSchemaAnswer, NewFileFolder } from "../../app/api/admin/content";
import { splitFrontMatter } from "../../app/lib/front-matter";
import { nameOf } from "../../app/lib/admin/names";
import { blobId, git as gitIn, gitSucceeds } from "../git";
import { assignIds } from "./auto-ids";
import { choicesFor } from "./choices";

export interface WorkingCopy {
  /** CONTENT_DIR: inside a git working copy. */
  dir: string;
  /** .generated/images.json: the images the content may name. */
  imageManifest: string;
  /** The collections that read it (app/content/collections.ts; a test adds one). */
  collections?: CollectionList;
}

const collectionsOf = (copy: WorkingCopy) => copy.collections ?? COLLECTIONS;

export interface Author {
  email: string;
  /** Their display name (migration 007); without one, the address's local part names them. */
  name?: string | null;
}

/** A content file's path, relative to the content folder: letters, digits, dashes, underscores; .yaml or .md. */
const CONTENT_PATH = /^(?:[a-z0-9][a-z0-9_-]*\/){0,2}[a-z0-9][a-z0-9_.-]*\.(?:ya?ml|md)$/;

export class ContentPathError extends Error {}

/** The file's absolute path, or a ContentPathError: never outside the folder, never a link. */
export async function contentFile(copy: WorkingCopy, rel: string): Promise<string> {
  if (!CONTENT_PATH.test(rel) || rel.split("/").some((s) => s === ".." || s.startsWith(".")))
    throw new ContentPathError("Only the content's own YAML and Markdown files can be edited.");
  const file = path.join(copy.dir, ...rel.split("/"));
  if (path.relative(copy.dir, file).startsWith("..")) throw new ContentPathError("That path is outside the content.");
  const info = await lstat(file).catch(() => null);
  if (info && !info.isFile()) throw new ContentPathError("Only the content's own files can be edited.");
  // A folder on the way that is a link elsewhere does not count as the content.
  const [root, folder] = await Promise.all([realpath(copy.dir), realpath(path.dirname(file)).catch(() => null)]);
  if (folder !== null && path.relative(root, folder).startsWith(".."))
    throw new ContentPathError("That path is outside the content.");
  return file;
}

/** Every YAML and Markdown file, relative, sorted. */
export async function listFiles(copy: WorkingCopy, rel = ""): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(path.join(copy.dir, rel), { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...(await listFiles(copy, child)));
    else if (entry.isFile() && /\.(ya?ml|md)$/.test(entry.name)) out.push(child);
  }
  return out.sort();
}

export async function readContentFile(copy: WorkingCopy, rel: string) {
  const text = await readFile(await contentFile(copy, rel), "utf8");
  return { path: rel, text, blob: blobId(text) };
}

/**
 * The fields of a content file, as JSON Schema from its collection's zod schema (what a file may hold, as
 * written: `io: "input"`), for the editor's form; a Markdown file's text is its `body`. Null when no collection
 * reads the file.
 */
export function fieldsSchema(copy: WorkingCopy, rel: string): Record<string, unknown> | null {
  const name = collectionOf(collectionsOf(copy), rel)?.[0];
  if (!name) return null;
  // The image manifest only checks values; what a field is does not depend on it.
  const schema = collectionSchemas(collectionsOf(copy), { images: {}, markdown: renderMarkdown })[name]!;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
}

/** The editor's form of a file: its fields, what its choosing fields offer, and its picture folders. */
export async function formOf(copy: WorkingCopy, rel: string): Promise<ContentSchemaAnswer | null> {
  const schema = fieldsSchema(copy, rel);
  const collection = collectionOf(collectionsOf(copy), rel)?.[1];
  if (!schema || !collection) return null;
  return {
    schema,
    choices: await choicesFor(copy.dir, collectionsOf(copy), schema),
    pictureFolders: [...(collection.pictures ?? [])],
  };
}

/** The folders where an organiser may add a file, each with its collection's label and template. */
export const addableFolders = (copy: WorkingCopy): NewFileFolder[] => newFileFolders(collectionsOf(copy));

/** A Markdown file's body (after its front matter) as the site renders it. */
export function previewMarkdown(text: string): string {
  const body = splitFrontMatter(text)?.body ?? text;
  return renderMarkdown(body).html;
}

/** What a check found: the build's problem lines and, for those at a field, where and in words. */
export interface Problems {
  problems: string[];
  details: ProblemDetail[];
}

/** The problems the build would find with the content once `changes` are applied (none: empty lists). */
export async function checkContent(copy: WorkingCopy, changes: Record<string, string | null>): Promise<Problems> {
  try {
    // The folder as it is, with the changed files read from `changes` instead: nothing is copied (issue 41).
    loadContent(copy.dir, readImageManifest(copy.imageManifest), {
      displayDir: "content",
      collections: collectionsOf(copy),
      changes,
    });
    return { problems: [], details: [] };
  } catch (error) {
    if (error instanceof ContentError) return { problems: error.problems, details: error.details };
    throw error;
  }
}

const git = (copy: WorkingCopy, args: string[]) => gitIn(copy.dir, args);

/** Commits one file, or several (absolute paths inside the working copy of `dir`), as the organiser. */
export async function commitFile(
  dir: string,
  file: string | readonly string[],
  author: Author,
  message: string,
): Promise<string> {
  const inCopy = (args: string[]) => gitIn(dir, args);
  const files = typeof file === "string" ? [file] : [...file];
  // Absolute paths: git takes them inside the working copy, whatever folder it runs in.
  await inCopy(["add", "--", ...files]);
  await inCopy([
    ...identity(author),
    "commit",
    "--quiet",
    `--author=${authorName(author)} <${author.email}>`,
    "-m",
    message,
    "--",
    ...files,
  ]);
  return inCopy(["rev-parse", "HEAD"]);
}

/** The name git records: the organiser's display name, else their address's local part (never < > or line breaks). */
const authorName = (author: Author) =>
  nameOf({ email: author.email, name: author.name?.replace(/[<>\p{Cc}]+/gu, " ") });

const identity = (author: Author) => ["-c", `user.name=${authorName(author)}`, "-c", `user.email=${author.email}`];

/** Front matter and body of a Markdown file, or the YAML document. */
function fieldsOf(rel: string, text: string): Record<string, unknown> {
  try {
    if (!rel.endsWith(".md")) return (parse(text) as Record<string, unknown>) ?? {};
    const parts = splitFrontMatter(text);
    return parts ? { ...((parse(parts.yaml) as Record<string, unknown>) ?? {}), text: parts.body } : { text };
  } catch {
    return {};
  }
}

const labelOf = (item: Record<string, unknown>) => {
  const name = item.title ?? item.name ?? item.question ?? item.label ?? item.caption;
  return `${item.id !== undefined ? `id ${String(item.id)}` : "an entry"}${typeof name === "string" ? ` (${name})` : ""}`;
};

/** What a save changed, for its commit message: "sessions id 1 (Registration & Welcome)", "title, date". */
export function describeChange(rel: string, before: string | null, after: string): string {
  if (before === null) return "new file";
  const a = fieldsOf(rel, before);
  const b = fieldsOf(rel, after);
  const parts: string[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (isDeepStrictEqual(a[key], b[key])) continue;
    const [x, y] = [a[key], b[key]];
    if (Array.isArray(x) && Array.isArray(y)) {
      const items = y.filter(
        (item, i) => !x.some((old) => isDeepStrictEqual(old, item)) || (x[i] === undefined && item !== undefined),
      ) as Record<string, unknown>[];
      const removed = x.filter((old) => !y.some((item) => isDeepStrictEqual(old, item))).length - items.length;
      parts.push(items.length ? `${key} ${items.map(labelOf).join(", ")}` : `${key}: ${Math.max(removed, 1)} removed`);
    } else parts.push(key);
  }
  return parts.join("; ").slice(0, 200) || "no change";
}

/**
 * The text a save of `typed` would write (a new entry's id and number given, as saveContentFile gives them):
 * what the preview of unsaved text draws (issue 51). A ContentPathError for a file the site does not read.
 */
export async function asSaved(copy: WorkingCopy, rel: string, typed: string): Promise<string> {
  await contentFile(copy, rel);
  const collection = collectionOf(collectionsOf(copy), rel)?.[1];
  if (!collection) throw new ContentPathError("That is not a file the site reads: it is shown on no page.");
  return assignIds(copy.dir, collection, rel, typed, fieldsSchema(copy, rel) ?? {});
}

export type SaveResult =
  { ok: true; blob: string; commit: string } | { ok: false; conflict: true; blob: string } | ({ ok: false } & Problems);

/**
 * Saves one file: refused when the file changed since `base` (its blob id when the organiser opened it) or
 * when the content would not build; else written and committed as the organiser, "Edit <file>: <entry>"
 * (describeChange).
 */
export async function saveContentFile(
  copy: WorkingCopy,
  rel: string,
  typed: string,
  base: string,
  author: Author,
): Promise<SaveResult> {
  const file = await contentFile(copy, rel);
  const collection = collectionOf(collectionsOf(copy), rel)?.[1];
  if (!collection)
    throw new ContentPathError("That is not a file the site reads: add files only in the folders offered.");
  const current = await readFile(file, "utf8").catch(() => null);
  // base "" is a new file: refused when one exists by now (someone else made it).
  if (current === null ? base !== "" : blobId(current) !== base)
    return { ok: false, conflict: true, blob: current === null ? "" : blobId(current) };
  // A new entry's id and number are given here (server/content/auto-ids.ts): the form does not show them.
  const text = await assignIds(copy.dir, collection, rel, typed, fieldsSchema(copy, rel) ?? {});
  const found = await checkContent(copy, { [rel]: text });
  if (found.problems.length) return { ok: false, ...found };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  try {
    await commitFile(copy.dir, file, author, `Edit content/${rel}: ${describeChange(rel, current, text)}`);
  } catch (error) {
    // Not committed: the file goes back to what it was, so the working copy stays clean.
    if (current === null) await rm(file, { force: true });
    else await writeFile(file, current);
    await git(copy, ["reset", "--quiet", "--", file]).catch(() => {});
    throw error;
  }
  return { ok: true, blob: blobId(text), commit: await git(copy, ["rev-parse", "HEAD"]) };
}

/** A commit as git has it: its author's name (never their address, issue 51) and its message's first line. */
export interface Change {
  commit: string;
  author: string;
  date: string;
  message: string;
}

/**
 * The newest commits touching the content (or one file of it), or those after `since` (the live build's). In
 * people's words: ./words.ts inWords.
 */
export async function history(copy: WorkingCopy, options: { rel?: string; since?: string | null; limit?: number }) {
  const range = options.since ? [`${options.since}..HEAD`] : [];
  const out = await git(copy, [
    "log",
    `--max-count=${options.limit ?? 20}`,
    "--format=%H%x1f%an%x1f%aI%x1f%s",
    ...range,
    "--",
    options.rel ? path.join(copy.dir, ...options.rel.split("/")) : copy.dir,
  ]).catch(() => "");
  return out
    .split("\n")
    .filter(Boolean)
    .map((line): Change => {
      const [commit = "", author = "", date = "", message = ""] = line.split("\u001f");
      return { commit, author, date, message };
    });
}

export type UndoResult = SaveResult | { ok: false; refused: string };

/**
 * Undoes one change with a new commit (checked like a save). Only a commit on the live branch (reachable
 * from HEAD), not a merge, whose every file is inside `folders` (the content and the pictures) can be undone,
 * and the new commit holds those files only: an organiser's Undo never reaches code, nor anything else
 * staged. Null when there is no such commit on the branch.
 */
export async function undo(
  copy: WorkingCopy,
  commit: string,
  author: Author,
  folders: string[],
): Promise<UndoResult | null> {
  if (!/^[0-9a-f]{7,64}$/.test(commit)) return null;
  const id = await git(copy, ["rev-parse", "--verify", "--quiet", `${commit}^{commit}`]).catch(() => "");
  if (!id) return null;
  const onBranch = await gitSucceeds(copy.dir, ["merge-base", "--is-ancestor", id, "HEAD"]);
  if (!onBranch) return null;
  const parents = (await git(copy, ["rev-list", "--parents", "-n", "1", id])).split(" ").length - 1;
  if (parents !== 1) return { ok: false, refused: "This change joins or starts a history: it cannot be undone here." };
  const top = await git(copy, ["rev-parse", "--show-toplevel"]);
  const files = (await git(copy, ["diff-tree", "--no-commit-id", "--no-renames", "--name-only", "-r", "-z", id]))
    .split("\0")
    .filter(Boolean)
    .map((rel) => path.join(top, rel));
  const roots = await Promise.all(folders.map((folder) => realpath(folder).catch(() => null)));
  const inside = (file: string) => roots.some((root) => root !== null && !path.relative(root, file).startsWith(".."));
  if (!files.length || !files.every(inside))
    return {
      ok: false,
      refused: "Undo takes back only changes to the content and pictures; this one touched other files.",
    };

  // The change, backwards, applied to exactly its files (index and working tree).
  const patch = await gitIn(top, ["diff", "--binary", id, `${id}^`], { maxBuffer: 64 << 20, raw: true });
  const apply = async (args: string[]) => void (await gitIn(top, ["apply", "--index", ...args, "-"], { input: patch }));
  try {
    await apply([]);
  } catch {
    return {
      ok: false,
      problems: ["This change cannot be undone by itself: later changes touch the same lines."],
      details: [],
    };
  }
  const found = await checkContent(copy, {});
  if (found.problems.length) {
    await apply(["--reverse"]);
    return { ok: false, ...found };
  }
  const subject = await git(copy, ["log", "-1", "--format=%s", id]);
  try {
    await git(copy, [
      ...identity(author),
      "commit",
      "--quiet",
      `--author=${authorName(author)} <${author.email}>`,
      "-m",
      `Undo "${subject}"`,
      "--only",
      "--",
      ...files,
    ]);
  } catch (error) {
    await apply(["--reverse"]);
    throw error;
  }
  return { ok: true, blob: "", commit: await git(copy, ["rev-parse", "HEAD"]) };
}
