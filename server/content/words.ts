/**
 * The editor's files and history in people's words (issue 51): each content file by what it holds
 * ("Programme · Day 1, Thu 24 Oct", "Speaker · Grace Adeyemi", "Blog · comments": the collections' own words,
 * server/content/changes.ts fileLabel), and each commit as an organiser's save by their display name with what
 * changed (describeCommit), or "Site update" for anyone else's: no developer's message or address is shown.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { parse } from "yaml";
import { COLLECTIONS, collectionOf, type CollectionList } from "../../app/content/collections";
import type { ContentChange, ContentFile } from "../../app/api/admin/content";
import { splitFrontMatter } from "../../app/lib/front-matter";
import { describeCommit, fileLabel, SITE_UPDATE } from "./changes";
import type { Change, WorkingCopy } from "./working-copy";

/** What the history says of a commit the editor did not make. */
export { SITE_UPDATE };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A file's fields as written (a Markdown file's front matter), or null when it cannot be read. */
async function fieldsOf(dir: string, rel: string): Promise<Record<string, unknown> | null> {
  try {
    const text = await readFile(path.join(dir, ...rel.split("/")), "utf8");
    const yaml = rel.endsWith(".md") ? (splitFrontMatter(text)?.yaml ?? "") : text;
    const value: unknown = parse(yaml, { maxAliasCount: 100 });
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}

/** One file's label, read from what it holds where its collection names files by their content. */
export async function labelOf(copy: WorkingCopy, rel: string): Promise<string> {
  const list = copy.collections ?? COLLECTIONS;
  const byContent = typeof collectionOf(list, rel)?.[1].fileLabel === "function";
  return fileLabel(rel, byContent ? await fieldsOf(copy.dir, rel) : null, list);
}

/**
 * Every file with its label, in the order of the collections (site, banner, speakers, programme, …; a folder's
 * files by name, the order the site lists them), then any file no collection reads.
 */
export async function labelFiles(copy: WorkingCopy, files: string[]): Promise<ContentFile[]> {
  const list: CollectionList = copy.collections ?? COLLECTIONS;
  const names = Object.keys(list);
  const rank = (rel: string) => {
    const found = collectionOf(list, rel)?.[0];
    return found === undefined ? names.length : names.indexOf(found);
  };
  const labelled = await Promise.all(files.map(async (rel) => ({ path: rel, label: await labelOf(copy, rel) })));
  return labelled.sort((a, b) => rank(a.path) - rank(b.path) || a.path.localeCompare(b.path));
}

/**
 * A commit in people's words: an organiser's save (a message the editor writes) by the name git recorded for
 * them (their display name: working-copy.ts commitFile), with what changed; anything else "Site update",
 * with no author. `labels` names the files the messages mention.
 */
export function inWords(change: Change, labels: ReadonlyMap<string, string>): ContentChange {
  const message = describeCommit(change.message, {
    label: (rel) => labels.get(rel) ?? fileLabel(rel),
    otherwise: SITE_UPDATE,
  });
  // An organiser's undo of a site update is theirs ("Undone: Site update"), by their name.
  return {
    commit: change.commit,
    date: change.date,
    author: message === SITE_UPDATE ? null : change.author || null,
    message,
  };
}
