/**
 * The content editor's requests (issue 30), shared by the organisers' page and the server
 * (server/content/routes.ts), which checks again as the authority. zod/mini, as the inbox's schemas.
 */
import * as z from "zod/mini";

/** An uploaded picture is at most this large. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/**
 * An uploaded picture (or a source of the image step) has at most this many pixels, about 40 megapixels: its
 * header is read first, since a few bytes can declare a picture that takes gigabytes to decode.
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** An uploaded picture's alt text is at most this long (it is also the upload's commit message). */
export const MAX_IMAGE_ALT = 250;

/** A content file is at most this long (the longest today is about 12 KB). */
export const MAX_CONTENT_BYTES = 512 * 1024;

const contentPath = z.string("Name a content file.").check(z.maxLength(200, "That path is too long."));
/** The blob id the file had when opened, or "" for a new file (refused when one exists by then). */
const blob = z.string().check(z.regex(/^(?:[0-9a-f]{40})?$/, "Reload the file: its version is missing."));

/** `PUT /api/admin/content/file` */
export const saveContentSchema = z.object({
  path: contentPath,
  text: z.string("The file's text is missing.").check(z.maxLength(MAX_CONTENT_BYTES, "That file is too long.")),
  /** The blob id the organiser opened: a save over a newer version is refused. */
  base: blob,
});

/**
 * `POST /api/admin/content/preview`: a Markdown text as the site renders it; with `path`, the page that file shows
 * on (`page`, else its first) drawn with this text in its place, saved or not (issue 51: PreviewDraftAnswer).
 */
export const previewSchema = z.object({
  text: z.string("The text is missing.").check(z.maxLength(MAX_CONTENT_BYTES, "That text is too long.")),
  path: z.optional(contentPath),
  page: z.optional(z.string().check(z.maxLength(200, "That page is not one of the site's."))),
});

/** A folder where an organiser may add a file (a collection of app/content/collections.ts), and its new file's text. */
export interface NewFileFolder {
  folder: string;
  extension: string;
  /** The collection's name for organisers. */
  label: string;
  template: string;
}

/** A content file and what organisers call it ("Programme · Day 1, Thu 24 Oct", "Blog · comments"). */
export interface ContentFile {
  /** Relative to content/. */
  path: string;
  label: string;
}

/**
 * `GET /api/admin/content/files`: every content file with its label, in the order of the collections (a
 * folder's files by name, as the site lists them), and the folders where one can be added.
 */
export interface ContentFilesAnswer {
  files: ContentFile[];
  folders: NewFileFolder[];
}

/** `POST /api/admin/content/undo` */
export const undoSchema = z.object({
  commit: z.string("Name the change to undo.").check(z.regex(/^[0-9a-f]{7,64}$/, "Name the change to undo.")),
});

export interface ContentFileAnswer {
  path: string;
  text: string;
  blob: string;
}

/** A saved change, in people's words (issue 51): `GET /api/admin/content/history` and `/changes`. */
export interface ContentChange {
  commit: string;
  /** The organiser who saved it, by their display name; null for a site update (anyone else's commit). */
  author: string | null;
  date: string;
  /** What changed: "Programme · Day 1, Thu 24 Oct: Registration & Welcome", or "Site update". */
  message: string;
}

/** An entry another field may name (a speaker, a category): what is written, and what organisers see. */
export interface Choice {
  value: string | number;
  label: string;
}

/** `GET /api/admin/content/schema?path=`: the file's fields, and what its choosing fields offer. */
export interface ContentSchemaAnswer {
  schema: Record<string, unknown>;
  /** For each collection a field names (`ref`), its entries. */
  choices: Record<string, Choice[]>;
  /** The picture folders of the file's collection (where an upload in place goes). */
  pictureFolders: string[];
}

/** `GET /api/admin/content/pictures`: every picture the content may name, with its size. */
export interface PicturesAnswer {
  pictures: { path: string; width: number; height: number }[];
}

/** A problem at one field of a file (its path in the file, entries by their zero-based place), in words. */
export interface FieldProblem {
  /** The file, relative to content/. */
  file: string;
  path: (string | number)[];
  message: string;
}

/** A save or undo refused because the content would not build (422). */
export interface ContentProblemsAnswer {
  error: string;
  /** Every problem in words (another file's named). */
  problems: string[];
  /** Those at a field, for the form to mark. */
  fields: FieldProblem[];
}

/** The message of a save over a newer version. */
export const CONFLICT_MESSAGE =
  "This file was changed by someone else since you opened it. Your text is kept below: copy what you need, reload the file, and make your change again.";
