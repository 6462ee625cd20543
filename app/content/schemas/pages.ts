import { z } from "zod";
import {
  APP_STORES,
  dateParts,
  href,
  icon,
  id,
  isoDate,
  text,
  uniqueIds,
  webUrl,
  type CollectionContext,
} from "./fields";

/** Copy of /about-us, /coming-soon and the home variants /home-2 to /home-5 (pages.yaml); the terms (terms.md). */
export function pagesSchemas({ markdown }: CollectionContext) {
  // Copy of /about-us, /coming-soon and the home variants /home-2 to /home-5 (pages.yaml).
  const button = z.strictObject({ text, href });
  const callToAction = z.strictObject({ eyebrow: text, title: text, text, button });
  const featureBlocks = z
    .array(z.strictObject({ id, title: text, icon, text }))
    .length(4, "must have exactly 4 feature blocks")
    .superRefine(uniqueIds("features"));
  const pages = z.strictObject({
    aboutPage: z.strictObject({ eyebrow: text, title: text, paragraphs: z.array(text).min(1), callToAction }),
    comingSoon: z.strictObject({ title: text, text }),
    conference: z.strictObject({
      banner: z.strictObject({ eyebrow: text, title: text, button }),
      features: featureBlocks,
      appDownload: z.strictObject({
        eyebrow: text,
        title: text,
        text,
        links: z.array(z.strictObject({ store: z.enum(APP_STORES), url: webUrl })).min(1),
      }),
      callToAction,
    }),
    home4: z.strictObject({ eyebrow: text, title: text, hostedBy: text }),
    meetup: z.strictObject({
      eyebrow: text,
      about: z.strictObject({ eyebrow: text, title: text, text, where: text, when: text }),
      features: featureBlocks,
      fluid: callToAction,
    }),
  });
  /** The terms and conditions of a ticket (/terms, linked from the purchase form's checkbox): terms.md. */
  const terms = z
    .strictObject({
      title: text,
      /** When the terms last changed: the page says it. */
      updated: isoDate,
      body: text,
    })
    .transform(({ body, ...t }) => {
      const rendered = markdown(body);
      return { ...t, updatedText: dateParts(t.updated).dateText, html: rendered.html, summary: rendered.summary };
    });
  return { pages, terms };
}
