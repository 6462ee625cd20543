import { AutoCarousel } from "../sections/auto-carousel";
import { SectionTitle } from "../ui/section-title";
import { GalleryThumb, useLightbox, type GalleryImage } from "./gallery-grid";

/** Spec: 5 pictures visible (fewer on smaller screens), a new one every 5000 ms. */
const SLIDE_CLASS = "basis-full min-[481px]:basis-1/2 min-[769px]:basis-1/3 min-[1025px]:basis-1/5";

/** /home-3's gallery: every picture in an autoplaying carousel, each opening the lightbox. */
export function GalleryCarousel({ images }: { images: GalleryImage[] }) {
  const openImage = useLightbox(images, "home-gallery");
  return (
    <section id="gallery" aria-labelledby="gallery-title" className="section bg-paper">
      <div className="container-page">
        <SectionTitle id="gallery-title" eyebrow="Gallery" title="Moments of grace" />
        <div className="mt-12">
          <AutoCarousel
            label="Gallery pictures"
            slideClass={SLIDE_CLASS}
            delayMs={5000}
            slides={images.map((item) => ({
              key: item.id,
              content: (
                <GalleryThumb
                  item={item}
                  sizes="(min-width: 1025px) 20vw, (min-width: 769px) 33vw, 50vw"
                  onOpen={openImage}
                />
              ),
            }))}
          />
        </div>
      </div>
    </section>
  );
}
