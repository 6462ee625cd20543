import { Link, useLocation } from "react-router";
import type { Post } from "~/content/schemas";
import { filterPosts } from "~/lib/blog/filter";
import { paginate } from "~/lib/pagination";
import { useSearchParam } from "~/lib/hooks/use-search-param";
import { Pager } from "../ui/pager";
import { PostCard } from "./post-card";

/** What a list needs of each post (no bodies, only their text); the blog views build it. */
export type PostSummary = Pick<
  Post,
  "id" | "title" | "date" | "dateText" | "author" | "comments" | "excerpt" | "image"
> & {
  category: { id: string; name: string };
  tags: { id: string; name: string }[];
  /** The body as plain text, for the search. */
  text: string;
};

interface Props {
  posts: PostSummary[];
  perPage: number;
  /** Grid classes for the cards. */
  gridClassName: string;
  sizes: string;
}

/**
 * A paged list of posts, filtered by `?category=`, `?tag=` and `?q=` (search in titles and text), page in
 * `?page=`. Pre-rendered as page 1 without a filter; the query applies once the page has hydrated.
 */
export function BlogList({ posts, perPage, gridClassName, sizes }: Props) {
  const { pathname } = useLocation();
  const category = useSearchParam("category");
  const tag = useSearchParam("tag");
  const q = useSearchParam("q")?.trim() || null;
  const page = useSearchParam("page");
  const filtered = filterPosts(posts, { category, tag, q });
  const slice = paginate(filtered, page, perPage);

  const categoryName = category && posts.find((p) => p.category.id === category)?.category.name;
  const tagName = tag && posts.flatMap((p) => p.tags).find((t) => t.id === tag)?.name;
  const applied = [
    q && `matching “${q}”`,
    category && `in ${categoryName ?? `“${category}”`}`,
    tag && `tagged ${tagName ?? `“${tag}”`}`,
  ].filter(Boolean);

  return (
    <div>
      {applied.length > 0 && (
        <p
          role="status"
          className="mb-8 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-[var(--radius-card)] bg-mist p-4"
        >
          <span>
            {filtered.length} {filtered.length === 1 ? "post" : "posts"} {applied.join(", ")}.
          </span>
          <Link to={pathname} className="font-semibold text-rose underline underline-offset-4">
            Clear the filter
          </Link>
        </p>
      )}
      {filtered.length === 0 ? (
        <p className="text-lg">No post matches {q ? `“${q}”` : "this filter"}. Try other words, or clear the filter.</p>
      ) : (
        <ul className={gridClassName}>
          {slice.items.map((post, index) => (
            <li key={post.id}>
              <PostCard {...post} sizes={sizes} headingLevel="h2" priority={index === 0} />
            </li>
          ))}
        </ul>
      )}
      <Pager page={slice.page} pageCount={slice.pageCount} label="Blog pages" />
    </div>
  );
}
