import { data } from "react-router";
import { ComingNote } from "~/components/layout/coming-soon-note";
import { PageBanner } from "~/components/layout/page-banner";
import { getPost } from "~/content/content.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/blog-single";

export async function loader({ params }: Route.LoaderArgs) {
  const post = getPost(Number(params.id));
  if (!post) throw data(null, { status: 404, statusText: "Not Found" });
  return { post: { id: post.id, title: post.title, excerpt: post.excerpt } };
}

export const meta = ({ loaderData }: Route.MetaArgs) =>
  pageMeta({
    title: loaderData?.post.title ?? "Blog",
    description: loaderData?.post.excerpt ?? "",
    path: `/blog-single/${loaderData?.post.id}`,
    type: "article",
  });

export default function BlogSingle({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title={loaderData.post.title} trail={[{ label: "Blog", href: "/blog-grid" }]} />
      <ComingNote what="This post" />
    </>
  );
}
