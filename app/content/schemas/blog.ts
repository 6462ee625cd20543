import { z } from "zod";
import { dateParts, editor, id, isoDate, slug, text, uniqueIds, withAlt, type CollectionContext } from "./fields";

/** The blog: categories, tags, comments and one post (blog/). */
export function blogSchemas({ image, markdown }: CollectionContext) {
  const categories = z
    .strictObject({
      categories: z
        .array(z.strictObject({ id: slug, name: text }))
        .min(1)
        .superRefine(uniqueIds("categories")),
    })
    .transform((f) => f.categories);

  const tags = z
    .strictObject({
      tags: z
        .array(z.strictObject({ id: slug, name: text }))
        .min(1)
        .superRefine(uniqueIds("tags")),
    })
    .transform((f) => f.tags);

  const comments = z
    .strictObject({
      replyButtonText: text,
      comments: z
        .array(z.strictObject({ id, name: text, designation: text, image: image.optional(), text }))
        .min(1)
        .superRefine(uniqueIds("comments")),
    })
    .transform((f) =>
      f.comments.map((c) => ({
        ...c,
        image: c.image && withAlt(c.image, `Photo of ${c.name}`),
        replyButtonText: f.replyButtonText,
      })),
    );

  const post = z
    .strictObject({
      id,
      title: text,
      date: isoDate,
      author: text,
      image,
      /** A category id from blog/categories.yaml. */
      category: slug.meta(editor({ ref: "categories" })),
      /** Tag ids from blog/tags.yaml. */
      tags: z.array(slug.meta(editor({ ref: "tags" }))),
      excerpt: text,
      body: text,
    })
    .transform(({ body, ...p }) => {
      const rendered = markdown(body);
      return {
        ...p,
        image: withAlt(p.image, p.title),
        dateText: dateParts(p.date).dateText,
        bodyHtml: rendered.html,
        /** The body as plain text, for the blog's search. */
        bodyText: rendered.text,
      };
    });
  return { categories, tags, comments, post };
}
