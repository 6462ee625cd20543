// Framework-free content loader: read the files of every collection (collections.ts), parse YAML/Markdown,
// validate with zod, cross-check references, resolve images; a file no collection reads is a problem too.
// Collects every problem, then throws one ContentError. Beside it: reader.ts (the files), problems.ts (the
// problem lines), markdown.ts (the text's HTML).
import { IMAGE_MANIFEST } from "../lib/build-outputs";
import fs from "node:fs";
import type { z } from "zod";
import { COLLECTIONS, collectionOf, collectionSchemas, type Collection, type CollectionList } from "./collections";
import { renderMarkdown } from "./markdown";
import { ContentError, detail, errorMap, issueLines } from "./problems";
import { Reader } from "./reader";
import {
  imageManifestSchema,
  zonedIso,
  type Category,
  type Content,
  type ImageManifest,
  type Post,
  type ScheduleDay,
} from "./schemas";
import type { SessionChange } from "../lib/schedule/changes";

export type { Content, ImageManifest } from "./schemas";
// The loader is the content layer's door for the build, the checks and the server's editor.
export { ContentError, type ProblemDetail } from "./problems";
export { renderMarkdown } from "./markdown";

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
