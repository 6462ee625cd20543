import type { Image } from "~/content/schemas";

export interface ResponsiveImageProps {
  /** An image as content gives it: the manifest entry (src, width, height, AVIF/WebP/fallback srcsets) and its alt. */
  image: Image;
  /** Rendered width at each breakpoint, so the browser picks the right variant (e.g. "100vw"). */
  sizes: string;
  /** Overrides the content's alt, e.g. "" where the same link has a text name next to the image. */
  alt?: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  decoding?: "async" | "sync" | "auto";
  /** Classes of the `<img>` (the `<picture>` around it generates no box, so they apply as before). */
  className?: string;
}

/**
 * Every content picture: width and height reserve its box before it loads (no layout shift); a `<picture>`
 * offers AVIF, then WebP, then JPEG (PNG for transparent sources), and sizes lets the browser take the
 * smallest variant that fills the box. Lazy and asynchronously decoded unless told otherwise: the page's
 * largest picture passes loading="eager" and fetchPriority="high".
 */
export function ResponsiveImage({
  image,
  sizes,
  alt,
  loading = "lazy",
  fetchPriority,
  decoding = "async",
  className,
}: ResponsiveImageProps) {
  const img = (
    <img
      src={image.src}
      srcSet={(image.fallbackSrcset ?? image.srcset) || undefined}
      sizes={(image.fallbackSrcset ?? image.srcset) ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
      className={className}
    />
  );
  if (!image.avifSrcset && !image.fallbackSrcset) return img;
  return (
    // display: contents, so the classes, sizing and positioning of the <img> work as without the wrapper.
    <picture className="contents">
      {image.avifSrcset ? <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} /> : null}
      {image.srcset ? <source type="image/webp" srcSet={image.srcset} sizes={sizes} /> : null}
      {img}
    </picture>
  );
}
