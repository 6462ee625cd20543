/**
 * The content editor's requests (issue 30), shared by the organisers' page and the server
 * (server/content/routes.ts), which checks again as the authority. zod/mini, as the inbox's schemas. The routes
 * and their answers: app/api/admin/content.ts.
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
 * on (`page`, else its first) drawn with this text in its place, saved or not (issue 51; the answers:
 * app/api/admin/content.ts).
 */
export const previewSchema = z.object({
  text: z.string("The text is missing.").check(z.maxLength(MAX_CONTENT_BYTES, "That text is too long.")),
  path: z.optional(contentPath),
  page: z.optional(z.string().check(z.maxLength(200, "That page is not one of the site's."))),
});

/** `POST /api/admin/content/undo` */
export const undoSchema = z.object({
  commit: z.string("Name the change to undo.").check(z.regex(/^[0-9a-f]{7,64}$/, "Name the change to undo.")),
});

/** The message of a save over a newer version. */
export const CONFLICT_MESSAGE =
  "This file was changed by someone else since you opened it. Your text is kept below: copy what you need, reload the file, and make your change again.";
