import type { Image } from "~/content/schemas";
import { variantSrcset } from "~/lib/image-variants";

export interface ResponsiveImageProps {
  /** An image as content gives it: the manifest entry (src, width, height, WebP srcset, fallback format) and its alt. */
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
  const fallbackSrcset = image.fallback ? variantSrcset(image.srcset, image.fallback) : image.srcset;
  const img = (
    <img
      src={image.src}
      srcSet={fallbackSrcset || undefined}
      sizes={fallbackSrcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
      className={className}
    />
  );
  if (!image.fallback || !image.srcset) return img;
  return (
    // display: contents, so the classes, sizing and positioning of the <img> work as without the wrapper.
    <picture className="contents">
      <source type="image/avif" srcSet={variantSrcset(image.srcset, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={image.srcset} sizes={sizes} />
      {img}
    </picture>
  );
}
