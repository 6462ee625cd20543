/**
 * The content editor (issue 30): `GET /content/files` (every YAML and Markdown file, and the folders where one
 * can be added, with their templates: app/content/collections.ts), `GET /content/file?path=`
 * (its text and git blob id), `GET /content/schema?path=` (its fields, JSON Schema from the content schemas), `PUT /content/file` (checked by the build's loader on a staged copy, then
 * written and committed as the organiser; 409 when someone saved it since, 422 with the problems),
 * `POST /content/preview` (Markdown as the site renders it), `GET /content/history?path=` (newest commits), `GET /content/changes` (since the live build's commit) and
 * `POST /content/undo` (a revert, checked the same way), `GET|POST /content/images` (picture folders; an upload:
 * server/content/images.ts). Session and Origin: ./index.ts.
 */
import type { Hono } from "hono";
import {
  CONFLICT_MESSAGE,
  previewSchema,
  saveContentSchema,
  undoSchema,
  type ContentFilesAnswer,
} from "../../../app/lib/admin/content";
import { firstIssue } from "../../../app/forms/admin";
import type * as ImageTools from "../../content/images";
import type { ImageFolder } from "../../content/images";
import type * as WorkingCopyTools from "../../content/working-copy";
import type { SaveResult, WorkingCopy } from "../../content/working-copy";
import { audit } from "../../admin/audit/queries";
import { badRequest, jsonBody, notFound, type AdminContext, type AdminEnv } from "../../admin/context";

export interface ContentOptions {
  copy: WorkingCopy;
  /** public/images of the working copy, for uploads. */
  images?: ImageFolder;
  /** The content commit of the live build (what "changed since the last publish" counts from). */
  liveCommit: () => string | null;
}

/**
 * The editor's tools (git, the content loader, the image codec) are loaded on its first request: they need
 * the build's packages (yaml, marked, sharp), which a production-only install (`npm ci --omit=dev`) leaves
 * out; the rest of the server runs without them.
 */
type Tools = typeof WorkingCopyTools & typeof ImageTools;
const UNAVAILABLE =
  "The content editor needs the build tools on this server: install with npm ci (not npm ci --omit=dev).";
let loading: Promise<Tools> | null = null;
const loadTools = () =>
  (loading ??= Promise.all([import("../../content/working-copy"), import("../../content/images")]).then(
    ([copy, images]) => ({ ...copy, ...images }),
  ));

/** One save or undo at a time on this server: git's index is shared. */
let queue: Promise<unknown> = Promise.resolve();
const serial = <T>(work: () => Promise<T>): Promise<T> => {
  const next = queue.then(work, work);
  queue = next.catch(() => {});
  return next;
};

function answer(c: AdminContext, result: SaveResult, text?: string, newFile = false) {
  if (result.ok) return c.json({ blob: result.blob, commit: result.commit });
  if ("conflict" in result)
    return c.json(
      {
        error: newFile ? "A file of this name exists already: choose another name." : CONFLICT_MESSAGE,
        blob: result.blob,
        text,
      },
      409,
    );
  return c.json({ error: "The change was not saved: the content would not build.", problems: result.problems }, 422);
}

export function registerContent(admin: Hono<AdminEnv>, options: ContentOptions, db: Parameters<typeof audit>[0]) {
  const { copy } = options;
  let t: Tools;
  admin.use("/content/*", async (c, next) => {
    try {
      t = await loadTools();
    } catch {
      loading = null;
      return c.json({ error: UNAVAILABLE }, 503);
    }
    return next();
  });
  const pathError = (c: AdminContext, error: unknown) => {
    if (error instanceof t.ContentPathError) return badRequest(c, error.message);
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return notFound(c, "There is no such content file.");
    throw error;
  };

  admin.get("/content/files", async (c) =>
    c.json({ files: await t.listFiles(copy), folders: t.addableFolders(copy) } satisfies ContentFilesAnswer),
  );

  admin.get("/content/file", async (c) => {
    try {
      return c.json(await t.readContentFile(copy, c.req.query("path") ?? ""));
    } catch (error) {
      return pathError(c, error);
    }
  });

  admin.get("/content/schema", async (c) => {
    const rel = c.req.query("path") ?? "";
    try {
      await t.readContentFile(copy, rel);
    } catch (error) {
      if (!(error instanceof Error && "code" in error)) return pathError(c, error);
    }
    const schema = t.fieldsSchema(copy, rel);
    return schema ? c.json({ schema }) : notFound(c, "This file has no form: edit its text.");
  });

  admin.put("/content/file", async (c) => {
    const parsed = saveContentSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const who = c.get("admin");
    const { path, text, base } = parsed.data;
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
      return answer(c, result, text, base === "");
    } catch (error) {
      return pathError(c, error);
    }
  });

  const { images } = options;
  if (images) {
    admin.get("/content/images", async (c) => c.json({ folders: t.imageFolders(copy.collections) }));

    admin.post("/content/images", async (c) => {
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
      return c.json({ path: result.path, commit: result.commit }, 201);
    });
  }

  admin.post("/content/preview", async (c) => {
    const parsed = previewSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    return c.json({ html: t.previewMarkdown(parsed.data.text) });
  });

  admin.get("/content/history", async (c) => {
    const rel = c.req.query("path");
    try {
      if (rel) await t.readContentFile(copy, rel);
    } catch (error) {
      return pathError(c, error);
    }
    return c.json({ changes: await t.history(copy, { rel }) });
  });

  admin.get("/content/changes", async (c) =>
    c.json({
      since: options.liveCommit(),
      changes: await t.history(copy, { since: options.liveCommit(), limit: 100 }),
    }),
  );

  admin.post("/content/undo", async (c) => {
    const parsed = undoSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const who = c.get("admin");
    const folders = [copy.dir, ...(options.images ? [options.images.dir] : [])];
    const result = await serial(() => t.undo(copy, parsed.data.commit, who, folders));
    if (!result) return notFound(c, "There is no such change.");
    if ("refused" in result) return c.json({ error: result.refused }, 422);
    if (result.ok)
      await audit(db, {
        adminId: who.id,
        actor: who.email,
        action: "content-undone",
        target: `commit:${parsed.data.commit}`,
        detail: { commit: result.commit },
      });
    return answer(c, result);
  });
}
