import { BlogList } from "~/components/blog/blog-list";
import { PageBanner } from "~/components/layout/page-banner";
import { pageMeta } from "~/lib/seo/meta";
import { blogGridView } from "~/content/views.server";
import type { Route } from "./+types/blog-grid";

/** Posts per page (spec section 9). */
export const PER_PAGE = 6;

export async function loader() {
  return blogGridView();
}

export const meta = () =>
  pageMeta({
    title: "Blog",
    description: "Stories, teaching and news from the TNCC conference family.",
    path: "/blog-grid",
  });

/** The blog as a grid of 6 per page. */
export default function BlogGridPage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageBanner title="Blog" />
      <section className="section">
        <div className="container-page">
          <BlogList
            posts={loaderData.posts}
            perPage={PER_PAGE}
            gridClassName="grid gap-8 sm:grid-cols-2 lg:grid-cols-3"
            sizes="(min-width: 1200px) 370px, (min-width: 640px) 45vw, 90vw"
          />
        </div>
      </section>
    </>
  );
}
