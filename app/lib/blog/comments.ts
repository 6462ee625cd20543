/**
 * What a post page and `GET /api/comments/:postId` share: the post id's shape and the public fields of an
 * approved comment (never the e-mail address or anything else the visitor did not mean to publish).
 */
import { API_PATHS } from "../urls";

/** A blog post's id, as in `/blog-single/<id>` (a plain pattern: the post page loads no schema library). */
export const POST_ID_PATTERN = /^\d{1,6}$/;

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

/** A post's approved comments from the server; on any failure an empty list and a console line. */
export async function fetchApprovedComments(postId: string | number, signal?: AbortSignal): Promise<PublicComment[]> {
  try {
    const res = await fetch(commentsPath(postId), { headers: { Accept: "application/json" }, signal });
    const body = (await res.json().catch(() => null)) as Partial<CommentsAnswer> | null;
    if (!res.ok || !body) throw new Error(`HTTP ${res.status}`);
    return Array.isArray(body.comments)
      ? body.comments.filter((c) => typeof c?.name === "string" && typeof c.comment === "string")
      : [];
  } catch (error) {
    if (!signal?.aborted) console.warn(`Approved comments could not be loaded: ${String(error)}`);
    return [];
  }
}
