import { z } from "zod";
import {
  animation,
  contactPerson,
  delay,
  href,
  icon,
  id,
  slug,
  text,
  uniqueIds,
  webUrl,
  withAlt,
  type CollectionContext,
} from "./fields";

/** The small collections the sections show (features.yaml, fun-facts.yaml, ... faqs.yaml). */
export function sectionsSchemas({ image }: CollectionContext) {
  const feature = z.strictObject({ id, title: text, icon, text, animation, delay });
  const features = z
    .strictObject({ features: z.array(feature).min(1).superRefine(uniqueIds("features")) })
    .transform((f) => f.features);

  const funFact = z.strictObject({
    id,
    icon,
    end: z.int().positive(),
    title: text,
    animation,
    delay,
  });
  const funFacts = z.strictObject({
    /** How long each counter runs, in ms. */
    durationMs: z.int().positive(),
    facts: z.array(funFact).min(1).superRefine(uniqueIds("facts")),
  });

  const sponsorTokens = z
    .strictObject({
      title: text,
      icon,
      currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"'),
      features: z.array(text).min(1),
      buttonText: text,
      tokens: z
        .array(
          z.strictObject({
            id,
            cost: z.number().positive(),
            plan: z.strictObject({
              price: z.string().regex(/^price_\w+$/, "must be a payment-provider price id (price_...)"),
              quantity: z.int().positive(),
            }),
            /** A payment-provider Payment Link: the BUY button goes there directly (static hosting, no server). */
            paymentLink: z.url({ protocol: /^https$/ }).optional(),
          }),
        )
        .min(1)
        .superRefine(uniqueIds("tokens")),
    })
    .transform(({ tokens, ...shared }) => tokens.map((t) => ({ ...shared, ...t })));

  const ticketPlans = z.strictObject({
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"'),
    plans: z
      .array(
        z.strictObject({
          id: slug,
          title: text,
          price: z.number().positive(),
          tickets: z.int().positive(),
          features: z.array(text).min(1),
          buttonText: text,
          href,
        }),
      )
      .min(1)
      .superRefine(uniqueIds("plans")),
    dayPass: z.strictObject({ title: text, price: z.number().positive() }),
  });

  const eventInfo = z
    .strictObject({
      tabs: z
        .array(z.strictObject({ id: slug, title: text, icon, text, contact: contactPerson }))
        .min(1)
        .superRefine(uniqueIds("tabs")),
    })
    .transform((f) => f.tabs);

  const testimonials = z
    .strictObject({
      testimonials: z
        .array(z.strictObject({ id, text, name: text, role: text, stars: z.int().min(1).max(5) }))
        .min(1)
        .superRefine(uniqueIds("testimonials")),
    })
    .transform((f) => f.testimonials);

  const clients = z
    .strictObject({
      clients: z
        .array(
          z
            .strictObject({ id, name: text, image, url: webUrl.optional() })
            .transform((c) => ({ ...c, image: withAlt(c.image, c.name) })),
        )
        .min(1)
        .superRefine(uniqueIds("clients")),
    })
    .transform((f) => f.clients);

  const gallery = z
    .strictObject({
      gallery: z
        .array(
          z
            .strictObject({ id, image, alt: text, caption: text })
            .transform(({ alt, ...g }) => ({ ...g, image: withAlt(g.image, alt) })),
        )
        .min(1)
        .superRefine(uniqueIds("gallery")),
    })
    .transform((f) => f.gallery);

  const faqs = z
    .strictObject({
      faqs: z
        .array(
          z.strictObject({
            id,
            column: z.union([z.literal(1), z.literal(2)]),
            question: text,
            answer: text,
            open: z.boolean(),
          }),
        )
        .min(1)
        .superRefine(uniqueIds("faqs")),
    })
    .transform((f) => f.faqs);
  return { features, funFacts, sponsorTokens, ticketPlans, eventInfo, testimonials, clients, gallery, faqs };
}
