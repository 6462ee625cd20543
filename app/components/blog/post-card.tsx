import { CalendarDays, MessageCircle, UserRound } from "lucide-react";
import { Link } from "react-router";
import type { Post } from "~/content/schemas";
import { useReveal } from "~/lib/hooks/use-reveal";
import { ResponsiveImage } from "../ui/responsive-image";
import { IconItem } from "../ui/icon-item";
import { pageUrl } from "~/lib/urls";

export type PostCardProps = Pick<
  Post,
  "id" | "title" | "date" | "dateText" | "author" | "comments" | "excerpt" | "image"
> & {
  sizes?: string;
  /** Entrance animation delay in ms. */
  delay?: number;
  headingLevel?: "h2" | "h3";
  /** The page's first picture (its largest paint): loaded at once, with high priority. */
  priority?: boolean;
};

/** "1 Comment", "3 Comments", "0 Comments". */
export const commentsText = (count: number) => `${count} ${count === 1 ? "Comment" : "Comments"}`;

/**
 * A blog post in a grid: picture, date, author, comment count, title and excerpt. Picture and title
 * lead to the post; the picture's link is a pointer-only duplicate of the title's.
 */
export function PostCard({
  id,
  title,
  date,
  dateText,
  author,
  comments,
  excerpt,
  image,
  sizes = "(min-width: 1200px) 370px, (min-width: 768px) 30vw, 90vw",
  delay = 0,
  headingLevel: Heading = "h3",
  priority = false,
}: PostCardProps) {
  const reveal = useReveal<HTMLElement>(delay);
  const href = pageUrl.post(id);
  return (
    <article
      {...reveal}
      className="group flex w-full flex-col overflow-hidden rounded-[var(--radius-card)] bg-paper shadow-soft"
    >
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block overflow-hidden">
        <ResponsiveImage
          image={image}
          sizes={sizes}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          className="aspect-[3/2] w-full object-cover transition-transform duration-300 ease-out group-hover:scale-105 motion-reduce:transition-none motion-reduce:group-hover:scale-100"
        />
      </Link>
      <div className="flex flex-1 flex-col p-6">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <IconItem icon={CalendarDays}>
            <time dateTime={date}>{dateText}</time>
          </IconItem>
          <IconItem icon={UserRound}>
            <span>
              <span className="sr-only">By </span>
              {author}
            </span>
          </IconItem>
          <IconItem icon={MessageCircle}>{commentsText(comments)}</IconItem>
        </ul>
        <Heading className="mt-3 text-xl font-semibold">
          <Link to={href} className="underline-offset-4 hover:text-rose hover:underline">
            {title}
          </Link>
        </Heading>
        <p className="mt-3 text-muted">{excerpt}</p>
      </div>
    </article>
  );
}
