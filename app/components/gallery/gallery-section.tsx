import { Link } from "react-router";
import { SectionTitle } from "../ui/section-title";
import { GalleryGrid, type GalleryImage } from "./gallery-grid";

/** The home variants' gallery: the first 6 pictures, opening the lightbox over all of them. */
export function GallerySection({ images, className = "bg-paper" }: { images: GalleryImage[]; className?: string }) {
  return (
    <section id="gallery" aria-labelledby="gallery-title" className={`section ${className}`}>
      <div className="container-page">
        <SectionTitle id="gallery-title" eyebrow="Gallery" title="Moments of grace" />
        <div className="mt-12">
          <GalleryGrid
            all={images}
            shown={images.slice(0, 6)}
            galleryId="home-gallery"
            gridClassName="grid grid-cols-2 gap-4 md:grid-cols-3"
            sizes="(min-width: 1200px) 375px, (min-width: 768px) calc((100vw - 72px) / 3), calc((100vw - 56px) / 2)"
          />
        </div>
        <p className="mt-10 text-center">
          <Link to="/gallery" className="btn btn-outline">
            See all pictures
          </Link>
        </p>
      </div>
    </section>
  );
}
