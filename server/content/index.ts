/**
 * What another feature may use of the content editor (issue 63: a speaker's accepted edit is saved the editor's
 * way): its tools, loaded on first use, and its one queue of saves. The tools (git, the content loader, the image
 * codec) need the build's packages (yaml, marked, sharp), which a production-only install (`npm ci --omit=dev`)
 * leaves out; the rest of the server runs without them.
 */
import type * as ImageTools from "./images";
import type * as ChoiceTools from "./choices";
import type * as WordTools from "./words";
import type * as LoadTools from "../../app/content/load";
import type * as WorkingCopyTools from "./working-copy";

export type { ContentOptions } from "./options";
export type { Author, SaveResult } from "./working-copy";
// How a commit reads in the publish's list of changes (./changes.ts: node and git only, no build tools).
export { buildSummary, fileLabel, RECORDED_CHANGES } from "./changes";

export type Tools = typeof WorkingCopyTools &
  typeof ImageTools &
  typeof ChoiceTools &
  typeof WordTools & { readImageManifest: typeof LoadTools.readImageManifest };

export const UNAVAILABLE =
  "The content editor needs the build tools on this server: install with npm ci (not npm ci --omit=dev).";

let loading: Promise<Tools> | null = null;

/** The editor's tools; a failed load is tried again on the next call. */
export const loadTools = (): Promise<Tools> =>
  (loading ??= Promise.all([
    import("./working-copy"),
    import("./images"),
    import("./choices"),
    import("./words"),
    import("../../app/content/load"),
  ]).then(
    ([copy, images, choices, words, load]) => ({
      ...copy,
      ...images,
      ...choices,
      ...words,
      readImageManifest: load.readImageManifest,
    }),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  ));

/** One save or undo at a time on this server: git's index is shared (the editor's and a speaker's accepted edit). */
let queue: Promise<unknown> = Promise.resolve();
export const serial = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
};

/**
 * A commit to the working copy (./working-copy.ts), for another feature's own tools, themselves loaded on first
 * use (the publish's programme changes): the working copy is loaded on the first call, not with this module.
 */
export const commitFile: typeof WorkingCopyTools.commitFile = async (...args) =>
  (await import("./working-copy")).commitFile(...args);
