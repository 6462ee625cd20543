/**
 * The content editor (issue 30) and its page preview (issues 41, 51): server/content/routes.ts. The request
 * schemas are app/lib/admin/content.ts's (the editor's page checks by them too); the answers are declared here.
 */
import * as z from "zod/mini";
import { previewSchema, saveContentSchema, undoSchema } from "../../lib/admin/content";
import { isSitePath, PREVIEW_ROUTES } from "../../lib/admin/preview";
import { adminRoute } from "../../lib/admin/route";

/** A content file named in a query (`?path=schedule/day-01.yaml`), as the save's body names it. */
const contentPath = saveContentSchema.shape.path;

/** A folder where an organiser may add a file (a collection of app/content/collections.ts), and its new file's text. */
const newFileFolder = z.object({
  folder: z.string(),
  extension: z.string(),
  /** The collection's name for organisers. */
  label: z.string(),
  template: z.string(),
});
export type NewFileFolder = z.infer<typeof newFileFolder>;

/** A content file and what organisers call it ("Programme · Day 1, Thu 24 Oct", "Blog · comments"). */
const contentFile = z.object({
  /** Relative to content/. */
  path: z.string(),
  label: z.string(),
});
export type ContentFile = z.infer<typeof contentFile>;

/** A saved change, in people's words (issue 51). */
const contentChange = z.object({
  commit: z.string(),
  /** The organiser who saved it, by their display name; null for a site update (anyone else's commit). */
  author: z.nullable(z.string()),
  date: z.string(),
  /** What changed: "Programme · Day 1, Thu 24 Oct: Registration & Welcome", or "Site update". */
  message: z.string(),
});
export type ContentChange = z.infer<typeof contentChange>;

/** An entry another field may name (a speaker, a category): what is written, and what organisers see. */
const choice = z.object({ value: z.union([z.string(), z.number()]), label: z.string() });
export type Choice = z.infer<typeof choice>;

/** A problem at one field of a file (its path in the file, entries by their zero-based place), in words. */
const fieldProblem = z.object({
  /** The file, relative to content/. */
  file: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type FieldProblem = z.infer<typeof fieldProblem>;

/** A save or undo refused because the content would not build (its 422). */
export const contentProblems = z.object({
  error: z.string(),
  /** Every problem in words (another file's named). */
  problems: z.array(z.string()),
  /** Those at a field, for the form to mark. */
  fields: z.array(fieldProblem),
});
export type ContentProblemsAnswer = z.infer<typeof contentProblems>;

/** A saved file's new version (its git blob id) and the commit that saved it. */
const saved = z.object({ blob: z.string(), commit: z.string() });

/** A page of the site a content file shows on, and what organisers call it. */
const previewPage = z.object({
  page: z.string(),
  label: z.string(),
  /**
   * Where on the page the file's entry is, when the page shows more than it (issue 62): the Schedule's tab of a
   * day file's day, "day-2" (the page opens there: the schedule reads `#day-2`).
   */
  anchor: z.optional(z.string()),
});
export type PreviewPage = z.infer<typeof previewPage>;

/** A page's route (app/routes/<route>.tsx) and its loader data, drawn from the content. */
const previewPageAnswer = z.object({ route: z.enum(PREVIEW_ROUTES), data: z.unknown() });
export type PreviewPageAnswer = z.infer<typeof previewPageAnswer>;

/** A page drawn from a text as typed: the page, and the pages the file shows on. */
const previewDraftAnswer = z.extend(previewPageAnswer, { page: z.string(), pages: z.array(previewPage) });
export type PreviewDraftAnswer = z.infer<typeof previewDraftAnswer>;

/** A preview that cannot be drawn (its 422): the content's problems in words. */
export const previewProblems = z.object({ error: z.string(), problems: z.array(z.string()) });

/**
 * Every content file with its label, in the order of the collections (a folder's files by name, as the site
 * lists them), and the folders where one can be added.
 */
export const contentFiles = adminRoute({
  method: "GET",
  path: "/content/files",
  answer: z.object({ files: z.array(contentFile), folders: z.array(newFileFolder) }),
});

/** One file's text and git blob id (the version a save is made over). */
export const readContent = adminRoute({
  method: "GET",
  path: "/content/file",
  query: z.object({ path: contentPath }),
  answer: z.object({ path: z.string(), text: z.string(), blob: z.string() }),
});
export type ContentFileAnswer = z.infer<typeof readContent.answer>;

/** The file's fields (JSON Schema from the content schemas), and what its choosing fields offer; 404: no form. */
export const contentForm = adminRoute({
  method: "GET",
  path: "/content/schema",
  query: z.object({ path: contentPath }),
  answer: z.object({
    schema: z.record(z.string(), z.unknown()),
    /** For each collection a field names (`ref`), its entries. */
    choices: z.record(z.string(), z.array(choice)),
    /** The picture folders of the file's collection (where an upload in place goes). */
    pictureFolders: z.array(z.string()),
  }),
});
export type ContentSchemaAnswer = z.infer<typeof contentForm.answer>;

/**
 * Checked by the build's loader with the change in place, then written and committed as the organiser. 409 when
 * someone saved it since (`{ error, blob, text }`), 422 with the problems (`contentProblems`).
 */
export const saveContent = adminRoute({
  method: "PUT",
  path: "/content/file",
  body: saveContentSchema,
  answer: saved,
});

/** The picture folders an upload may go in. */
export const pictureFolders = adminRoute({
  method: "GET",
  path: "/content/images",
  answer: z.object({ folders: z.array(z.string()) }),
});

/** Every picture the content may name (the image manifest), with its size. */
export const listPictures = adminRoute({
  method: "GET",
  path: "/content/pictures",
  answer: z.object({
    pictures: z.array(z.object({ path: z.string(), width: z.number(), height: z.number() })),
  }),
});
export type PicturesAnswer = z.infer<typeof listPictures.answer>;

/** A picture's thumbnail for the picker: a WebP file. */
export const pictureThumbnail = adminRoute({
  method: "GET",
  path: "/content/thumbnail",
  query: z.object({ path: z.string() }),
  answer: null,
});

/**
 * A picture uploaded into public/images, as a commit. No body schema: the body is a multipart form (the picture's
 * bytes, `folder` and `alt`), not JSON; server/content/images.ts checks each part, and its body limit is the
 * route's own (server/content/routes.ts).
 */
export const uploadPicture = adminRoute({
  method: "POST",
  path: "/content/images",
  answer: z.object({ path: z.string(), commit: z.string() }),
  status: 201,
});

/**
 * Markdown as the site renders it (`{ html }`); with a file's path, the page it shows on drawn from this text,
 * saved or not (issue 51); nothing is written. 422 (`previewProblems`) when the text cannot be drawn.
 */
export const previewContent = adminRoute({
  method: "POST",
  path: "/content/preview",
  body: previewSchema,
  answer: z.union([z.object({ html: z.string() }), previewDraftAnswer]),
});

/** The pages a content file shows on. */
export const previewPages = adminRoute({
  method: "GET",
  path: "/content/preview-pages",
  query: z.object({ path: contentPath }),
  answer: z.object({ pages: z.array(previewPage) }),
});

/** A page of the site drawn from the saved content; 422 (`previewProblems`) when that content has problems. */
export const previewSavedPage = adminRoute({
  method: "GET",
  path: "/content/page",
  query: z.object({
    page: z.string().check(z.refine(isSitePath, "Give a page of the site, such as /schedule.")),
  }),
  answer: previewPageAnswer,
});

/** A file's saved changes (without `path`, every file's), newest first. */
export const contentHistory = adminRoute({
  method: "GET",
  path: "/content/history",
  query: z.object({ path: z.optional(contentPath) }),
  answer: z.object({ changes: z.array(contentChange) }),
});

/** The changes saved since the live build's commit (`since`; null when it is not known). */
export const contentChanges = adminRoute({
  method: "GET",
  path: "/content/changes",
  answer: z.object({ since: z.nullable(z.string()), changes: z.array(contentChange) }),
});

/** A change undone with a new commit, checked as a save is (422 with the problems, 404: no such change). */
export const undoChange = adminRoute({
  method: "POST",
  path: "/content/undo",
  body: undoSchema,
  answer: saved,
});
