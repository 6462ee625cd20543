/**
 * What a post page and `GET /api/comments/:postId` share: the post id's shape and the public fields of an
 * approved comment (never the e-mail address or anything else the visitor did not mean to publish).
 */
import * as z from "zod/mini";
import { API_PATHS } from "./api-contract";

/** A blog post's id, as in `/blog-single/<id>`. */
export const PostIdSchema = z.string().check(z.regex(/^\d{1,6}$/));

/** One approved comment, as shown to visitors. */
export interface PublicComment {
  id: number;
  name: string;
  comment: string;
  /** When it was sent (ISO 8601). */
  date: string;
}

export interface CommentsAnswer {
  comments: PublicComment[];
}

export function commentsPath(postId: string | number): string {
  return API_PATHS.comments.replace(":postId", encodeURIComponent(String(postId)));
}

/** The post a comment was sent from, read from the page path it was sent on (`/blog-single/3?x#y` -> "3"). */
export function postIdFromPage(page: string | null | undefined): string | null {
  return /^\/blog-single\/(\d{1,6})(?:[/?#]|$)/.exec(page ?? "")?.[1] ?? null;
}
