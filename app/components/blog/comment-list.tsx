import { UserRound } from "lucide-react";
import type { BlogComment } from "~/content/schemas";
import type { PublicComment } from "~/lib/blog/comments";
import { useApprovedComments } from "~/lib/blog/use-approved-comments";
import { ResponsiveImage } from "../ui/responsive-image";
import { commentsText } from "./post-card";

export interface CommentListProps {
  postId: number;
  /** The sample comments from content (pre-rendered). */
  comments: BlogComment[];
}

const avatarPlaceholder = (
  <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-full bg-mist">
    <UserRound className="size-6" />
  </span>
);

const replyClass =
  "mt-2 inline-flex min-h-9 items-center rounded-full bg-mist px-4 text-sm font-semibold hover:bg-gold";

/**
 * A post's comments, each with its picture (or a placeholder) and a reply link to the comment form: the
 * sample comments from content, then, after hydration, the visitors' comments an organiser approved
 * (`GET /api/comments/:postId`), shown as plain text.
 */
export function CommentList({ postId, comments }: CommentListProps) {
  const approved = useApprovedComments(postId);
  return (
    <section aria-labelledby="comments-title" className="mt-12">
      <h2 id="comments-title" className="text-2xl font-semibold">
        {commentsText(comments.length + approved.length)}
      </h2>
      <ol className="mt-6 space-y-6">
        {comments.map((c) => (
          <li key={c.id} className="flex gap-4">
            {c.image ? (
              <ResponsiveImage
                image={c.image}
                sizes="64px"
                alt=""
                className="size-16 shrink-0 rounded-full object-cover"
              />
            ) : (
              avatarPlaceholder
            )}
            <div>
              <p className="font-semibold">
                {c.name} <span className="font-normal text-muted">· {c.designation}</span>
              </p>
              <p className="mt-1">{c.text}</p>
              <a href="#leave-comment" className={replyClass}>
                {c.replyButtonText}
                <span className="sr-only"> to {c.name}</span>
              </a>
            </div>
          </li>
        ))}
        {approved.map((c) => (
          <ApprovedComment key={`approved-${c.id}`} comment={c} />
        ))}
      </ol>
    </section>
  );
}

// Built at the first comment shown, not when the page loads: a page's first Intl formatter is slow to build.
let dateFormat: Intl.DateTimeFormat | undefined;
const formatDate = (date: Date) =>
  (dateFormat ??= new Intl.DateTimeFormat("en-US", { dateStyle: "long" })).format(date);

function ApprovedComment({ comment }: { comment: PublicComment }) {
  const date = new Date(comment.date);
  return (
    <li className="flex gap-4" data-approved-comment="">
      {avatarPlaceholder}
      <div>
        <p className="font-semibold">
          {comment.name}{" "}
          {!Number.isNaN(date.getTime()) && (
            <span className="font-normal text-muted">
              · <time dateTime={comment.date}>{formatDate(date)}</time>
            </span>
          )}
        </p>
        <p className="mt-1 whitespace-pre-line">{comment.comment}</p>
        <a href="#leave-comment" className={replyClass}>
          Reply
          <span className="sr-only"> to {comment.name}</span>
        </a>
      </div>
    </li>
  );
}
