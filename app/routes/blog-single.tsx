import { CalendarDays, Folder, MessageCircle, UserRound } from "lucide-react";
import { data, Link } from "react-router";
import { CommentForm } from "~/components/blog/comment-form";
import { CommentList } from "~/components/blog/comment-list";
import { commentsText } from "~/components/blog/post-card";
import { PageBanner } from "~/components/layout/page-banner";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { pageMeta, shareImagePath } from "~/lib/seo/meta";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/blog-single";
import { pageUrl } from "~/lib/urls";

export async function loader({ params }: Route.LoaderArgs) {
  const view = pageView("blog-single", params);
  if (!view) throw data(null, { status: 404, statusText: "Not Found" });
  return view;
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title: loaderData?.post.title ?? "Blog",
    description: loaderData?.post.excerpt ?? "",
    path: pageUrl.post(loaderData?.post.id),
    share: loaderData && {
      path: shareImagePath("post", loaderData.post.id),
      alt: `${loaderData.post.title}: a post of the TNCC blog`,
    },
    type: "article",
  });

/** One post: picture, author, date, category, tags, text, newer and older posts, comments and the comment form. */
export default function BlogSingle({ loaderData: { post, newer, older, comments } }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title={post.title} trail={[{ label: "Blog", href: "/blog-sidebar" }]} />
      <article className="section">
        <div className="container-page max-w-3xl">
          <ResponsiveImage
            image={post.image}
            sizes="(min-width: 800px) 768px, 100vw"
            loading="eager"
            fetchPriority="high"
            className="w-full rounded-[var(--radius-card)] object-cover shadow-soft"
          />
          <ul className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted">
            <li className="flex items-center gap-1.5">
              <UserRound aria-hidden="true" className="size-4" /> {post.author}
            </li>
            <li className="flex items-center gap-1.5">
              <CalendarDays aria-hidden="true" className="size-4" /> <time dateTime={post.date}>{post.dateText}</time>
            </li>
            <li className="flex items-center gap-1.5">
              <Folder aria-hidden="true" className="size-4" />
              <Link to={`/blog-sidebar?category=${post.category.id}`} className="hover:text-rose">
                {post.category.name}
              </Link>
            </li>
            <li className="flex items-center gap-1.5">
              <MessageCircle aria-hidden="true" className="size-4" /> {commentsText(post.comments)}
            </li>
          </ul>
          <h2 className="mt-4 text-3xl font-semibold">{post.title}</h2>
          <div className="prose-content mt-6 text-lg" dangerouslySetInnerHTML={{ __html: post.bodyHtml }} />
          <p className="mt-8 flex flex-wrap items-center gap-2">
            <span className="font-semibold">Tags:</span>
            {post.tags.map((t) => (
              <Link
                key={t.id}
                to={`/blog-sidebar?tag=${t.id}`}
                className="inline-flex min-h-9 items-center rounded-full bg-mist px-4 text-sm hover:bg-gold"
              >
                {t.name}
              </Link>
            ))}
          </p>
          <nav
            aria-label="More posts"
            className="mt-10 flex flex-wrap justify-between gap-4 border-y border-night/10 py-6"
          >
            {older ? (
              <Link to={pageUrl.post(older.id)} rel="prev" className="max-w-[45%] hover:text-rose">
                <span className="block text-sm text-muted">Older post</span>
                <span className="font-semibold">{older.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {newer && (
              <Link to={pageUrl.post(newer.id)} rel="next" className="max-w-[45%] text-end hover:text-rose">
                <span className="block text-sm text-muted">Newer post</span>
                <span className="font-semibold">{newer.title}</span>
              </Link>
            )}
          </nav>

          <CommentList postId={post.id} comments={comments} />
          <CommentForm postId={post.id} />
        </div>
      </article>
    </>
  );
}
