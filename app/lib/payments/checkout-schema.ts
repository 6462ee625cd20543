import { z } from "zod";

/** A sponsor token's id, as content numbers them (also what a paid session's metadata may name). */
export const TOKEN_ID_PATTERN = /^\d{1,6}$/;

/** The body of `POST /api/checkout`: only the token's id. Price and quantity always come from content. */
export const CheckoutRequestSchema = z.object({
  token: z.string().regex(TOKEN_ID_PATTERN, "token must be a sponsor token id"),
});

export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>;
