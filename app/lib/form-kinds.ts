/**
 * The site's forms and their success messages (spec section 7). Pure data, shared by the browser
 * (toasts) and the server (`POST /api/forms/:kind`, the answer to a form sent before hydration or
 * without JavaScript).
 */
export const FORM_MESSAGES = {
  newsletter: "Subscribed Successfully!",
  newsletterTemplate: "Thanks for Subscription!",
  faq: "Thanks for your Message!",
  comingSoon: "Thanks for your Email",
  ticket: "Purchase Request Submitted!",
  comment: "Thanks for your Comment!",
  contact: "Message Sent!",
} as const;

export type FormKind = keyof typeof FORM_MESSAGES;

export function isFormKind(value: string): value is FormKind {
  return Object.hasOwn(FORM_MESSAGES, value);
}

/** The id of the element that shows a form's success message without JavaScript (`:target`). */
export function sentId(kind: FormKind): string {
  return `sent-${kind}`;
}
