import { EMAIL_FIELD, type FormDefinition } from "./definition";

/** The coming-soon page's one e-mail field. */
export const comingSoon = {
  kind: "comingSoon",
  success: "Thanks for your Email",
  inboxLabel: "Coming soon",
  mailLabel: "Coming-soon notification",
  fields: [EMAIL_FIELD],
} as const satisfies FormDefinition;
