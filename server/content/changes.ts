/**
 * What a kept build brought, in people's words (issue 41): the content commits between the build before it and
 * it, read from the content's git history (the content folder and its pictures), each commit's message made
 * short ("Edit content/schedule/day-01.yaml: sessions id 1 (Registration & Welcome)" is "Programme · Day 1:
 * Registration & Welcome") and its author's name (the organiser's display name, server/content/working-copy.ts
 * commitFile); a commit the editor did not make (code, a hand edit) is a "Site update" by no one (issue 62).
 * The organisers' Publish page names each build by it (app/lib/admin/publish.ts describeBuild).
 */
import path from "node:path";
import { COLLECTIONS, collectionOf, picturesDir, type Collection } from "../../app/content/collections";
import type { BuildChange, BuildSummary } from "../../app/lib/admin/publish";
import { git, gitSucceeds } from "../git";

/** What a commit the editor did not make is called (a developer's, a deploy's): no one's message or address. */
export const SITE_UPDATE = "Site update";

/**
 * The first words of the commit a publish makes to record the programme changes it found (server/publish/
 * programme-changes.ts): it restates the organisers' own edits, so a build's summary leaves it (and its undo) out.
 */
export const RECORDED_CHANGES = "Programme changes announced: ";
const restates = (subject: string) =>
  subject.startsWith(RECORDED_CHANGES) || subject.startsWith(`Revert "${RECORDED_CHANGES}`);

/** Changes listed per build; the rest are counted. */
const MAX_CHANGES = 20;
const SMALL_WORDS = new Set(["a", "an", "and", "at", "for", "in", "of", "on", "or", "the", "to", "with"]);

/** A file's name in words: "speakers/01-grace-adeyemi.md" is "Grace Adeyemi", "day-01.yaml" "Day 01". */
function stemWords(rel: string): string {
  const stem = path.posix
    .basename(rel)
    .replace(/\.[a-z]+$/i, "")
    .replace(/^\d+-(?=[a-z])/i, "");
  return stem
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word, i) => (i > 0 && SMALL_WORDS.has(word) ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(" ");
}

/**
 * What organisers call a content file (issue 51; app/content/collections.ts writes each collection's words):
 * "schedule/day-01.yaml" is "Programme · Day 1, Thu 24 Oct" when `held` (its fields) is given, else
 * "Programme · Day 1"; "blog/posts/07-why-we-gather.md" "Blog · Why We Gather" (its title when given);
 * "blog/comments.yaml" "Blog · comments"; "faqs.yaml" "FAQs"; a file no collection reads, its name in words.
 */
export function fileLabel(
  rel: string,
  held: Record<string, unknown> | null = null,
  list: Record<string, Collection> = COLLECTIONS,
): string {
  const found = collectionOf(list, rel)?.[1];
  const stem = stemWords(rel);
  if (!found) return stem;
  if (typeof found.fileLabel === "function") return found.fileLabel(held, stem);
  return found.fileLabel ?? (typeof found.files === "string" ? found.label : stem);
}

export interface DescribeOptions {
  /** A file's name for organisers (by default fileLabel's, from its path alone). */
  label?: (rel: string) => string;
  /**
   * The words for a commit the editor did not make (a developer's, a `git revert`): without it, its message as
   * it is. The editor's history gives "Site update", so no one else's message or address is shown there.
   */
  otherwise?: string;
}

/**
 * A commit's message made short: the file and the entries a save names (the names in brackets), a picture's
 * alt text, an undo of either; any other message as it is (or `otherwise`).
 */
export function describeCommit(subject: string, options: DescribeOptions = {}): string {
  const { label = (rel: string) => fileLabel(rel), otherwise } = options;
  const undo = (otherwise === undefined ? /^(?:Undo|Revert) "(.*)"$/ : /^Undo "(.*)"$/).exec(subject);
  if (undo) return `Undone: ${describeCommit(undo[1]!, options)}`;
  const edit = /^Edit content\/(\S+): (.*)$/.exec(subject);
  if (edit) {
    const [, rel = "", detail = ""] = edit;
    const names = [...detail.matchAll(/\(([^()]+)\)/g)].map((m) => m[1]!.trim());
    if (detail === "new file") return `New: ${label(rel)}`;
    return `${label(rel)}: ${names.length ? names.join(", ") : detail}`;
  }
  const picture = /^Add public\/images\/\S+: (.*)$/.exec(subject);
  if (picture) return `New picture: ${picture[1]}`;
  // A session put back from the Publish page (server/publish/programme-changes.ts restore).
  if (/^Put back \S/.test(subject)) return subject;
  return otherwise ?? subject;
}

/** The paths whose commits count: the content folder and, when it is in the same repository, its pictures. */
async function contentPaths(contentDir: string): Promise<string[]> {
  const top = await git(contentDir, ["rev-parse", "--show-toplevel"]);
  const pictures = picturesDir(contentDir);
  const inside = !path.relative(top, pictures).startsWith("..");
  return inside ? [contentDir, pictures] : [contentDir];
}

/** Summaries by their commit range: a build's commits never change. */
const known = new Map<string, BuildSummary>();

/**
 * What the build of commit `to` brought since the build of commit `from` (null: no build before it is kept, so
 * the last change it was built from). null when it cannot be told (content outside git, commits gone).
 */
export async function buildSummary(contentDir: string, from: string | null, to: string | null) {
  if (!to) return null;
  const key = `${contentDir}\u0000${from ?? ""}..${to}`;
  const summary = known.get(key) ?? (await readSummary(contentDir, from, to));
  if (summary) known.set(key, summary);
  return summary;
}

async function readSummary(contentDir: string, from: string | null, to: string): Promise<BuildSummary | null> {
  if (from === to) return { changes: [], more: 0, first: false };
  // A build before it from other content (another repository, or history since rewritten): as if none.
  if (from && !(await gitSucceeds(contentDir, ["cat-file", "-e", `${from}^{commit}`]))) from = null;
  try {
    const paths = await contentPaths(contentDir);
    const range = from ? [`--max-count=${MAX_CHANGES + 200}`, `${from}..${to}`] : ["--max-count=5", to];
    const out = await git(contentDir, ["log", "--format=%an%x1f%aI%x1f%s", ...range, "--", ...paths], {
      timeoutMs: 10_000,
    });
    const all = out
      .split("\n")
      .filter(Boolean)
      .filter((line) => !restates(line.split("\u001f")[2] ?? ""))
      .map((line): BuildChange => {
        const [by = "", at = "", subject = ""] = line.split("\u001f");
        // A commit the editor did not make is a "Site update" by no one (issue 62): never its message or author.
        const what = describeCommit(subject, { otherwise: SITE_UPDATE });
        return { what, by: what === SITE_UPDATE ? null : by || null, at };
      });
    // The first build kept: the last change it was built from (a publish's record of changes skipped).
    if (!from) all.splice(1);
    return { changes: all.slice(0, MAX_CHANGES), more: Math.max(0, all.length - MAX_CHANGES), first: !from };
  } catch {
    return null;
  }
}
