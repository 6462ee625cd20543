import { EMAIL_FIELD, type FormDefinition } from "./definition";

/** The landing variant's footer box (spec section 7). */
export const newsletter = {
  kind: "newsletter",
  success: "Subscribed Successfully!",
  newsletter: true,
  fields: [EMAIL_FIELD],
} as const satisfies FormDefinition;

/** The conference template's newsletter section (spec section 7). */
export const newsletterTemplate = {
  ...newsletter,
  kind: "newsletterTemplate",
  success: "Thanks for Subscription!",
} as const satisfies FormDefinition;
