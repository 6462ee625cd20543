import { BlogList } from "~/components/blog/blog-list";
import { BlogSidebar } from "~/components/blog/blog-sidebar";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/seo/meta";
import { blogSidebarView } from "~/content/views.server";
import type { Route } from "./+types/blog-sidebar";

/** Posts per page (spec section 9). */
export const PER_PAGE = 4;

export async function loader() {
  return blogSidebarView();
}

export const meta = () =>
  pageMeta({
    title: "Blog",
    description: "Stories, teaching and news from the TNCC conference family.",
    path: "/blog-sidebar",
  });

/** The blog as a list of 4 per page with a sidebar: search, categories, tags and the latest posts. */
export default function BlogSidebarPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Blog" />
      <section className="section">
        <div className="container-page grid gap-12 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <BlogList
            posts={loaderData.posts}
            perPage={PER_PAGE}
            gridClassName="grid gap-8 sm:grid-cols-2"
            sizes="(min-width: 1024px) 30vw, (min-width: 640px) 45vw, 90vw"
          />
          <BlogSidebar listPath="/blog-sidebar" {...loaderData} />
        </div>
      </section>
    </>
  );
}
