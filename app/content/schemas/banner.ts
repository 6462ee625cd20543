import { z } from "zod";
import { href, id, text, uniqueIds, withAlt, type CollectionContext } from "./fields";

/** The home banner's slides (banner.yaml). */
export function bannerSchemas({ image }: CollectionContext) {
  const bannerSlide = z
    .strictObject({
      id,
      image,
      alt: text,
      subTitle: text,
      title1: text,
      title2: text,
      lines: z.array(text).min(1).max(3),
      button: z.strictObject({ text, href }),
    })
    .transform(({ alt, ...s }) => ({ ...s, image: withAlt(s.image, alt) }));
  const banner = z
    .strictObject({ slides: z.array(bannerSlide).min(1).superRefine(uniqueIds("slides")) })
    .transform((f) => f.slides);
  return { banner };
}
