import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link, useSearchParams } from "react-router";
import { prefersReducedMotion } from "~/lib/motion";
import { pagerItems } from "~/lib/pagination";

/** Milliseconds between a page change and the scroll to the top (spec section 4). */
export const SCROLL_TOP_DELAY = 200;

interface Props {
  page: number;
  pageCount: number;
  /** Names the navigation landmark, e.g. "Gallery pages". */
  label: string;
}

/**
 * Page links for a paged list: `?page=N` in the URL (other query parameters are kept), the current page
 * marked with aria-current, previous/next, and a scroll to the top 200 ms after the page changes.
 */
export function Pager({ page, pageCount, label }: Props) {
  const [params] = useSearchParams();
  useScrollTopOnChange(page);
  if (pageCount <= 1) return null;

  const to = (target: number) => {
    const next = new URLSearchParams(params);
    if (target === 1) next.delete("page");
    else next.set("page", String(target));
    const search = next.toString();
    return { search: search ? `?${search}` : "" };
  };
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-full px-3 font-semibold";
  const link = `${item} border border-night/15 text-night hover:border-rose hover:text-rose`;

  return (
    <nav aria-label={label} className="mt-10">
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          {page > 1 ? (
            <Link to={to(page - 1)} preventScrollReset className={link} rel="prev">
              <ChevronLeft aria-hidden className="size-4 rtl:-scale-x-100" />
              <span className="sr-only">Previous page</span>
            </Link>
          ) : null}
        </li>
        {pagerItems(page, pageCount).map((p, i) =>
          p === "gap" ? (
            <li key={`gap-${i}`} aria-hidden className={item}>
              …
            </li>
          ) : (
            <li key={p}>
              {p === page ? (
                <span aria-current="page" className={`${item} bg-night text-paper`}>
                  <span className="sr-only">Page </span>
                  {p}
                </span>
              ) : (
                <Link to={to(p)} preventScrollReset className={link}>
                  <span className="sr-only">Page </span>
                  {p}
                </Link>
              )}
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link to={to(page + 1)} preventScrollReset className={link} rel="next">
              <ChevronRight aria-hidden className="size-4 rtl:-scale-x-100" />
              <span className="sr-only">Next page</span>
            </Link>
          ) : null}
        </li>
      </ul>
    </nav>
  );
}

function useScrollTopOnChange(page: number) {
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    const timer = window.setTimeout(() => {
      window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? "instant" : "smooth" });
    }, SCROLL_TOP_DELAY);
    return () => window.clearTimeout(timer);
  }, [page]);
}
