/**
 * Pictures organisers upload (issue 30): JPEG, PNG or WebP up to 10 MB and 40 megapixels (issue 39), with alt
 * text of at most 250 characters, into a folder of
 * `public/images/` (never elsewhere), each a commit by the organiser. The bytes must decode as the type they
 * claim; a WebP is stored as JPEG (or PNG with transparency), which the image pipeline (scripts/make-images.ts,
 * AVIF/WebP/JPEG at every width) takes as its source. The name is made from the file's own, never reused.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { COLLECTIONS, pictureFolders, type CollectionList } from "../../app/content/collections";
import { MAX_IMAGE_ALT, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from "../../app/lib/admin/content";
import { commitFile, type Author } from "./working-copy";
import { git } from "../git";

const run = promisify(execFile);

export interface ImageFolder {
  /** public/images of the working copy. */
  dir: string;
  /** Runs the image pipeline so the manifest names the new picture (a save that uses it is then checked). */
  afterUpload?: () => Promise<void>;
}

export type UploadResult =
  { ok: true; path: string; commit: string } | { ok: false; status: 400 | 413 | 415; error: string };

/** The folders of public/images a picture may go in: those its collections name (app/content/collections.ts). */
export const imageFolders = (collections: CollectionList = COLLECTIONS) => pictureFolders(collections);

/** What the first bytes say the file is. */
function sniff(bytes: Buffer): "jpeg" | "png" | "webp" | null {
  if (bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))) return "jpeg";
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (bytes.subarray(0, 4).toString("latin1") === "RIFF" && bytes.subarray(8, 12).toString("latin1") === "WEBP")
    return "webp";
  return null;
}

/** A picture's bytes checked (type, 10 MB, pixels), a WebP made JPEG or PNG: what saveImage stores. */
export type PictureCheck =
  { ok: true; bytes: Buffer; ext: "jpg" | "png" } | { ok: false; status: 413 | 415; error: string };

/**
 * The picture checks of every upload (the editor's, and a speaker's photo: issue 63): JPEG, PNG or WebP whose
 * bytes are what they claim, at most 10 MB and MAX_IMAGE_PIXELS.
 */
export async function checkPicture(input: Buffer): Promise<PictureCheck> {
  if (input.byteLength > MAX_IMAGE_BYTES)
    return { ok: false, status: 413, error: "That picture is larger than 10 MB: please make it smaller." };
  const type = sniff(input);
  if (!type) return { ok: false, status: 415, error: "Only JPEG, PNG or WebP pictures can be uploaded." };
  let bytes = input;
  let ext: "jpg" | "png" = type === "png" ? "png" : "jpg";
  try {
    // The header only (format, size, transparency): nothing is decoded yet, so no pixel limit is needed here,
    // and a picture declaring too many pixels is refused by its size, in words an organiser can act on.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (meta.format !== type) throw new Error(meta.format);
    if (meta.width * meta.height > MAX_IMAGE_PIXELS)
      return {
        ok: false,
        status: 413,
        error: `That picture is too large (${meta.width} × ${meta.height} pixels): please use one under ${MAX_IMAGE_PIXELS / 1e6} megapixels.`,
      };
    if (type === "webp") {
      // Decoded off the request path: sharp decodes and encodes on libuv's worker threads (toBuffer() is a
      // promise), never on the event loop, so the server keeps answering meanwhile; nothing here decodes
      // synchronously. Uploads are saved one at a time, so the pixel limit (enforced again by sharp, whatever
      // the header said) also bounds how long another save waits behind this one.
      const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS });
      ext = meta.hasAlpha ? "png" : "jpg";
      bytes = await (meta.hasAlpha ? image.png() : image.jpeg({ quality: 92 })).toBuffer();
    }
  } catch {
    return { ok: false, status: 415, error: "That file is not a picture that can be read (JPEG, PNG or WebP)." };
  }
  return { ok: true, bytes, ext };
}

export async function saveImage(
  images: ImageFolder,
  upload: { folder: string; fileName: string; bytes: Buffer; alt: string },
  author: Author,
  collections: CollectionList = COLLECTIONS,
): Promise<UploadResult> {
  if (upload.bytes.byteLength > MAX_IMAGE_BYTES)
    return { ok: false, status: 413, error: "That picture is larger than 10 MB: please make it smaller." };
  if (!imageFolders(collections).includes(upload.folder))
    return { ok: false, status: 400, error: "Choose one of the picture folders." };
  const alt = upload.alt.trim();
  if (alt.length < 3)
    return { ok: false, status: 400, error: "Please describe the picture (alt text) for visitors who cannot see it." };
  if (alt.length > MAX_IMAGE_ALT)
    return {
      ok: false,
      status: 400,
      error: `Please keep the alt text to ${MAX_IMAGE_ALT} characters at most: say briefly what the picture shows.`,
    };
  const checked = await checkPicture(upload.bytes);
  if (!checked.ok) return checked;
  const { bytes, ext } = checked;
  const base =
    upload.fileName
      .toLowerCase()
      .replace(/\.[^.]*$/, "")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "picture";
  let name = `${base}.${ext}`;
  for (let n = 2; existsSync(path.join(images.dir, upload.folder, name)); n++) name = `${base}-${n}.${ext}`;
  const file = path.join(images.dir, upload.folder, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  const rel = `${upload.folder}/${name}`;
  let commit: string;
  try {
    commit = await commitFile(images.dir, file, author, `Add public/images/${rel}: ${alt}`);
  } catch (error) {
    // Not committed: the picture goes, from the index too (as saveContentFile does), so the working copy stays
    // clean and the next commit (an Undo) cannot take it along.
    await rm(file, { force: true });
    await git(images.dir, ["reset", "--quiet", "--", file]).catch(() => {});
    throw error;
  }
  // The picture is saved either way; without its manifest entry a save naming it says so, and the next
  // publish runs the pipeline again.
  await images.afterUpload?.().catch((error: unknown) => console.error(`The image pipeline failed: ${String(error)}`));
  return { ok: true, path: rel, commit };
}

/**
 * The build's image step (scripts/make-images.ts of `repo`), so a new picture is in the manifest that checks a
 * save naming it: in a process of its own, with the build's environment only (config.buildEnv, as a publish's
 * build), never the server's secrets (docs/deploy.md).
 */
export async function runImageStep(repo: string, env: Record<string, string>): Promise<void> {
  await run(process.execPath, ["--import", "tsx", "scripts/make-images.ts"], { cwd: repo, env });
}
