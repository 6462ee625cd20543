import { EMAIL_FIELD, NAME_FIELD, PHONE_FIELD, type FormDefinition } from "./definition";

/** The contact page's form: name, phone number, e-mail, subject, message, all required. */
export const contact = {
  kind: "contact",
  success: "Message Sent!",
  inboxLabel: "Contact",
  mailLabel: "Contact form",
  fields: [
    NAME_FIELD,
    PHONE_FIELD,
    EMAIL_FIELD,
    { name: "subject", label: "Subject", noun: "the subject", max: 200 },
    { name: "message", label: "Message", noun: "your message", type: "textarea", max: 4000, wide: true },
  ],
} as const satisfies FormDefinition;
