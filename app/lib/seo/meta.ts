import type { MetaDescriptor } from "react-router";
import { SHARE_IMAGE } from "./share-image";

export { shareImagePath } from "./share-image";

export const SITE_NAME = "TNCC";
// `env` is Vite's: absent where the server computes a page's data for the editor's preview (plain Node).
export const SITE_URL = (import.meta.env?.VITE_SITE_URL ?? "https://tncc.example.org").replace(/\/$/, "");
const DEFAULT_IMAGE = "/images/og/og-default.jpg";

export interface PageMetaInput {
  /** Page name; omitted on the home page, whose title is just "TNCC". */
  title?: string;
  description: string;
  path: string;
  /** A share picture (shareImagePath), 1200×630, with what it shows in words. */
  share?: { path: string; alt: string };
  /** Another picture (its size unknown to the page). */
  image?: string;
  type?: "website" | "article";
}

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function pageMeta({
  title,
  description,
  path,
  share,
  image,
  type = "website",
}: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  const url = `${SITE_URL}${path === "/" ? "" : path}` || SITE_URL;
  const imageUrl = `${SITE_URL}${share?.path ?? image ?? DEFAULT_IMAGE}`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    ...(share
      ? [
          { property: "og:image:width", content: String(SHARE_IMAGE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE.height) },
          { property: "og:image:alt", content: share.alt },
          { name: "twitter:image:alt", content: share.alt },
        ]
      : []),
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
