/**
 * The derivatives of a content image share their names but for the extension
 * (`/_img/gallery/01-640.webp`, `…-640.avif`, `…-640.jpg`; see scripts/make-images.ts), so the manifest
 * carries one srcset (WebP) and the name of the fallback format, and the other srcsets are derived here.
 * This keeps the loader data inlined in every page small.
 */
export type VariantFormat = "avif" | "webp" | "jpg" | "png";

/** `"/_img/a-320.webp 320w, /_img/a-640.webp 640w"`, "avif" -> the same widths as AVIF. */
export function variantSrcset(webpSrcset: string, format: VariantFormat): string {
  return webpSrcset.replace(/\.webp(?= \d+w(?:,|$))/g, `.${format}`);
}
