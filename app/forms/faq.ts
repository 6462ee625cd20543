import { EMAIL_FIELD, NAME_FIELD, type FormDefinition } from "./definition";

/** The FAQ page's question form: name, e-mail, subject, question detail. */
export const faq = {
  kind: "faq",
  success: "Thanks for your Message!",
  inboxLabel: "FAQ questions",
  mailLabel: "FAQ question",
  fields: [
    NAME_FIELD,
    EMAIL_FIELD,
    { name: "subject", label: "Subject", noun: "the subject", max: 200, wide: true },
    { name: "question", label: "Question detail", noun: "your question", type: "textarea", max: 4000, wide: true },
  ],
} as const satisfies FormDefinition;
