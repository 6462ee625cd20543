/**
 * Blog comments as visitors see them: rows of `submissions` with kind "comment" and status "approved"
 * (an organiser approves a "pending" comment in the inbox). Only public fields leave this module.
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { POST_ID_PATTERN, type PublicComment } from "../../app/lib/blog/comments";
import type { Db } from "../db/client";
import { submissions } from "../db/schema";

/** At most this many comments are shown under a post. */
export const MAX_PUBLIC_COMMENTS = 200;

/**
 * The approved comments of one post, oldest first. A comment belongs to a post by its `postId` field (the
 * comment form's hidden field) or, for rows sent without it, by the page it was sent from
 * (`/blog-single/<id>`, with or without a query).
 * @param postId a post id already checked against PostIdSchema (digits only)
 */
export async function approvedComments(db: Db, postId: string): Promise<PublicComment[]> {
  if (!POST_ID_PATTERN.test(postId)) return [];
  const postField = sql<string | null>`${submissions.data} ->> 'postId'`;
  const rows = await db
    .select({
      id: submissions.id,
      name: sql<string>`${submissions.data} ->> 'name'`,
      comment: sql<string>`${submissions.data} ->> 'comment'`,
      createdAt: submissions.createdAt,
    })
    .from(submissions)
    .where(
      and(
        eq(submissions.kind, "comment"),
        eq(submissions.status, "approved"),
        or(
          eq(postField, postId),
          and(isNull(postField), sql`${submissions.page} ~ ${`^/blog-single/${postId}([/?#]|$)`}`),
        ),
      ),
    )
    .orderBy(asc(submissions.createdAt), asc(submissions.id))
    .limit(MAX_PUBLIC_COMMENTS);
  return rows.map((row) => ({
    id: row.id,
    name: row.name ?? "",
    comment: row.comment ?? "",
    date: new Date(row.createdAt).toISOString(),
  }));
}
