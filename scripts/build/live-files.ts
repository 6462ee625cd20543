/**
 * What a content-only publish takes from the live build (issue 65): most of its files are the live build's bytes
 * (the scripts, the styles, every page whose data did not change), and a step's result for such a file (its
 * compressed copies, its precache revision) is the live build's. sameAsLive says whether a file of the new build
 * is the live build's: the same file (a hard link) or the same size and bytes.
 *
 * The live build is served while the new one is made: no step writes a file of the new build in place when it
 * could be a hard link into the live build. Files are linked only where no step writes (public/_img, assets/),
 * and the steps that could meet a link write a new file and rename it over (./files.ts writeWhole).
 */
import { readFileSync, statSync } from "node:fs";
import { copyFile, link, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

export interface LiveFile {
  /** The live build's copy. */
  file: string;
  /** The same file (a hard link): its copies can be linked too, with the times they have. */
  linked: boolean;
}

/**
 * The live build's file with the bytes of `rel` (relative to the new build's client folder), else null. Read
 * synchronously: hundreds of small files, each a few system calls, which the thread pool's round trips made
 * several times slower.
 */
export function sameAsLive(clientDir: string, live: string, rel: string): LiveFile | null {
  const file = path.join(clientDir, rel);
  const liveFile = path.join(live, "client", rel);
  const was = statSync(liveFile, { throwIfNoEntry: false });
  const now = statSync(file);
  if (!was?.isFile() || now.size !== was.size) return null;
  if (now.dev === was.dev && now.ino === was.ino) return { file: liveFile, linked: true };
  return readFileSync(file).equals(readFileSync(liveFile)) ? { file: liveFile, linked: false } : null;
}

/**
 * Hard-links every file under `from` into `to` (copied when they are on other disks), keeping the folders;
 * `skip(file)` leaves a file out. Only for files no build step writes in place.
 */
export async function linkTree(from: string, to: string, skip: (file: string) => boolean = () => false) {
  for (const entry of await readdir(from, { recursive: true, withFileTypes: true }).catch(() => [])) {
    if (!entry.isFile()) continue;
    const source = path.join(entry.parentPath, entry.name);
    if (skip(source)) continue;
    const target = path.join(to, path.relative(from, source));
    await mkdir(path.dirname(target), { recursive: true });
    await link(source, target).catch(() => copyFile(source, target));
  }
}
