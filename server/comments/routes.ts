/**
 * `GET /api/comments/:postId`: a post's approved comments, which the post page adds under its
 * pre-rendered sample comments after hydration, so an approval shows without a rebuild. Only public
 * fields (name, comment, date). A strong ETag over the body answers a repeated request with 304;
 * `Cache-Control: no-cache` makes every view ask again (an approval or removal shows at once).
 */
import { bodyEtag, matchesEtag } from "../etag";
import { Hono } from "hono";
import { API_PATHS } from "../../app/lib/urls";
import type { CommentsAnswer } from "../../app/lib/blog/comments";
import { PostIdSchema } from "../../app/lib/id-schemas";
import type { Database } from "../db/client";
import type { FeatureRoutes, ServerContext } from "../context";
import { approvedComments } from "./queries";
import { NO_CACHE } from "../http-policy";

export interface CommentsOptions {
  database: Database;
}

export function commentsRoutes(options: CommentsOptions): Hono {
  const app = new Hono();
  app.get(API_PATHS.comments, async (c) => {
    const parsed = PostIdSchema.safeParse(c.req.param("postId"));
    if (!parsed.success) return c.json({ error: "Not a post id" }, 400);
    const body: CommentsAnswer = { comments: await approvedComments(options.database.db, parsed.data) };
    const text = JSON.stringify(body);
    const etag = bodyEtag(text, 32);
    const headers = { ETag: etag, "Cache-Control": NO_CACHE };
    if (matchesEtag(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
    return c.body(text, 200, { ...headers, "Content-Type": "application/json; charset=utf-8" });
  });
  return app;
}

/** The approved comments of a post (issue 18). */
export const routes = ({ database }: ServerContext): FeatureRoutes =>
  database ? { site: commentsRoutes({ database }) } : {};
