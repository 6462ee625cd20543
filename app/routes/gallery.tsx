import { GalleryGrid } from "~/components/gallery/gallery-grid";
import { PageBanner } from "~/components/layout/page-banner";
import { Pager } from "~/components/ui/pager";
import { pageMeta } from "~/lib/seo/meta";
import { paginate } from "~/lib/pagination";
import { useSearchParam } from "~/lib/hooks/use-search-param";
import { pageView } from "~/content/preview.server";
import type { Route } from "./+types/gallery";

/** Pictures per page (spec section 9). */
export const PER_PAGE = 9;

export async function loader() {
  return pageView("gallery");
}

export const meta = () =>
  pageMeta({
    title: "Gallery",
    description: "Pictures from TNCC conferences: worship, teaching, fellowship and the Nets of Prayer.",
    path: "/gallery",
  });

/** All pictures, 9 a page (`?page=`); each opens the lightbox, which pages through the whole gallery. */
export default function Gallery({ loaderData: { images } }: Route.ComponentProps) {
  const slice = paginate(images, useSearchParam("page"), PER_PAGE);
  return (
    <>
      <PageBanner title="Gallery" />
      <section className="section" aria-label={`Pictures, page ${slice.page} of ${slice.pageCount}`}>
        <div className="container-page">
          <GalleryGrid
            all={images}
            shown={slice.items}
            galleryId="gallery"
            eagerCount={3}
            gridClassName="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3"
            sizes="(min-width: 1200px) 370px, (min-width: 1024px) calc((100vw - 88px) / 3), (min-width: 640px) calc((100vw - 64px) / 2), calc((100vw - 56px) / 2)"
          />
          <Pager page={slice.page} pageCount={slice.pageCount} label="Gallery pages" />
        </div>
      </section>
    </>
  );
}
