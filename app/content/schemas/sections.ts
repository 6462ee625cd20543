import { z } from "zod";
import { PAYMENT_METHODS } from "../../lib/payments/methods";
import {
  animation,
  contactPerson,
  delay,
  href,
  icon,
  id,
  isoDate,
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

  /** What the box office sells of a plan (issue 42): the stock itself is in the database, never here. */
  const sales = {
    /** How many people it admits in all (a Family ticket counts its five). */
    capacity: z.int().positive().describe("How many people this plan admits in all (a Family ticket counts 5)."),
    /** The most units one order may buy. */
    maxPerOrder: z.int().positive().describe("The most of this plan one order may buy."),
    /** Sales open and close on these days (the event's time zone), when given. */
    salesOpen: isoDate.optional(),
    salesClose: isoDate.optional(),
    /**
     * How it may be paid (issue 53): "card" (the card provider's checkout, when configured) and "later" (bank
     * transfer, cash or cheque). Without the card provider, "later" is what a paid plan offers.
     */
    payments: z
      .array(z.enum(PAYMENT_METHODS))
      .min(1)
      .optional()
      .describe('How this plan may be paid: "card", "later" (bank transfer, cash, cheque); both when left out.'),
  };
  const salesWindow = (p: { salesOpen?: string; salesClose?: string }, ctx: z.RefinementCtx) => {
    if (p.salesOpen && p.salesClose && p.salesClose < p.salesOpen)
      ctx.addIssue({ code: "custom", path: ["salesClose"], message: `must not be before salesOpen (${p.salesOpen})` });
  };
  const ticketPlans = z.strictObject({
    /** The event the tickets admit to: signed into each ticket, so a door tells this event's tickets apart. */
    event: slug.describe("The event's short name, signed into each ticket (e.g. tncc-2024)."),
    currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter currency code like "USD"'),
    plans: z
      .array(
        z
          .strictObject({
            id: slug,
            title: text,
            /** 0: a free registration. */
            price: z.number().min(0).describe("0 makes it a free registration."),
            tickets: z.int().positive(),
            features: z.array(text).min(1),
            buttonText: text,
            href,
            ...sales,
          })
          .superRefine(salesWindow),
      )
      .min(1)
      .superRefine(uniqueIds("plans")),
    dayPass: z.strictObject({ title: text, price: z.number().min(0), ...sales }).superRefine(salesWindow),
    /** Paying later (issue 53): the seats are kept `pendingOrderDays` (PENDING_ORDER_DAYS) for the money to arrive. */
    payLater: z
      .strictObject({
        pendingOrderDays: z
          .int()
          .min(1)
          .max(60)
          .default(7)
          .describe("How many days an order paid later keeps its seats (then one reminder, then released)."),
        graceDays: z.int().min(1).max(30).default(2).describe("Days between the reminder and the release."),
        instructions: z.string().trim().min(1).describe("How to pay: bank details, where to bring cash or a cheque."),
      })
      .optional(),
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
