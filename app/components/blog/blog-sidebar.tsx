import { Form, Link } from "react-router";
import type { Category, Post, Tag } from "~/content/schemas";
import { useSearchParam } from "~/lib/hooks/use-search-param";
import { pageUrl } from "~/lib/urls";

export interface SidebarProps {
  /** The list page the search and the filters apply to. */
  listPath: string;
  categories: Pick<Category, "id" | "name" | "count">[];
  tags: Pick<Tag, "id" | "name">[];
  latest: Pick<Post, "id" | "title" | "dateText">[];
}

const heading = "font-serif text-xl font-semibold";

/** Search, categories with their post counts, tags and the latest posts. */
export function BlogSidebar({ listPath, categories, tags, latest }: SidebarProps) {
  const q = useSearchParam("q") ?? "";
  return (
    <aside aria-label="Blog" className="space-y-10">
      {/* A GET form: the query belongs in the URL, so a search can be shared and survives reload. */}
      <Form role="search" method="get" action={listPath} className="rounded-[var(--radius-card)] bg-mist p-6">
        <label htmlFor="blog-search" className={heading}>
          Search the blog
        </label>
        <div className="mt-3 flex gap-2">
          <input
            key={q}
            id="blog-search"
            name="q"
            type="search"
            required
            defaultValue={q}
            className="min-h-11 min-w-0 flex-1 rounded-full border border-night/20 bg-paper px-4"
          />
          <button type="submit" className="btn btn-primary">
            Search
          </button>
        </div>
      </Form>
      <section aria-labelledby="blog-categories">
        <h2 id="blog-categories" className={heading}>
          Categories
        </h2>
        <ul className="mt-3 divide-y divide-night/10">
          {categories.map((c) => (
            <li key={c.id}>
              <Link to={`${listPath}?category=${c.id}`} className="flex justify-between py-2 hover:text-rose">
                <span>{c.name}</span>
                <span aria-hidden="true" className="text-muted">
                  ({c.count})
                </span>
                <span className="sr-only">{`, ${c.count} ${c.count === 1 ? "post" : "posts"}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="blog-tags">
        <h2 id="blog-tags" className={heading}>
          Tags
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {tags.map((t) => (
            <li key={t.id}>
              <Link
                to={`${listPath}?tag=${t.id}`}
                className="inline-flex min-h-9 items-center rounded-full bg-mist px-4 text-sm hover:bg-gold"
              >
                {t.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="blog-latest">
        <h2 id="blog-latest" className={heading}>
          Latest posts
        </h2>
        <ul className="mt-3 space-y-3">
          {latest.map((p) => (
            <li key={p.id}>
              <Link to={pageUrl.post(p.id)} className="font-semibold hover:text-rose">
                {p.title}
              </Link>
              <p className="text-sm text-muted">{p.dateText}</p>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
