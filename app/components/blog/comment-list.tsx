import { UserRound } from "lucide-react";
import type { BlogComment } from "~/content/schemas";
import { ResponsiveImage } from "../ui/responsive-image";
import { commentsText } from "./post-card";

export interface CommentListProps {
  comments: BlogComment[];
}

/** A post's comments, each with its picture (or a placeholder) and a reply link to the comment form. */
export function CommentList({ comments }: CommentListProps) {
  return (
    <section aria-labelledby="comments-title" className="mt-12">
      <h2 id="comments-title" className="text-2xl font-semibold">
        {commentsText(comments.length)}
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
              <span
                aria-hidden="true"
                className="flex size-16 shrink-0 items-center justify-center rounded-full bg-mist"
              >
                <UserRound className="size-6" />
              </span>
            )}
            <div>
              <p className="font-semibold">
                {c.name} <span className="font-normal text-muted">· {c.designation}</span>
              </p>
              <p className="mt-1">{c.text}</p>
              <a
                href="#leave-comment"
                className="mt-2 inline-flex min-h-9 items-center rounded-full bg-mist px-4 text-sm font-semibold hover:bg-gold"
              >
                {c.replyButtonText}
                <span className="sr-only"> to {c.name}</span>
              </a>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
