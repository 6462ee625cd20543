import type { FormDefinition } from "./definition";

/** The contact page's form: name, phone number, e-mail, subject, message, all required. */
export const contact = {
  kind: "contact",
  success: "Message Sent!",
  inboxLabel: "Contact",
  mailLabel: "Contact form",
  fields: [
    { name: "name", label: "Name", noun: "your name", autoComplete: "name", max: 100 },
    {
      name: "phone",
      label: "Phone number",
      noun: "your phone number",
      type: "tel",
      autoComplete: "tel",
      check: "phone",
    },
    {
      name: "email",
      label: "E-mail",
      noun: "your e-mail address",
      type: "email",
      autoComplete: "email",
      check: "email",
    },
    { name: "subject", label: "Subject", noun: "the subject", max: 200 },
    { name: "message", label: "Message", noun: "your message", type: "textarea", max: 4000, wide: true },
  ],
} as const satisfies FormDefinition;
