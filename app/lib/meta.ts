import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "TNCC";
export const SITE_URL = (import.meta.env.VITE_SITE_URL ?? "https://tncc.example.org").replace(/\/$/, "");
const DEFAULT_IMAGE = "/images/og/og-default.jpg";

export interface PageMetaInput {
  /** Page name; omitted on the home page, whose title is just "TNCC". */
  title?: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "article";
}

/** Title, description, canonical link and Open Graph / Twitter tags for one page. */
export function pageMeta({ title, description, path, image, type = "website" }: PageMetaInput): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  const url = `${SITE_URL}${path === "/" ? "" : path}` || SITE_URL;
  const imageUrl = `${SITE_URL}${image ?? DEFAULT_IMAGE}`;
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
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
