/**
 * Comment moderation: `PATCH /api/admin/comments/:id` with `{ status: "approved" | "rejected" | "pending" }`,
 * `DELETE /api/admin/comments/:id`. Approved comments are shown on their post by `GET /api/comments/:postId`.
 * The pending list is `GET /api/admin/submissions?kind=comment&status=pending`.
 */
import type { Hono } from "hono";
import * as api from "../../../app/api/admin/inbox";
import { parseId } from "../../../app/forms/admin";
import { deleteComment } from "./queries";
import { notFound, serve, type AdminEnv, type AdminOptions } from "../context";
import { registerStatus } from "./status";

export function registerComments(admin: Hono<AdminEnv>, options: AdminOptions): void {
  const { db } = options.database;

  registerStatus(admin, db, {
    one: api.setCommentStatus,
    many: api.setCommentStatuses,
    kinds: "comment",
    missing: "No such comment.",
  });

  serve(admin, api.deleteComment, async (c, { params }) => {
    const id = parseId(params.id);
    if (id === null || !(await deleteComment(db, id, c.get("admin")))) return notFound(c, "No such comment.");
    return c.body(null, 204);
  });
}
