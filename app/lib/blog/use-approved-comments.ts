import { useEffect, useState } from "react";
import { fetchApprovedComments, type PublicComment } from "./comments";

/**
 * The approved comments of a post, loaded after hydration (the pre-rendered page has none, so the first
 * client render equals the HTML). Empty while loading and when the server cannot be reached.
 */
export function useApprovedComments(postId: number): PublicComment[] {
  const [comments, setComments] = useState<PublicComment[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void fetchApprovedComments(postId, controller.signal).then((list) => {
      if (!controller.signal.aborted) setComments(list);
    });
    return () => controller.abort();
  }, [postId]);
  return comments;
}
