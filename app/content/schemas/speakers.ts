import { z } from "zod";
import { DESIGNATIONS, id, social, text, withAlt, type CollectionContext } from "./fields";

/** One speaker (speakers/NN-name.md). */
export function speakersSchemas({ image, markdown }: CollectionContext) {
  const speaker = z
    .strictObject({
      id,
      name: text,
      designation: z.enum(DESIGNATIONS),
      photo: image,
      social: z.array(social).default([]),
      body: text,
    })
    .transform(({ body, ...s }) => {
      const bio = markdown(body);
      return {
        ...s,
        photo: withAlt(s.photo, `Portrait of ${s.name}`),
        bioHtml: bio.html,
        /** First paragraph of the bio as plain text (meta descriptions, cards). */
        bioSummary: bio.summary,
      };
    });
  return { speaker };
}
