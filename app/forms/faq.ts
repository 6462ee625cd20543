import type { FormDefinition } from "./definition";

/** The FAQ page's question form: name, e-mail, subject, question detail. */
export const faq = {
  kind: "faq",
  success: "Thanks for your Message!",
  inboxLabel: "FAQ questions",
  mailLabel: "FAQ question",
  fields: [
    { name: "name", label: "Name", noun: "your name", autoComplete: "name", max: 100 },
    {
      name: "email",
      label: "E-mail",
      noun: "your e-mail address",
      type: "email",
      autoComplete: "email",
      check: "email",
    },
    { name: "subject", label: "Subject", noun: "the subject", max: 200, wide: true },
    { name: "question", label: "Question detail", noun: "your question", type: "textarea", max: 4000, wide: true },
  ],
} as const satisfies FormDefinition;
