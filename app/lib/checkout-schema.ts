import { z } from "zod";

/** The body of `POST /api/checkout`: only the token's id. Price and quantity always come from content. */
export const CheckoutRequestSchema = z.object({
  token: z.string().regex(/^\d{1,6}$/, "token must be a sponsor token id"),
});

export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
