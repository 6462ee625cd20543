/**
 * Comment moderation: `PATCH /api/admin/comments/:id` with `{ status: "approved" | "rejected" | "pending" }`,
 * `DELETE /api/admin/comments/:id`. Approved comments are shown on their post by `GET /api/comments/:postId`.
 * The pending list is `GET /api/admin/submissions?kind=comment&status=pending`.
 */
import type { Hono } from "hono";
import { firstIssue, moderationSchema, parseId } from "../../../app/lib/admin-schemas";
import { deleteComment, setStatus } from "../../admin/inbox";
import { badRequest, jsonBody, notFound, type AdminEnv, type AdminOptions } from "./context";

export function registerComments(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;

  admin.patch("/comments/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null) return notFound(c, "No such comment.");
    const parsed = moderationSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return badRequest(c, firstIssue(parsed.error));
    const row = await setStatus(db, id, parsed.data.status, "comment", c.get("admin"));
    return row ? c.json(row) : notFound(c, "No such comment.");
  });

  admin.delete("/comments/:id", async (c) => {
    const id = parseId(c.req.param("id"));
    if (id === null || !(await deleteComment(db, id, c.get("admin")))) return notFound(c, "No such comment.");
    return c.body(null, 204);
  });
}
