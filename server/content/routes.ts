/**
 * The content editor (issue 30): `GET /content/files` (every YAML and Markdown file, and the folders where one
 * can be added, with their templates: app/content/collections.ts), `GET /content/file?path=`
 * (its text and git blob id), `GET /content/schema?path=` (its fields, JSON Schema from the content schemas), `PUT /content/file` (checked by the build's loader over the content with the change in place, then
 * written and committed as the organiser; 409 when someone saved it since, 422 with the problems),
 * `POST /content/preview` (Markdown as the site renders it; with a file's path, its page drawn from the text as
 * typed, saved or not: issue 51), `GET /content/preview-pages?path=` and
 * `GET /content/page?page=` (the page preview: the pages a file shows on, a page's data from the saved content), `GET /content/history?path=` (newest commits), `GET /content/changes` (since the live build's commit; both in
 * people's words: server/content/words.ts) and
 * `POST /content/undo` (a revert, checked the same way), `GET|POST /content/images` (picture folders; an upload:
 * server/content/images.ts). Session and Origin: ./index.ts. Each route, its body, query and answer: declared in
 * app/api/admin/content.ts.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Hono, MiddlewareHandler } from "hono";
import * as api from "../../app/api/admin/content";
import type { ContentProblemsAnswer } from "../../app/api/admin/content";
import { CONFLICT_MESSAGE } from "../../app/lib/admin/content";
import { isSitePath } from "../../app/lib/admin/preview";
import type * as PreviewTools from "../../app/content/preview.server";
import type { Problems, SaveResult } from "./working-copy";
import { loadTools, serial, UNAVAILABLE, type Tools } from "./index";
import { audit } from "../admin/audit/queries";
import type { ContentOptions } from "./options";

export type { ContentOptions } from "./options";
import { badRequest, notFound, organiserFeature, serve, type AdminContext, type AdminEnv } from "../admin";
import type { FeatureRoutes, ServerContext } from "../context";
import { limitBody } from "../headers";

/** The page preview's module (it reads the content through the build's loader, so the same packages). */
type PagePreview = typeof PreviewTools;
let previewing: Promise<PagePreview> | null = null;

/**
 * A refused change's problems for the organiser: in words, the saved file's own without its name, and each
 * one at a field with its place, so the form marks the field (issue 41).
 */
function problemsAnswer(result: Problems, rel?: string): Pick<ContentProblemsAnswer, "problems" | "fields"> {
  const own = rel === undefined ? null : `content/${rel}`;
  const named = (file: string, words: string) => (file === own ? words : `In ${file}: ${words}`);
  return {
    problems: result.problems.map((line) => {
      const detail = result.details.find((d) => d.line === line);
      return detail ? named(detail.file, detail.words) : line;
    }),
    fields: result.details.map((d) => ({ file: d.file.replace(/^content\//, ""), path: d.path, message: d.words })),
  };
}

function answer(c: AdminContext, result: SaveResult, text?: string, newFile = false, rel?: string) {
  if (result.ok) return { blob: result.blob, commit: result.commit };
  if ("conflict" in result)
    return c.json(
      {
        error: newFile ? "A file of this name exists already: choose another name." : CONFLICT_MESSAGE,
        blob: result.blob,
        text,
      },
      409,
    );
  return c.json(
    {
      error: "The change was not saved: please correct what is marked.",
      ...problemsAnswer(result, rel),
    } satisfies ContentProblemsAnswer,
    422,
  );
}

/** How long after the server starts the editor's tools are warmed (once it listens; issue 41). */
const WARM_AFTER_MS = 1000;

export function registerContent(admin: Hono<AdminEnv>, options: ContentOptions, db: Parameters<typeof audit>[0]) {
  const { copy } = options;
  // Loaded and run once in the background, so the first organiser waits neither for the import nor for the
  // loader's first run (its schemas compiled on first use); where the tools are missing, the routes say so.
  setTimeout(() => {
    loadTools().then(
      (tools) => tools.checkContent(copy, {}).catch(() => {}),
      () => {},
    );
  }, WARM_AFTER_MS).unref();
  let t: Tools;
  admin.use("/content/*", async (c, next) => {
    try {
      t = await loadTools();
    } catch {
      return c.json({ error: UNAVAILABLE }, 503);
    }
    return next();
  });
  const pathError = (c: AdminContext, error: unknown) => {
    if (error instanceof t.ContentPathError) return badRequest(c, error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return notFound(c, "There is no such content file.");
    throw error;
  };

  serve(admin, api.contentFiles, async () => ({
    files: await t.labelFiles(copy, await t.listFiles(copy)),
    folders: t.addableFolders(copy),
  }));

  serve(admin, api.readContent, async (c, { query }) => {
    try {
      return await t.readContentFile(copy, query.path);
    } catch (error) {
      return pathError(c, error);
    }
  });

  serve(admin, api.contentForm, async (c, { query }) => {
    const rel = query.path;
    try {
      await t.readContentFile(copy, rel);
    } catch (error) {
      if (!(error instanceof Error && "code" in error)) return pathError(c, error);
    }
    const form = await t.formOf(copy, rel);
    return form ?? notFound(c, "This file has no form: edit its text.");
  });

  serve(admin, api.saveContent, async (c, { body }) => {
    const who = c.get("admin");
    const { path, text, base } = body;
    try {
      const result = await serial(() => t.saveContentFile(copy, path, text, base, who));
      if (result.ok)
        await audit(db, {
          adminId: who.id,
          actor: who.email,
          action: "content-saved",
          target: `content/${path}`,
          detail: { commit: result.commit },
        });
      return answer(c, result, text, base === "", path);
    } catch (error) {
      return pathError(c, error);
    }
  });

  const { images } = options;
  if (images) {
    serve(admin, api.pictureFolders, async () => ({ folders: t.imageFolders(copy.collections) }));

    // The pictures the content may name (the image manifest), and each one's thumbnail for the picker.
    const manifest = () => t.readImageManifest(copy.imageManifest);
    serve(admin, api.listPictures, async () => ({
      pictures: Object.entries(manifest()).map(([path, p]) => ({ path, width: p.width, height: p.height })),
    }));
    serve(admin, api.pictureThumbnail, async (c, { query }) => {
      const entry = Object.hasOwn(manifest(), query.path) ? manifest()[query.path] : null;
      // The image step writes its sizes beside the manifest it writes: <repo>/public/_img, <repo>/.generated.
      const file =
        entry && t.thumbnailFile(path.join(path.dirname(path.dirname(copy.imageManifest)), "public"), entry.srcset);
      const bytes = file ? await readFile(file).catch(() => null) : null;
      if (!bytes) return notFound(c, "There is no such picture.");
      return c.body(new Uint8Array(bytes), 200, {
        "Content-Type": "image/webp",
        "Cache-Control": "private, max-age=600",
      });
    });

    // A multipart form, not JSON (the route declares no body): each part is checked here and by saveImage.
    serve(admin, api.uploadPicture, async (c) => {
      const form = await c.req.parseBody().catch(() => null);
      const file = form?.file;
      if (!form || !(file instanceof File)) return badRequest(c, "Choose a picture to upload.");
      const who = c.get("admin");
      const result = await serial(async () =>
        t.saveImage(
          images,
          {
            folder: String(form.folder ?? ""),
            fileName: file.name,
            bytes: Buffer.from(await file.arrayBuffer()),
            alt: String(form.alt ?? ""),
          },
          who,
          copy.collections,
        ),
      );
      if (!result.ok) return c.json({ error: result.error }, result.status);
      await audit(db, {
        adminId: who.id,
        actor: who.email,
        action: "image-uploaded",
        target: `public/images/${result.path}`,
        detail: { commit: result.commit },
      });
      return { path: result.path, commit: result.commit };
    });
  }

  // The page preview (issue 41): the pages a file shows on, and a page's loader data from the saved content
  // (app/content/preview.server.ts, over CONTENT_DIR: this working copy). Loaded on first use, as the tools.
  const pagePreview = (): Promise<PagePreview | null> =>
    (previewing ??= import("../../app/content/preview.server")).catch(() => {
      previewing = null;
      return null;
    });
  const unavailable = (c: AdminContext) => c.json({ error: UNAVAILABLE }, 503);

  // Markdown as the site renders it; with a file's path, its page drawn from the organiser's text as it is in
  // the form, saved or not (issue 51): nothing is written.
  serve(admin, api.previewContent, async (c, { body }) => {
    const { text, path: rel, page } = body;
    if (rel === undefined) return { html: t.previewMarkdown(text) };
    if (page !== undefined && !isSitePath(page)) return badRequest(c, "Give a page of the site, such as /schedule.");
    let changes: Record<string, string>;
    try {
      changes = { [rel]: await t.asSaved(copy, rel, text) };
    } catch (error) {
      return pathError(c, error);
    }
    const p = await pagePreview();
    if (!p) return unavailable(c);
    try {
      const pages = p.previewPages(rel, changes);
      const shown = page || pages[0]?.page;
      const found = shown ? p.previewData(shown, changes) : null;
      if (!shown || !found)
        return notFound(
          c,
          shown ? `The preview cannot show ${shown}.` : "This file is shown on no page that can be previewed.",
        );
      return { ...found, page: shown, pages };
    } catch (error) {
      if (!(error instanceof p.ContentError)) throw error;
      return c.json(
        {
          error: "The page cannot be drawn yet: please correct these first (Save marks each one at its field).",
          problems: problemsAnswer(error, rel).problems,
        },
        422,
      );
    }
  });
  serve(admin, api.previewPages, async (c, { query }) => {
    const p = await pagePreview();
    return p ? { pages: p.previewPages(query.path) } : unavailable(c);
  });
  // The page is a path of the site (the query's schema: isSitePath).
  serve(admin, api.previewSavedPage, async (c, { query: { page } }) => {
    const p = await pagePreview();
    if (!p) return unavailable(c);
    try {
      const found = p.previewData(page);
      if (!found) return notFound(c, `The preview cannot show ${page}: there is no such page, or it is not previewed.`);
      return found;
    } catch (error) {
      if (!(error instanceof p.ContentError)) throw error;
      return c.json(
        { error: "The saved content has problems, so the page cannot be drawn.", problems: error.problems },
        422,
      );
    }
  });

  serve(admin, api.contentHistory, async (c, { query }) => {
    const rel = query.path;
    try {
      if (rel) await t.readContentFile(copy, rel);
    } catch (error) {
      return pathError(c, error);
    }
    const labels = new Map(rel ? [[rel, await t.labelOf(copy, rel)]] : await allLabels());
    return { changes: (await t.history(copy, { rel })).map((change) => t.inWords(change, labels)) };
  });

  // The files' labels, for the changes the history names (in people's words: server/content/words.ts).
  const allLabels = async () =>
    (await t.labelFiles(copy, await t.listFiles(copy))).map(({ path, label }) => [path, label] as const);

  serve(admin, api.contentChanges, async () => {
    const labels = new Map(await allLabels());
    return {
      since: options.liveCommit(),
      changes: (await t.history(copy, { since: options.liveCommit(), limit: 100 })).map((change) =>
        t.inWords(change, labels),
      ),
    };
  });

  serve(admin, api.undoChange, async (c, { body }) => {
    const who = c.get("admin");
    const folders = [copy.dir, ...(options.images ? [options.images.dir] : [])];
    const result = await serial(() => t.undo(copy, body.commit, who, folders));
    if (!result) return notFound(c, "There is no such change.");
    if ("refused" in result) return c.json({ error: result.refused }, 422);
    if (result.ok)
      await audit(db, {
        adminId: who.id,
        actor: who.email,
        action: "content-undone",
        target: `commit:${body.commit}`,
        detail: { commit: result.commit },
      });
    return answer(c, result);
  });
}

/** A content file saved by the editor, or previewed (MAX_CONTENT_BYTES, JSON-escaped). */
const CONTENT_BODY_LIMIT = 1024 * 1024;
/** A picture uploaded by the editor (MAX_IMAGE_BYTES) and its form fields: a larger one gets 413 before it is read. */
const IMAGE_BODY_LIMIT = 10 * 1024 * 1024 + 64 * 1024;
const imageLimit = limitBody(IMAGE_BODY_LIMIT, (c) =>
  c.json({ error: "That picture is larger than 10 MB: please make it smaller." }, 413),
);
/**
 * The editor's body limits (16 KiB for its other paths). A picture upload must say its length (411 otherwise):
 * a chunked body would have to be read to be measured.
 */
const BODY_LIMITS: Record<string, MiddlewareHandler> = {
  "/api/admin/content/file": limitBody(CONTENT_BODY_LIMIT),
  "/api/admin/content/preview": limitBody(CONTENT_BODY_LIMIT),
  "/api/admin/content/images": async (c, next) => {
    const length = c.req.header("content-length");
    if (c.req.raw.body && (length === undefined || c.req.header("transfer-encoding") !== undefined))
      return c.json({ error: "The upload did not say its size: please try again from the editor's page." }, 411);
    return imageLimit(c, next);
  },
};

/** The content editor (issue 30): organisers' routes, when the server has a working copy. */
export const routes = (ctx: ServerContext): FeatureRoutes => {
  const { content } = ctx;
  return content
    ? organiserFeature(ctx, (admin, options) => registerContent(admin, content, options.database.db), BODY_LIMITS)
    : {};
};
