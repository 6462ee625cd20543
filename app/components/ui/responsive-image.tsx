import type { Image } from "~/content/schemas";

export interface ResponsiveImageProps {
  /** An image as content gives it: the manifest entry (src, srcset of WebP variants, width, height) and its alt. */
  image: Image;
  /** Rendered width at each breakpoint, so the browser picks the right variant (e.g. "100vw"). */
  sizes: string;
  /** Overrides the content's alt, e.g. "" where the same link has a text name next to the image. */
  alt?: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high" | "low" | "auto";
  decoding?: "async" | "sync" | "auto";
  className?: string;
}

/**
 * Every content picture: width and height reserve its box before it loads (no layout shift), srcset and
 * sizes send the smallest WebP variant that fills it. Lazy and asynchronously decoded unless told otherwise:
 * the page's largest picture passes loading="eager" and fetchPriority="high".
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
  return (
    <img
      src={image.src}
      srcSet={image.srcset || undefined}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={alt ?? image.alt}
      loading={loading}
      fetchPriority={fetchPriority}
      decoding={decoding}
      className={className}
    />
  );
}
